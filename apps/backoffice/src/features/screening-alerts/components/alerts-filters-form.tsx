import { useTranslation } from 'react-i18next';
import {
  SCREENING_CATEGORIES,
  SCREENING_HIT_STATES,
  type ScreeningCategory,
  type ScreeningHitState,
} from '@kyc/contracts';
import { FilterForm, type FilterFormProps } from '../../../ui/filter-form.tsx';
import { SelectField } from '../../../ui/select-field.tsx';
import { TextField } from '../../../ui/text-field.tsx';
import type { AlertFilters } from '../api/alerts.ts';

/** State (default: still to resolve), list, category and "assigned to me". Applying puts them into the URL. */
export function AlertsFiltersForm({ initial, onApply }: FilterFormProps<AlertFilters>) {
  const { t } = useTranslation();
  const onSubmit = (text: (name: string) => string) => {
    const next: AlertFilters = {};
    const state = text('state');
    if (state) next.state = state as ScreeningHitState;
    const list = text('list').trim();
    if (list) next.list = list;
    const category = text('category');
    if (category) next.category = category as ScreeningCategory;
    if (text('assignee') === 'me') next.assignee = 'me';
    onApply(next);
  };
  return (
    <FilterForm
      label={t('screeningAlerts.filters.label')}
      applyLabel={t('screeningAlerts.filters.apply')}
      clearLabel={t('screeningAlerts.filters.clear')}
      onSubmit={onSubmit}
      onClear={() => onApply({})}
    >
      <SelectField
        name="state"
        label={t('screeningAlerts.filters.state')}
        defaultValue={initial.state ?? ''}
        options={[
          { value: '', label: t('screeningAlerts.filters.unresolved') },
          ...SCREENING_HIT_STATES.map((state) => ({
            value: state,
            label: t(`case.screening.hitStates.${state}`),
          })),
        ]}
      />
      <TextField
        name="list"
        label={t('screeningAlerts.filters.list')}
        hint={t('screeningAlerts.filters.listHint')}
        defaultValue={initial.list ?? ''}
        maxLength={200}
        autoComplete="off"
      />
      <SelectField
        name="category"
        label={t('screeningAlerts.filters.category')}
        defaultValue={initial.category ?? ''}
        options={[
          { value: '', label: t('screeningAlerts.filters.anyCategory') },
          ...SCREENING_CATEGORIES.map((category) => ({
            value: category,
            label: t(`case.screening.categories.${category}`),
          })),
        ]}
      />
      <SelectField
        name="assignee"
        label={t('screeningAlerts.filters.assignee')}
        defaultValue={initial.assignee ?? ''}
        options={[
          { value: '', label: t('screeningAlerts.filters.anyAssignee') },
          { value: 'me', label: t('screeningAlerts.filters.assignedToMe') },
        ]}
      />
    </FilterForm>
  );
}

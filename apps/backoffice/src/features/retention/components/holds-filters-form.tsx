import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FilterForm, type FilterFormProps } from '../../../ui/filter-form.tsx';
import { SelectField } from '../../../ui/select-field.tsx';
import { TextField } from '../../../ui/text-field.tsx';
import { HOLD_STATES, type HoldFilters } from '../api/holds.ts';

const ID_PATTERN = /^[1-9]\d{0,14}$/;

/** Active (default), lifted or all holds, of one person or everyone; applying puts them into the URL. */
export function HoldsFiltersForm({ initial, onApply }: FilterFormProps<HoldFilters>) {
  const { t } = useTranslation();
  const [idError, setIdError] = useState(false);
  const onSubmit = (text: (name: string) => string) => {
    const next: HoldFilters = {};
    const state = text('state');
    if (state === 'lifted' || state === 'all') next.state = state;
    const userId = text('userId');
    const bad = userId !== '' && !ID_PATTERN.test(userId);
    if (userId && !bad) next.userId = Number(userId);
    setIdError(bad);
    if (!bad) onApply(next);
  };
  return (
    <FilterForm
      label={t('retention.holds.filters.label')}
      applyLabel={t('retention.common.apply')}
      clearLabel={t('retention.common.clear')}
      onSubmit={onSubmit}
      onClear={() => onApply({})}
    >
      <SelectField
        name="state"
        label={t('retention.holds.filters.state')}
        defaultValue={initial.state ?? 'active'}
        options={HOLD_STATES.map((s) => ({ value: s, label: t(`retention.holds.states.${s}`) }))}
      />
      <TextField
        name="userId"
        label={t('retention.common.userId')}
        defaultValue={initial.userId ?? ''}
        inputMode="numeric"
        autoComplete="off"
        error={idError ? t('retention.common.idError') : undefined}
      />
    </FilterForm>
  );
}

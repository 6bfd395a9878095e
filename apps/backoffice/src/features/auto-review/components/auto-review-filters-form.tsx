import { useTranslation } from 'react-i18next';
import { FilterForm, type FilterFormProps } from '../../../ui/filter-form.tsx';
import { SelectField } from '../../../ui/select-field.tsx';
import { AUTO_REVIEW_STATES, type AutoReviewFilters } from '../api/auto-review.ts';

/** The queue's state (waiting by default); applying puts it into the URL. */
export function AutoReviewFiltersForm({ initial, onApply }: FilterFormProps<AutoReviewFilters>) {
  const { t } = useTranslation();
  const onSubmit = (text: (name: string) => string) => {
    const state = text('state');
    onApply(state === 'reviewed' || state === 'reversal_proposed' || state === 'reversed' ? { state } : {});
  };
  return (
    <FilterForm
      label={t('autoReview.filters.label')}
      applyLabel={t('autoReview.filters.apply')}
      clearLabel={t('autoReview.filters.clear')}
      onSubmit={onSubmit}
      onClear={() => onApply({})}
    >
      <SelectField
        name="state"
        label={t('autoReview.filters.state')}
        defaultValue={initial.state ?? 'waiting'}
        options={AUTO_REVIEW_STATES.map((s) => ({ value: s, label: t(`autoReview.states.${s}`) }))}
      />
    </FilterForm>
  );
}

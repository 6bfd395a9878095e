import { useTranslation } from 'react-i18next';
import { FilterForm, type FilterFormProps } from '../../../ui/filter-form.tsx';
import { SelectField } from '../../../ui/select-field.tsx';
import { TRANSFER_STAGES, type TransferFilters, type TransferStage } from '../api/identity-transfers.ts';

/** The stage of the transfers listed (in review when none is chosen, as the API answers). */
export function TransferFiltersForm({ initial, onApply }: FilterFormProps<TransferFilters>) {
  const { t } = useTranslation();
  const onSubmit = (text: (name: string) => string) => {
    const status = text('status');
    onApply(status && status !== 'in_review' ? { status: status as TransferStage } : {});
  };
  return (
    <FilterForm
      label={t('identityTransfers.queue.filters.label')}
      applyLabel={t('identityTransfers.queue.filters.apply')}
      clearLabel={t('identityTransfers.queue.filters.clear')}
      onSubmit={onSubmit}
      onClear={() => onApply({})}
    >
      <SelectField
        name="status"
        label={t('identityTransfers.queue.filters.stage')}
        defaultValue={initial.status ?? 'in_review'}
        options={TRANSFER_STAGES.map((stage) => ({
          value: stage,
          label: t(`identityTransfers.stages.${stage}`),
        }))}
      />
    </FilterForm>
  );
}

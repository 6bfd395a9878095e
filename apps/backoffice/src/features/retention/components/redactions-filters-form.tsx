import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FilterForm, type FilterFormProps } from '../../../ui/filter-form.tsx';
import { SelectField } from '../../../ui/select-field.tsx';
import { TextField } from '../../../ui/text-field.tsx';
import { isRedactionKind, REDACTION_KINDS, type RedactionFilters } from '../api/redactions.ts';
import { useRetentionLabels } from '../retention-labels.ts';

const ID_PATTERN = /^[1-9]\d{0,14}$/;

/** One person's records, or one kind's; applying puts them into the URL. */
export function RedactionsFiltersForm({ initial, onApply }: FilterFormProps<RedactionFilters>) {
  const { t } = useTranslation();
  const labels = useRetentionLabels();
  const [idError, setIdError] = useState(false);
  const onSubmit = (text: (name: string) => string) => {
    const next: RedactionFilters = {};
    const userId = text('userId');
    const bad = userId !== '' && !ID_PATTERN.test(userId);
    if (userId && !bad) next.userId = Number(userId);
    const kind = text('kind');
    if (isRedactionKind(kind)) next.kind = kind;
    setIdError(bad);
    if (!bad) onApply(next);
  };
  return (
    <FilterForm
      label={t('retention.redactions.filters.label')}
      applyLabel={t('retention.common.apply')}
      clearLabel={t('retention.common.clear')}
      onSubmit={onSubmit}
      onClear={() => onApply({})}
    >
      <TextField
        name="userId"
        label={t('retention.common.userId')}
        defaultValue={initial.userId ?? ''}
        inputMode="numeric"
        autoComplete="off"
        error={idError ? t('retention.common.idError') : undefined}
      />
      <SelectField
        name="kind"
        label={t('retention.redactions.filters.kind')}
        defaultValue={initial.kind ?? ''}
        options={[
          { value: '', label: t('retention.redactions.filters.anyKind') },
          ...REDACTION_KINDS.map((k) => ({ value: k, label: labels.kind(k) })),
        ]}
      />
    </FilterForm>
  );
}

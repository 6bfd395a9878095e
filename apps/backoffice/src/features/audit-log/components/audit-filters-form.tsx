import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { utcDayStart } from '../../../lib/format.ts';
import { FilterForm, type FilterFormProps } from '../../../ui/filter-form.tsx';
import { SelectField } from '../../../ui/select-field.tsx';
import { TextField } from '../../../ui/text-field.tsx';
import { AUDIT_ACTIONS, isAuditAction, type AuditFilters } from '../api/audit.ts';

interface FieldErrors {
  staffId?: boolean;
  subjectUserId?: boolean;
  toDay?: boolean;
}

const ID_PATTERN = /^[1-9]\d{0,14}$/;

/** Staff member, person, action and a range of days; applying puts them into the URL. */
export function AuditFiltersForm({ initial, onApply }: FilterFormProps<AuditFilters>) {
  const { t } = useTranslation();
  const [errors, setErrors] = useState<FieldErrors>({});

  const onSubmit = (text: (name: string) => string) => {
    const next: AuditFilters = {};
    const found: FieldErrors = {};
    const staffId = text('staffId');
    if (staffId) {
      if (ID_PATTERN.test(staffId)) next.staffId = Number(staffId);
      else found.staffId = true;
    }
    const subject = text('subjectUserId');
    if (subject) {
      if (ID_PATTERN.test(subject)) next.subjectUserId = Number(subject);
      else found.subjectUserId = true;
    }
    const action = text('action');
    if (isAuditAction(action)) next.action = action;
    const fromDay = text('from');
    if (fromDay && utcDayStart(fromDay) !== null) next.fromDay = fromDay;
    const toDay = text('to');
    if (toDay && utcDayStart(toDay) !== null) next.toDay = toDay;
    if (next.fromDay && next.toDay && next.toDay < next.fromDay) found.toDay = true;
    setErrors(found);
    if (!found.staffId && !found.subjectUserId && !found.toDay) onApply(next);
  };

  return (
    <FilterForm
      label={t('audit.filters.label')}
      applyLabel={t('audit.filters.apply')}
      clearLabel={t('audit.filters.clear')}
      onSubmit={onSubmit}
      onClear={() => onApply({})}
    >
      <TextField
        name="staffId"
        label={t('audit.filters.staffId')}
        defaultValue={initial.staffId ?? ''}
        inputMode="numeric"
        autoComplete="off"
        error={errors.staffId ? t('audit.filters.errors.id') : undefined}
      />
      <TextField
        name="subjectUserId"
        label={t('audit.filters.subjectUserId')}
        defaultValue={initial.subjectUserId ?? ''}
        inputMode="numeric"
        autoComplete="off"
        error={errors.subjectUserId ? t('audit.filters.errors.id') : undefined}
      />
      <SelectField
        name="action"
        label={t('audit.filters.action')}
        defaultValue={initial.action ?? ''}
        options={[
          { value: '', label: t('audit.filters.anyAction') },
          ...AUDIT_ACTIONS.map((action) => ({ value: action, label: t(`audit.actions.${action}`) })),
        ]}
      />
      <TextField
        type="date"
        name="from"
        label={t('audit.filters.from')}
        defaultValue={initial.fromDay ?? ''}
      />
      <TextField
        type="date"
        name="to"
        label={t('audit.filters.to')}
        defaultValue={initial.toDay ?? ''}
        error={errors.toDay ? t('audit.filters.errors.range') : undefined}
      />
    </FilterForm>
  );
}

import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SITE_CODES } from '@kyc/contracts';
import { FilterForm, type FilterFormProps } from '../../../ui/filter-form.tsx';
import { SelectField } from '../../../ui/select-field.tsx';
import { TextField } from '../../../ui/text-field.tsx';
import { SUBMISSION_KINDS, type SubmissionKind } from '../../../lib/submission-kinds.ts';
import { parseMinAgeHours } from '../../../lib/queue-query.ts';
import type { QueueFilters } from '../api/queue.ts';

interface FieldErrors {
  country?: 'queue.filters.errors.country';
  minAgeHours?: 'queue.filters.errors.minAge';
}

/** Level, country, site, kind and minimum age. Applying puts them into the URL (shareable, Back works). */
export function QueueFiltersForm({ initial, onApply }: FilterFormProps<QueueFilters>) {
  const { t } = useTranslation();
  const [errors, setErrors] = useState<FieldErrors>({});

  const onSubmit = (text: (name: string) => string) => {
    const next: QueueFilters = {};
    const found: FieldErrors = {};
    const level = text('level');
    if (level === '1' || level === '2') next.level = Number(level) as 1 | 2;
    const country = text('country').toUpperCase();
    if (country) {
      if (/^[A-Z]{2}$/.test(country)) next.country = country;
      else found.country = 'queue.filters.errors.country';
    }
    const site = text('site');
    if (site) next.site = site;
    const kind = text('kind');
    if (kind) next.kind = kind as SubmissionKind;
    if (text('pendingFinal') === 'true') next.pendingFinal = true;
    if (text('assignedTo') === 'me') next.assignedTo = 'me';
    if (text('breached') === 'true') next.breached = true;
    const minAge = text('minAgeHours');
    if (minAge) {
      const hours = parseMinAgeHours(minAge);
      if (hours !== undefined) next.minAgeHours = hours;
      else found.minAgeHours = 'queue.filters.errors.minAge';
    }
    setErrors(found);
    if (Object.keys(found).length === 0) onApply(next);
  };

  return (
    <FilterForm
      label={t('queue.filters.label')}
      applyLabel={t('queue.filters.apply')}
      clearLabel={t('queue.filters.clear')}
      onSubmit={onSubmit}
      onClear={() => onApply({})}
    >
      <SelectField
        name="level"
        label={t('queue.filters.level')}
        defaultValue={initial.level === undefined ? '' : String(initial.level)}
        options={[
          { value: '', label: t('queue.filters.any') },
          { value: '1', label: t('common.levelN', { level: 1 }) },
          { value: '2', label: t('common.levelN', { level: 2 }) },
        ]}
      />
      <TextField
        name="country"
        label={t('queue.filters.country')}
        hint={t('queue.filters.countryHint')}
        defaultValue={initial.country ?? ''}
        maxLength={2}
        autoComplete="off"
        autoCapitalize="characters"
        error={errors.country ? t(errors.country) : undefined}
      />
      <SelectField
        name="site"
        label={t('queue.filters.site')}
        defaultValue={initial.site ?? ''}
        options={[
          { value: '', label: t('queue.filters.any') },
          ...SITE_CODES.map((code) => ({ value: code, label: code })),
        ]}
      />
      <SelectField
        name="kind"
        label={t('queue.filters.kind')}
        defaultValue={initial.kind ?? ''}
        options={[
          { value: '', label: t('queue.filters.any') },
          ...SUBMISSION_KINDS.map((kind) => ({ value: kind, label: t(`common.kinds.${kind}`) })),
        ]}
      />
      <SelectField
        name="pendingFinal"
        label={t('captureSignOff.pendingFinal.filter')}
        defaultValue={initial.pendingFinal ? 'true' : ''}
        options={[
          { value: '', label: t('queue.filters.any') },
          { value: 'true', label: t('captureSignOff.pendingFinal.filterOnly') },
        ]}
      />
      <SelectField
        name="assignedTo"
        label={t('assignment.filter')}
        defaultValue={initial.assignedTo ?? ''}
        options={[
          { value: '', label: t('queue.filters.any') },
          { value: 'me', label: t('assignment.myCases') },
        ]}
      />
      <SelectField
        name="breached"
        label={t('deadlines.filter')}
        defaultValue={initial.breached ? 'true' : ''}
        options={[
          { value: '', label: t('queue.filters.any') },
          { value: 'true', label: t('deadlines.breachedOnly') },
        ]}
      />
      <TextField
        name="minAgeHours"
        label={t('queue.filters.minAge')}
        hint={t('queue.filters.minAgeHint')}
        defaultValue={initial.minAgeHours === undefined ? '' : String(initial.minAgeHours)}
        inputMode="numeric"
        autoComplete="off"
        error={errors.minAgeHours ? t(errors.minAgeHours) : undefined}
      />
    </FilterForm>
  );
}

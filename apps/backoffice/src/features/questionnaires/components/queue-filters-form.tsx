import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SITE_CODES } from '@kyc/contracts';
import { parseMinAgeHours } from '../../../lib/queue-query.ts';
import { FilterForm, type FilterFormProps } from '../../../ui/filter-form.tsx';
import { SelectField } from '../../../ui/select-field.tsx';
import { TextField } from '../../../ui/text-field.tsx';
import {
  isQuestionnaireKind,
  isQuestionnaireStatus,
  isTemplateCode,
  QUESTIONNAIRE_KINDS,
  QUESTIONNAIRE_STATUSES,
  TEMPLATE_CODES,
  type QueueFilters,
} from '../api/review.ts';
import { templateTitleKey, useTemplateText } from '../template-text.ts';

/** Template, status, kind, site, "My cases" and minimum age. Applying puts them into the URL (shareable, Back works). */
export function QueueFiltersForm({ initial, onApply }: FilterFormProps<QueueFilters>) {
  const { t } = useTranslation();
  const templateText = useTemplateText();
  const [ageError, setAgeError] = useState(false);

  const onSubmit = (text: (name: string) => string) => {
    const next: QueueFilters = {};
    const template = text('templateCode');
    if (isTemplateCode(template)) next.templateCode = template;
    const status = text('status');
    if (isQuestionnaireStatus(status)) next.status = status;
    const kind = text('kind');
    if (isQuestionnaireKind(kind)) next.kind = kind;
    const site = text('site');
    if (site) next.site = site;
    const minAge = text('minAgeHours');
    const hours = parseMinAgeHours(minAge);
    const badAge = minAge !== '' && hours === undefined;
    if (hours !== undefined) next.minAgeHours = hours;
    if (text('assignedTo') === 'me') next.assignedTo = 'me';
    setAgeError(badAge);
    if (!badAge) onApply(next);
  };

  const prefix = 'questionnaireReview.queue.filters';
  return (
    <FilterForm
      label={t(`${prefix}.label`)}
      applyLabel={t(`${prefix}.apply`)}
      clearLabel={t(`${prefix}.clear`)}
      onSubmit={onSubmit}
      onClear={() => onApply({})}
    >
      <SelectField
        name="templateCode"
        label={t(`${prefix}.template`)}
        defaultValue={initial.templateCode ?? ''}
        options={[
          { value: '', label: t(`${prefix}.any`) },
          ...TEMPLATE_CODES.map((code) => ({ value: code, label: templateText(templateTitleKey(code)) })),
        ]}
      />
      <SelectField
        name="status"
        label={t(`${prefix}.status`)}
        defaultValue={initial.status ?? ''}
        options={[
          { value: '', label: t(`${prefix}.toDecide`) },
          ...QUESTIONNAIRE_STATUSES.map((status) => ({
            value: status,
            label: t(`questionnaireReview.statuses.${status}`),
          })),
        ]}
      />
      <SelectField
        name="kind"
        label={t(`${prefix}.kind`)}
        defaultValue={initial.kind ?? ''}
        options={[
          { value: '', label: t(`${prefix}.any`) },
          ...QUESTIONNAIRE_KINDS.map((kind) => ({
            value: kind,
            label: t(`questionnaireReview.kinds.${kind}`),
          })),
        ]}
      />
      <SelectField
        name="site"
        label={t(`${prefix}.site`)}
        defaultValue={initial.site ?? ''}
        options={[
          { value: '', label: t(`${prefix}.any`) },
          ...SITE_CODES.map((code) => ({ value: code, label: code })),
        ]}
      />
      <SelectField
        name="assignedTo"
        label={t('assignment.filter')}
        defaultValue={initial.assignedTo ?? ''}
        options={[
          { value: '', label: t(`${prefix}.any`) },
          { value: 'me', label: t('assignment.myCases') },
        ]}
      />
      <TextField
        name="minAgeHours"
        label={t(`${prefix}.minAge`)}
        hint={t(`${prefix}.minAgeHint`)}
        defaultValue={initial.minAgeHours === undefined ? '' : String(initial.minAgeHours)}
        inputMode="numeric"
        autoComplete="off"
        error={ageError ? t(`${prefix}.errors.minAge`) : undefined}
      />
    </FilterForm>
  );
}

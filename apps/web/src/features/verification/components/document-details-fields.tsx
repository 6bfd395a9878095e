import { useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { DOCUMENT_NUMBER_MAX } from '@kyc/contracts';
import { TextField } from '../../../ui/text-field';
import { SelectField } from './select-field';
import { nationalityOptions, type DocumentDetails, type DocumentDetailsErrors } from './document-details';

const ERROR_KEY = {
  nationality: { required: 'capture.document.errors.nationalityRequired' },
  documentNumber: {
    required: 'capture.document.errors.numberRequired',
    format: 'capture.document.errors.numberFormat',
  },
} as const;

/**
 * The person's nationality and the document's number, on the document step under the document type
 * (issue 19, D125): the document checks compare both with the machine-readable zone, and the reviewer
 * sees them beside what the document says.
 */
export function DocumentDetailsFields({
  value,
  errors,
  nameOf,
  onChange,
}: {
  value: DocumentDetails;
  errors: DocumentDetailsErrors;
  nameOf: (code: string) => string;
  onChange: (next: DocumentDetails) => void;
}) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const language = i18n.resolvedLanguage ?? i18n.language;
  const countries = useMemo(() => nationalityOptions(nameOf, language), [nameOf, language]);
  const nationalityError = errors.nationality ? t(ERROR_KEY.nationality[errors.nationality]) : undefined;
  const numberError = errors.documentNumber
    ? t(ERROR_KEY.documentNumber[errors.documentNumber], { max: DOCUMENT_NUMBER_MAX })
    : undefined;
  return (
    <div className="form-stack kyc-flow__document-details">
      <SelectField
        id={`${id}-nationality`}
        name="nationality"
        label={t('capture.document.nationality')}
        value={value.nationality}
        error={nationalityError}
        onChange={(event) => onChange({ ...value, nationality: event.target.value })}
        options={[{ value: '', label: t('capture.document.nationalityPlaceholder') }, ...countries]}
      />
      <DocumentNumberField
        id={`${id}-number`}
        name="documentNumber"
        label={t('capture.document.number')}
        value={value.documentNumber}
        error={numberError}
        onChange={(documentNumber) => onChange({ ...value, documentNumber })}
      />
    </div>
  );
}

/** A document number's field, as the document step and the correction step ask it (D125). */
export function DocumentNumberField({
  id,
  name,
  label,
  value,
  error,
  onChange,
}: {
  id: string;
  name?: string;
  label: string;
  value: string;
  error?: string | undefined;
  onChange: (value: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <TextField
      id={id}
      {...(name ? { name } : {})}
      label={label}
      hint={t('capture.document.numberHint', { max: DOCUMENT_NUMBER_MAX })}
      dir="ltr"
      autoComplete="off"
      autoCapitalize="characters"
      spellCheck={false}
      maxLength={DOCUMENT_NUMBER_MAX + 10}
      value={value}
      error={error}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}

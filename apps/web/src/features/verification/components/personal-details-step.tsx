import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { TextField } from '../../../ui/text-field';
import { todayIso } from './date-input';
import type { PersonalDetails, PersonalDetailsErrors } from './personal-details';

const ERROR_KEY = {
  required: 'capture.details.errors.required',
  tooLong: 'capture.details.errors.tooLong',
  invalid: 'capture.details.errors.invalid',
  underage: 'capture.details.errors.underage',
} as const;

/**
 * The person's name and date of birth exactly as on the document: the reviewer compares them with the
 * document, and they become the verified identity (docs/kyc.md "Personal details").
 */
export function PersonalDetailsStep({
  value,
  errors,
  onChange,
}: {
  value: PersonalDetails;
  errors: PersonalDetailsErrors;
  onChange: (next: PersonalDetails) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const error = (field: keyof PersonalDetails) => {
    const code = errors[field];
    return code ? t(ERROR_KEY[code]) : undefined;
  };
  return (
    <div className="form-stack">
      <p>{t('capture.details.intro')}</p>
      <TextField
        id={`${id}-first`}
        label={t('capture.details.firstName')}
        autoComplete="given-name"
        maxLength={100}
        value={value.firstName}
        error={error('firstName')}
        onChange={(event) => onChange({ ...value, firstName: event.target.value })}
      />
      <TextField
        id={`${id}-last`}
        label={t('capture.details.lastName')}
        autoComplete="family-name"
        maxLength={100}
        value={value.lastName}
        error={error('lastName')}
        onChange={(event) => onChange({ ...value, lastName: event.target.value })}
      />
      <TextField
        id={`${id}-dob`}
        type="date"
        label={t('capture.details.dateOfBirth')}
        autoComplete="bday"
        min="1900-01-01"
        max={todayIso()}
        value={value.dateOfBirth}
        error={error('dateOfBirth')}
        onChange={(event) => onChange({ ...value, dateOfBirth: event.target.value })}
      />
    </div>
  );
}

import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { TextField } from '../../../ui/text-field';
import { SelectField, type SelectOption } from './select-field';
import { ADDRESS_LIMITS, type ResidenceAddressDraft, type ResidenceAddressErrors } from './residence-address';

const LABEL = {
  line1: 'captureSignOff.address.line1',
  line2: 'captureSignOff.address.line2',
  city: 'captureSignOff.address.city',
  postalCode: 'captureSignOff.address.postalCode',
} as const;

const ERROR_KEY = {
  required: 'captureSignOff.address.errors.required',
  tooLong: 'captureSignOff.address.errors.tooLong',
} as const;

/**
 * Level 2: the address where the person lives, before the proof of address that must show it; the
 * reviewer sees both side by side (docs/kyc.md "Level 2: residence address").
 */
export function ResidenceAddressStep({
  value,
  errors,
  countries,
  onChange,
}: {
  value: ResidenceAddressDraft;
  errors: ResidenceAddressErrors;
  countries: readonly SelectOption[];
  onChange: (next: ResidenceAddressDraft) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const error = (field: keyof ResidenceAddressDraft) => {
    const code = errors[field];
    return code ? t(ERROR_KEY[code]) : undefined;
  };
  const field = (name: Exclude<keyof ResidenceAddressDraft, 'country'>, autoComplete: string) => (
    <TextField
      id={`${id}-${name}`}
      label={t(LABEL[name])}
      autoComplete={autoComplete}
      maxLength={ADDRESS_LIMITS[name]}
      value={value[name]}
      error={error(name)}
      onChange={(event) => onChange({ ...value, [name]: event.target.value })}
    />
  );
  return (
    <div className="form-stack">
      <p>{t('captureSignOff.address.intro')}</p>
      <SelectField
        id={`${id}-country`}
        label={t('captureSignOff.address.country')}
        autoComplete="country"
        value={value.country}
        error={error('country')}
        onChange={(event) => onChange({ ...value, country: event.target.value })}
        options={[{ value: '', label: t('captureSignOff.address.countryPlaceholder') }, ...countries]}
      />
      {field('line1', 'address-line1')}
      {field('line2', 'address-line2')}
      {field('city', 'address-level2')}
      {field('postalCode', 'postal-code')}
    </div>
  );
}

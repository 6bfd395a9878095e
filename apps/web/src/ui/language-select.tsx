import type { Language } from '@kyc/contracts';
import './language-select.css';

export interface LanguageSelectProps {
  id: string;
  /** Accessible name of the select ("Language"). */
  label: string;
  /** Keep the label for assistive technology only. */
  hideLabel?: boolean;
  languages: readonly Language[];
  value: string;
  onChange: (code: string) => void;
}

/** A native select of languages, each named in its own language and tagged with its lang. */
export function LanguageSelect({
  id,
  label,
  hideLabel = false,
  languages,
  value,
  onChange,
}: LanguageSelectProps) {
  return (
    <div className="language-select">
      <label htmlFor={id} className={hideLabel ? 'visually-hidden' : 'language-select__label'}>
        {label}
      </label>
      <select
        id={id}
        className="language-select__input"
        value={value}
        onChange={(event) => onChange(event.target.value)}
      >
        {languages.map((language) => (
          <option key={language.code} value={language.code} lang={language.code}>
            {language.label}
          </option>
        ))}
      </select>
    </div>
  );
}

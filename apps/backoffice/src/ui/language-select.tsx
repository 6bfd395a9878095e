import { useTranslation } from 'react-i18next';
import { LANGUAGES, selectLanguage } from '../lib/i18n.ts';
import { SelectField, type SelectOption } from './select-field.tsx';

const OPTIONS: readonly SelectOption[] = LANGUAGES.map((l) => ({
  value: l.code,
  label: l.label,
  lang: l.code,
}));

/** The language switcher of the top bar and the sign-in page; each language is named in itself. */
export function LanguageSelect({ className }: { className?: string }) {
  const { t, i18n } = useTranslation();
  return (
    <SelectField
      inline
      className={className}
      label={t('language.label')}
      options={OPTIONS}
      // The chosen language, even while its file is missing and English shows in its place.
      value={i18n.language}
      onChange={(event) => void selectLanguage(i18n, event.target.value)}
    />
  );
}

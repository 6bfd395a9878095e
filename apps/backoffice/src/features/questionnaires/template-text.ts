import { useTranslation } from 'react-i18next';
import { QUESTIONNAIRES_NAMESPACE } from '../../lib/i18n.ts';

/** i18next's t for keys only known at run time (they come from the templates, through the API). */
type RuntimeT = (key: string, options: { ns: string; defaultValue: string }) => string;

/**
 * The text of a template's translation key (a question label, an option, a section title) from the
 * questionnaires namespace, which this hook loads on first use. A key with no text shows as the key
 * itself (or `fallback`), so that a reviewer still sees which question it is.
 */
export function useTemplateText(): (key: string, fallback?: string) => string {
  const { i18n } = useTranslation(QUESTIONNAIRES_NAMESPACE);
  const t = i18n.t as unknown as RuntimeT;
  return (key: string, fallback = key) =>
    key ? t(key, { ns: QUESTIONNAIRES_NAMESPACE, defaultValue: fallback }) : fallback;
}

/** The translation key of a template's title (as in content/questionnaires/<code>.v<n>.json). */
export function templateTitleKey(templateCode: string): string {
  return `${templateCode}.title`;
}

/** spec §7 "Translations": the two namespaces, user-accounts being the default. */
export const DEFAULT_NAMESPACE = 'user-accounts';
export const ERROR_NAMESPACE = 'inverse-error-code';
export const NAMESPACES = [DEFAULT_NAMESPACE, ERROR_NAMESPACE] as const;
/** Questionnaire content (issue 5): loaded on demand by the questionnaire screens only, never at start. */
export const QUESTIONNAIRES_NAMESPACE = 'questionnaires';

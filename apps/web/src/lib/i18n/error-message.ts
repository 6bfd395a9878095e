import type { i18n as I18n } from 'i18next';
import { ERROR_NAMESPACE } from './namespaces';

/**
 * spec §8 "Rejection with ret_code": the inverse-error-code translation of the code, or 'code: ret_msg'
 * when there is none.
 */
export function errorMessage(i18n: I18n, error: { ret_code: number; ret_msg: string }): string {
  const key = String(error.ret_code);
  if (i18n.exists(key, { ns: ERROR_NAMESPACE })) return i18n.t(key, { ns: ERROR_NAMESPACE });
  return `${error.ret_code}: ${error.ret_msg}`;
}

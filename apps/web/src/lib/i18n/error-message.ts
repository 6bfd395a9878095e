import type { i18n as I18n } from 'i18next';
import { errorText } from './error-text';

/**
 * spec §8 "Rejection with ret_code": the translation of the code (errorText: the SDK wording in SDK
 * mode), or 'code: ret_msg' when there is none.
 */
export function errorMessage(i18n: I18n, error: { ret_code: number; ret_msg: string }): string {
  return errorText(i18n, error.ret_code) ?? `${error.ret_code}: ${error.ret_msg}`;
}

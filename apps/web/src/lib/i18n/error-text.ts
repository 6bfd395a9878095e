import type { i18n as I18n } from 'i18next';
import { pageMode } from '../navigation/page-mode';
import { ERROR_NAMESPACE } from './namespaces';

/**
 * Codes whose catalogue text speaks of a portal session ("sign in again"), which a partner's user in
 * SDK mode does not have: there the text tells them to open the verification from their app again.
 */
const SDK_TEXT_KEYS: Partial<Record<number, 'sdk.errors.linkExpired'>> = { 10007: 'sdk.errors.linkExpired' };

/**
 * The translation of a ret_code (spec §8 "Rejection with ret_code"): in SDK mode the embedded flow's own
 * wording where it has one, else the inverse-error-code text; undefined when the catalogue has none.
 */
export function errorText(i18n: I18n, code: number, sdk = pageMode().sdk !== null): string | undefined {
  const sdkKey = sdk ? SDK_TEXT_KEYS[code] : undefined;
  if (sdkKey) return i18n.t(sdkKey);
  const key = String(code);
  return i18n.exists(key, { ns: ERROR_NAMESPACE }) ? i18n.t(key, { ns: ERROR_NAMESPACE }) : undefined;
}

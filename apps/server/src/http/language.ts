/**
 * The person's language from Accept-Language (spec §7: every app call carries the current language),
 * as a spec §9 code for a vendor's SDK; 'en' when absent or unknown.
 */
import { ALL_LANGUAGE_CODES } from '@kyc/contracts';

export function languageOf(header: string | string[] | undefined): string {
  const first = (Array.isArray(header) ? header[0] : header)?.split(',')[0]?.split(';')[0]?.trim() ?? '';
  const codes = ALL_LANGUAGE_CODES as readonly string[];
  if (codes.includes(first)) return first;
  const base = first.split('-')[0]?.toLowerCase() ?? '';
  return codes.find((c) => c.toLowerCase() === base || c.toLowerCase().startsWith(`${base}-`)) ?? 'en';
}

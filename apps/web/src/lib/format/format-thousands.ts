import { formattingLocale } from '@kyc/contracts';
import { currentLanguage } from '../language/current';

export interface ThousandsOptions {
  /** A BCP 47 language code; the page's current language when absent. */
  language?: string;
  minimumFractionDigits?: number;
  /** 20 (every digit the value has) when absent: amounts are never rounded behind the caller's back. */
  maximumFractionDigits?: number;
}

const formatters = new Map<string, Intl.NumberFormat>();

/**
 * spec §9 "thousands separators on formatting": 1234567.5 → '1,234,567.5' in en, '1.234.567,5' in
 * de-DE, always in Western digits (ar-SA: '1,234,567.5' with Arabic separators, D34). Accepts numeric strings as the API sends
 * amounts, formatted exactly (no binary rounding).
 */
export function formatThousands(value: number | bigint | string, options: ThousandsOptions = {}): string {
  const { language = currentLanguage(), minimumFractionDigits = 0, maximumFractionDigits = 20 } = options;
  const key = `${language}|${minimumFractionDigits}|${maximumFractionDigits}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(formattingLocale(language), {
      useGrouping: true,
      minimumFractionDigits,
      maximumFractionDigits,
    });
    formatters.set(key, formatter);
  }
  return formatter.format(value as number | bigint | Intl.StringNumericLiteral);
}

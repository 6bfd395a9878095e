import { formattingLocale } from '@kyc/contracts';
import { formatThousands } from '../../../lib/format/format-thousands';

/** spec §4: "Current level quota is the BTC limit for the applicant's level, default 0". */
export function formatBtc(limit: number, language: string): string {
  return formatThousands(limit, { language });
}

/** A deadline (epoch ms) as a date and time in the page language. */
export function formatDeadline(epochMs: number, language: string): string {
  return new Intl.DateTimeFormat(formattingLocale(language), {
    dateStyle: 'long',
    timeStyle: 'short',
  }).format(epochMs);
}

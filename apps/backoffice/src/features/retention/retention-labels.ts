/**
 * How the data-lifecycle pages name things (issue 20): record kinds, clocks, periods ("5 years"), sites
 * (the platform's region names), hold reasons and what a redaction counted — every one translated, never
 * a raw key on screen.
 */
import { useTranslation } from 'react-i18next';
import {
  PERSON_RETENTION_KINDS,
  RETENTION_PERIOD_PATTERN,
  type RetentionClock,
  type RetentionKind,
  type SiteCode,
} from '@kyc/contracts';

/** The person-level kinds count from the relationship's end or a later decision; rolling ones from each row. */
export const PERSON_CLOCKS: readonly RetentionClock[] = ['relationship_end', 'decision'];
export const ROLLING_CLOCKS: readonly RetentionClock[] = ['creation', 'last_activity'];

export const isPersonKind = (kind: string): boolean =>
  (PERSON_RETENTION_KINDS as readonly string[]).includes(kind);

export const clocksOf = (kind: RetentionKind) => (isPersonKind(kind) ? PERSON_CLOCKS : ROLLING_CLOCKS);

export const PERIOD_UNITS = ['Y', 'M', 'D'] as const;
export type PeriodUnit = (typeof PERIOD_UNITS)[number];

/** `P5Y` → {amount: 5, unit: 'Y'}; undefined for anything else. */
export function parsePeriod(period: string): { amount: number; unit: PeriodUnit } | undefined {
  const match = RETENTION_PERIOD_PATTERN.exec(period);
  if (!match) return undefined;
  return { amount: Number(match[1]), unit: match[2] as PeriodUnit };
}

/** The region the platform names for each site (GLOBAL has its own text). */
const SITE_REGIONS: Record<Exclude<SiteCode, 'GLOBAL'>, string> = {
  HKG: 'HK',
  TUR: 'TR',
  ARE: 'AE',
  KAZ: 'KZ',
  EU: 'EU',
  GEO: 'GE',
  IDN: 'ID',
};

const COUNT_NAMES = [
  'documents',
  'blobs',
  'webhooks',
  'applicants',
  'submissionDetails',
  'supportRequests',
  'submissions',
  'drafts',
  'evidence',
  'decisions',
  'levels',
  'questionnaires',
  'edd',
  'tasks',
  'hits',
  'exports',
  'events',
  'keys',
  'uploads',
  'entries',
  'deliveries',
] as const;
type CountName = (typeof COUNT_NAMES)[number];
const isCountName = (name: string): name is CountName => (COUNT_NAMES as readonly string[]).includes(name);

const KIND_NAMES = [
  'identity_documents',
  'personal_data',
  'questionnaire_answers',
  'decisions_audit',
  'screening_results',
  'vendor_events',
  'partner_webhook_deliveries',
  'sessions_security_log',
  'unsubmitted_uploads',
  'drafts',
  'data_key',
] as const;
type KindName = (typeof KIND_NAMES)[number];
const isKindName = (name: string): name is KindName => (KIND_NAMES as readonly string[]).includes(name);

const CLOCK_NAMES = ['relationship_end', 'decision', 'creation', 'last_activity'] as const;
type ClockName = (typeof CLOCK_NAMES)[number];
const isClockName = (name: string): name is ClockName => (CLOCK_NAMES as readonly string[]).includes(name);

export function useRetentionLabels() {
  const { t, i18n } = useTranslation();
  let regions: Intl.DisplayNames | null = null;
  try {
    regions = new Intl.DisplayNames([i18n.language, 'en'], { type: 'region', fallback: 'code' });
  } catch {
    regions = null;
  }
  return {
    kind: (kind: string) => (isKindName(kind) ? t(`retention.kinds.${kind}`) : t('retention.kinds.other')),
    clock: (clock: string) =>
      isClockName(clock) ? t(`retention.clocks.${clock}`) : t('retention.clocks.other'),
    period: (period: string) => {
      const parsed = parsePeriod(period);
      if (!parsed) return period;
      const key = ({ Y: 'years', M: 'months', D: 'days' } as const)[parsed.unit];
      return t(`retention.periods.${key}`, { count: parsed.amount });
    },
    site: (site: string) => {
      if (site === 'GLOBAL') return t('retention.sites.global');
      if (site === '*') return t('retention.sites.every');
      const region = SITE_REGIONS[site as Exclude<SiteCode, 'GLOBAL'>] as string | undefined;
      return region ? `${regions?.of(region) ?? site} (${site})` : site;
    },
    /** "documents: 2 · blobs: 2" in words; names the server may add later read as "other". */
    counts: (counts: Record<string, number>) =>
      Object.entries(counts)
        .filter(([, n]) => n > 0)
        .map(([name, n]) =>
          isCountName(name)
            ? t(`retention.counts.${name}`, { count: n })
            : t('retention.counts.other', { count: n }),
        )
        .join(' · '),
  };
}

/**
 * The retention policies shipped with the portal (issue 20, docs/data-lifecycle.md "Retention policies"):
 * for every site and kind of record, how long it is kept, from which event, and why. Data, not code: the
 * first version of the policy set is this table (written on first use), and admins change it through
 * `PUT /backoffice/api/retention/policies`, never below the legal minimum given here.
 *
 * The periods follow the survey of the laws that bind the exchange; they are a starting point an
 * operator confirms with counsel for each entity, not legal advice. Where the issue named no law for a
 * site (GLOBAL, KAZ, GEO, IDN), the FATF's five years (Recommendation 11) is used and the national law to
 * confirm is named.
 */
import {
  PERSON_RETENTION_KINDS,
  RETENTION_KINDS,
  SITE_CODES,
  type RetentionClock,
  type RetentionKind,
  type RetentionPolicy,
  type SiteCode,
} from '@kyc/contracts';

/** How long the records of the anti-money-laundering rules are kept on each site, and the source. */
interface AmlRule {
  period: string;
  source: string;
}

export const AML_RULES: Readonly<Record<SiteCode, AmlRule>> = {
  EU: {
    period: 'P5Y',
    source:
      'EU AMLD (Directive (EU) 2015/849) Art. 40(1); AMLR (Regulation (EU) 2024/1624) Art. 77: five years after the end of the business relationship',
  },
  HKG: {
    period: 'P5Y',
    source:
      'Hong Kong AMLO (Cap. 615) Schedule 2 s. 20: five years after the end of the business relationship',
  },
  TUR: {
    period: 'P8Y',
    source: 'Turkey Law No. 5549 Art. 8: eight years',
  },
  ARE: {
    period: 'P10Y',
    source:
      'ADGM (FSRA) record-keeping, ten years as issue 20 gives it (UAE Federal Decree-Law No. 20 of 2018 Art. 16: at least five); confirm per licence',
  },
  KAZ: {
    period: 'P5Y',
    source:
      'FATF Recommendation 11: five years after the end of the business relationship; confirm against the Law of Kazakhstan No. 191-IV on AML/CFT',
  },
  GEO: {
    period: 'P5Y',
    source:
      "FATF Recommendation 11: five years after the end of the business relationship; confirm against Georgia's Law on Facilitating the Prevention of Money Laundering (2019)",
  },
  IDN: {
    period: 'P5Y',
    source:
      'FATF Recommendation 11: five years after the end of the business relationship; confirm against Indonesia Law No. 8 of 2010',
  },
  GLOBAL: {
    period: 'P5Y',
    source: 'FATF Recommendation 11: at least five years after the end of the business relationship',
  },
};

const GDPR = 'GDPR Art. 5(1)(e) storage limitation';

/** The short period of uploads never submitted and abandoned drafts (issue 20: "a setting, default 30 days"). */
export const SHORT_PERIOD = 'P30D';

/** The kinds outside the AML rules: how long, from when, why. */
const GDPR_RULES: Readonly<
  Record<
    Exclude<RetentionKind, (typeof PERSON_RETENTION_KINDS)[number]>,
    Omit<RetentionPolicy, 'site' | 'kind'>
  >
> = {
  partner_webhook_deliveries: {
    period: 'P90D',
    clock: 'creation',
    legalSource: `${GDPR}: a settled delivery is kept 90 days to answer a partner's question about it`,
  },
  sessions_security_log: {
    period: 'P180D',
    clock: 'creation',
    legalSource: `${GDPR}: "Recent sign-ins" shows 180 days (D41)`,
  },
  unsubmitted_uploads: {
    period: SHORT_PERIOD,
    clock: 'creation',
    legalSource: `${GDPR}: an upload never submitted serves no purpose after 30 days`,
  },
  drafts: {
    period: SHORT_PERIOD,
    clock: 'last_activity',
    legalSource: `${GDPR}: a draft untouched for 30 days is abandoned`,
  },
};

const isPersonKind = (kind: RetentionKind): kind is (typeof PERSON_RETENTION_KINDS)[number] =>
  (PERSON_RETENTION_KINDS as readonly string[]).includes(kind);

/** The shipped policy of one site and kind. */
export function defaultPolicy(site: SiteCode, kind: RetentionKind): RetentionPolicy {
  if (isPersonKind(kind)) {
    const rule = AML_RULES[site];
    const clock: RetentionClock = 'relationship_end';
    return { site, kind, period: rule.period, clock, legalSource: rule.source };
  }
  return { site, kind, ...GDPR_RULES[kind] };
}

/** Every site and kind, in the contracts' order: the first version of the policy set. */
export const DEFAULT_POLICIES: readonly RetentionPolicy[] = SITE_CODES.flatMap((site) =>
  RETENTION_KINDS.map((kind) => defaultPolicy(site, kind)),
);

/**
 * The shortest period the law allows for a site and kind: the AML period for the records the AML rules
 * cover; a day for the rest (storage limitation sets a maximum, not a minimum).
 */
export function legalMinimum(site: SiteCode, kind: RetentionKind): string {
  return isPersonKind(kind) ? AML_RULES[site].period : 'P1D';
}

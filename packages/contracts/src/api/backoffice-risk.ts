/**
 * Issue 18 "Risk score" (docs/screening.md "Risk score"): a person's risk as the case page shows it,
 * the weights an admin reads and changes (GET/PUT /backoffice/api/risk/weights), and the country lists
 * (GET/POST /backoffice/api/risk/country-lists, D93).
 */
import { z } from 'zod';
import { DATA_MATCH_FIELDS, MRZ_UNREADABLE_REASONS } from './backoffice-checks.ts';

export const RISK_LEVELS = ['low', 'medium', 'high'] as const;
export type RiskLevelName = (typeof RISK_LEVELS)[number];

/** Every factor a risk assessment can hold (domain/risk/assess.ts); each has its points in the weights. */
export const RISK_FACTOR_CODES = [
  'country_fatf_call_for_action',
  'country_fatf_increased_monitoring',
  'country_eu_high_risk',
  'pep',
  'pep_related',
  'us_person',
  'third_party_control',
  'source_of_funds',
  'expected_volume_high',
  'expected_volume_very_high',
  'screening_open_hit',
  'screening_cleared_hit',
  'screening_true_match',
  /** Issue 18 "document checks when they exist" (issue 19's results of the latest checked submission). */
  'document_data_mismatch',
  'document_expired',
  'document_duplicate',
  'document_mrz_unreadable',
] as const;
export type RiskFactorCodeName = (typeof RISK_FACTOR_CODES)[number];

const points = z.number().int().min(0).max(1000);

/** The factors' points and the thresholds: every factor named exactly once (medium below high: 61020). */
export const riskWeightsBody = z
  .object({
    factors: z
      .object(
        Object.fromEntries(RISK_FACTOR_CODES.map((c) => [c, points])) as Record<
          RiskFactorCodeName,
          typeof points
        >,
      )
      .strict(),
    thresholds: z
      .object({ medium: z.number().int().min(1).max(1000), high: z.number().int().min(1).max(1000) })
      .strict(),
  })
  .strict();
export type RiskWeightsBody = z.infer<typeof riskWeightsBody>;

/** GET /backoffice/api/risk/weights: the version in force. */
export const riskWeightsView = z.object({
  version: z.number().int(),
  weights: riskWeightsBody,
  /** Who saved it (null: shipped with the product) and when. */
  createdBy: z.number().int().nullable(),
  /** Their display name, else email; null when shipped or no such member. */
  createdByName: z.string().nullable(),
  createdAt: z.number().int(),
  /** What the version changed (D93): the weights, or the country lists with the same weights. */
  cause: z.enum(['weights', 'country_lists']),
});
export type RiskWeightsView = z.infer<typeof riskWeightsView>;

/** PUT /backoffice/api/risk/weights: the new weights over the version read (compare-and-set, 61021). */
export const riskWeightsUpdate = z.object({ baseVersion: z.number().int().min(1), weights: riskWeightsBody });
export type RiskWeightsUpdate = z.infer<typeof riskWeightsUpdate>;

/** The country risk lists (migration 038, docs/screening.md "Country lists"). */
export const RISK_COUNTRY_LISTS = [
  'fatf_call_for_action',
  'fatf_increased_monitoring',
  'eu_high_risk',
] as const;
export type RiskCountryListName = (typeof RISK_COUNTRY_LISTS)[number];

/** One country on one list, with its publication and who last changed it (null: shipped). */
export const riskCountryEntryView = z.object({
  country: z.string(),
  /** YYYY-MM-DD; null when the publication does not say. */
  listedSince: z.string().nullable(),
  /** YYYY-MM-DD of the publication the entry was read from. */
  published: z.string(),
  /** An https URL, possibly followed by a note (the shipped EU entries name the amending regulation). */
  source: z.string(),
  updatedBy: z.number().int().nullable(),
  updatedByName: z.string().nullable(),
  updatedAt: z.number().int(),
});
export type RiskCountryEntryView = z.infer<typeof riskCountryEntryView>;

/**
 * GET /backoffice/api/risk/country-lists: every list (in RISK_COUNTRY_LISTS order) with its entries by
 * country, and `version`, the risk configuration version in force a change is made over (D93).
 */
export const riskCountryListsView = z.object({
  version: z.number().int(),
  lists: z.array(z.object({ list: z.enum(RISK_COUNTRY_LISTS), entries: z.array(riskCountryEntryView) })),
});
export type RiskCountryListsView = z.infer<typeof riskCountryListsView>;

const listEntryFields = {
  baseVersion: z.number().int().min(1),
  list: z.enum(RISK_COUNTRY_LISTS),
  /** ISO 3166-1 alpha-2 (53001 when no such country). */
  country: z.string().trim().toUpperCase().max(8),
};
const entryValues = {
  /** YYYY-MM-DD or null (61023 when not a calendar date). */
  listedSince: z.string().max(20).nullable(),
  /** YYYY-MM-DD, not after today (61023). */
  published: z.string().max(20),
  /** https URL, optionally followed by a note (61024). */
  source: z.string().max(1000),
};

/**
 * POST /backoffice/api/risk/country-lists: one change of one list over the version read (61022 when the
 * risk configuration changed meanwhile); add (61025 when the country is on the list) or edit or remove
 * (61026 when it is not). Saved as a new risk configuration version, so the `risk` job recomputes.
 */
export const riskCountryListChange = z.discriminatedUnion('action', [
  z.object({ action: z.literal('add'), ...listEntryFields, ...entryValues }).strict(),
  z.object({ action: z.literal('edit'), ...listEntryFields, ...entryValues }).strict(),
  z.object({ action: z.literal('remove'), ...listEntryFields }).strict(),
]);
export type RiskCountryListChange = z.infer<typeof riskCountryListChange>;

/** Which of the person's countries a country factor is about. */
export const RISK_COUNTRY_ROLES = ['document', 'nationality', 'residence'] as const;
/** Sources of funds harder to verify (FATF R.10 interpretive note, source of funds): domain/risk/assess.ts. */
export const RISK_UNUSUAL_FUNDS = ['gift', 'crypto_activity', 'other'] as const;

/**
 * What about the person raised a factor, as data the back office puts in words in its own language
 * (the stored `detail` is the same in English, for the audit trail and the person's data copy).
 */
export const riskFactorAbout = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('country'),
    country: z.string(),
    roles: z.array(z.enum(RISK_COUNTRY_ROLES)),
    listedSince: z.string().nullable(),
  }),
  z.object({
    kind: z.literal('declared'),
    what: z.enum(['pep', 'pep_related', 'us_person', 'acting_for_third_party']),
  }),
  z.object({ kind: z.literal('third_party_funds') }),
  z.object({ kind: z.literal('source_of_funds'), funds: z.array(z.enum(RISK_UNUSUAL_FUNDS)) }),
  z.object({ kind: z.literal('monthly_volume'), band: z.enum(['from_50k_to_250k', 'over_250k']) }),
  z.object({
    kind: z.literal('screening_hit'),
    state: z.enum(['open', 'pending_confirmation', 'cleared', 'true_match']),
  }),
  /** The document checks (issue 19): the fields the MRZ disagrees on (names only, never the values). */
  z.object({ kind: z.literal('document_data_mismatch'), fields: z.array(z.enum(DATA_MATCH_FIELDS)) }),
  z.object({ kind: z.literal('document_expired') }),
  /** The same document on this many other accounts. */
  z.object({ kind: z.literal('document_duplicate'), otherAccounts: z.number().int().min(0) }),
  z.object({ kind: z.literal('document_mrz_unreadable'), reason: z.enum(MRZ_UNREADABLE_REASONS) }),
]);
export type RiskFactorAbout = z.infer<typeof riskFactorAbout>;

export const riskFactorView = z.object({
  code: z.enum(RISK_FACTOR_CODES),
  points: z.number().int(),
  /** Null only in assessments stored before it existed: the back office then shows `detail`. */
  about: riskFactorAbout.nullable(),
  detail: z.string(),
  source: z.string(),
});
export type RiskFactorView = z.infer<typeof riskFactorView>;

/** The case answer's `risk`: the person's current assessment; null before the first. */
export const caseRisk = z
  .object({
    level: z.enum(RISK_LEVELS),
    points: z.number().int(),
    factors: z.array(riskFactorView),
    computedAt: z.number().int(),
    weightsVersion: z.number().int(),
  })
  .nullable();
export type CaseRisk = z.infer<typeof caseRisk>;

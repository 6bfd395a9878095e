/** Migration 038 (issue 18, "Risk score"): country risk lists, versioned weights, assessments' history. */
import type { Generated, Selectable } from 'kysely';

export interface RiskCountryEntriesTable {
  /** fatf_call_for_action | fatf_increased_monitoring | eu_high_risk */
  list: string;
  /** ISO 3166-1 alpha-2. */
  country: string;
  /** ISO date the country was listed since (its current spell), when known. */
  listed_since: string | null;
  /** ISO date of the publication the entry was read from. */
  published: string;
  /** The publication's URL. */
  source: string;
  /** The admin who last changed the entry; null: shipped. */
  updated_by: number | null;
  updated_at: number;
}

export interface RiskWeightsTable {
  version: number;
  /** JSON: { factors: { code: points }, thresholds: { medium, high } } (domain/risk/weights.ts). */
  weights: string;
  created_by: number | null;
  created_at: number;
  /** What this version changed (migration 040, D93): `weights`, or `country_lists` (same weights). */
  cause: Generated<string>;
}

export interface RiskAssessmentsTable {
  id: Generated<number>;
  user_id: number;
  /** 1, 2, … per person; the highest is current; unique with user_id (the append's compare-and-set). */
  seq: number;
  level: string;
  points: number;
  /** JSON array of { code, points, detail, source }. */
  factors: string;
  weights_version: number;
  /** What made it recompute (domain/risk/risk-service.ts RiskTrigger). */
  trigger: string;
  computed_at: number;
}

export interface RiskTables {
  risk_country_entries: RiskCountryEntriesTable;
  risk_weights: RiskWeightsTable;
  risk_assessments: RiskAssessmentsTable;
}

export type RiskCountryEntryRow = Selectable<RiskCountryEntriesTable>;
export type RiskWeightsRow = Selectable<RiskWeightsTable>;
export type RiskAssessmentRow = Selectable<RiskAssessmentsTable>;

/**
 * Issue 18 "Risk score": the weights and thresholds shipped as version 1 (migration 038). From then on
 * `risk_weights` is the truth: an admin's change is a new version (PUT /backoffice/api/risk/weights),
 * never an edit of this file. docs/screening.md "Risk score" explains each factor and number.
 */
export const SHIPPED_RISK_WEIGHTS = {
  factors: {
    country_fatf_call_for_action: 100,
    country_fatf_increased_monitoring: 30,
    country_eu_high_risk: 30,
    pep: 40,
    pep_related: 25,
    us_person: 10,
    third_party_control: 30,
    source_of_funds: 10,
    expected_volume_high: 10,
    expected_volume_very_high: 25,
    screening_open_hit: 40,
    screening_cleared_hit: 0,
    screening_true_match: 100,
    // Migration 045 (issue 18, D105's slice): the document checks as factors. A database made before
    // it gets them as a new version (the job then recomputes everyone); a new one has them in v1.
    document_data_mismatch: 30,
    document_expired: 25,
    document_duplicate: 40,
    document_mrz_unreadable: 10,
  },
  thresholds: { medium: 25, high: 60 },
} as const;

/** The factors migration 045 adds to a stored version that lacks them (their shipped points). */
export const DOCUMENT_CHECK_WEIGHTS = {
  document_data_mismatch: SHIPPED_RISK_WEIGHTS.factors.document_data_mismatch,
  document_expired: SHIPPED_RISK_WEIGHTS.factors.document_expired,
  document_duplicate: SHIPPED_RISK_WEIGHTS.factors.document_duplicate,
  document_mrz_unreadable: SHIPPED_RISK_WEIGHTS.factors.document_mrz_unreadable,
} as const;

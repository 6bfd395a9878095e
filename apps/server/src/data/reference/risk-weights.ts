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
  },
  thresholds: { medium: 25, high: 60 },
} as const;

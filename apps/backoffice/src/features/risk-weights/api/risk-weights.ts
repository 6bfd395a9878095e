/**
 * The risk weights (issue 18, docs/screening.md "Weights and thresholds"): the version in force, read by
 * everyone who sees cases, and a new version over the one read (admins, `edit_risk_weights`; 61020
 * thresholds out of order, 61021 someone saved a newer version meanwhile).
 */
import {
  RISK_FACTOR_CODES,
  type RiskFactorCodeName,
  type RiskWeightsBody,
  type RiskWeightsUpdate,
  type RiskWeightsView,
} from '@kyc/contracts';
import { api } from '../../../lib/api-client.ts';

export { RISK_FACTOR_CODES };
export type { RiskFactorCodeName, RiskWeightsBody, RiskWeightsView };

/** GET /backoffice/api/risk/weights (`view_cases`). */
export function fetchRiskWeights(signal?: AbortSignal): Promise<RiskWeightsView> {
  return api.get<RiskWeightsView>('/risk/weights', { signal });
}

/** PUT /backoffice/api/risk/weights (`edit_risk_weights`; audited as risk.weights.update). */
export function putRiskWeights(body: RiskWeightsUpdate): Promise<RiskWeightsView> {
  return api.put<RiskWeightsView>('/risk/weights', body);
}

/** Whole points 0–1000 (a factor) or 1–1000 (a threshold) from the form's text; null otherwise. */
export function parsePoints(input: string, min: 0 | 1): number | null {
  const value = input.trim();
  if (!/^\d{1,4}$/.test(value)) return null;
  const n = Number(value);
  return n >= min && n <= 1000 ? n : null;
}

/** Whether two versions' weights are the same (nothing to save). */
export function sameWeights(a: RiskWeightsBody, b: RiskWeightsBody): boolean {
  return (
    a.thresholds.medium === b.thresholds.medium &&
    a.thresholds.high === b.thresholds.high &&
    RISK_FACTOR_CODES.every((code) => a.factors[code] === b.factors[code])
  );
}

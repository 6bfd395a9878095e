/**
 * The risk weights and thresholds as data (docs/screening.md "Risk score", D90): each factor's points
 * and the points from which a person is medium or high. Versioned in `risk_weights`; an admin's change
 * is a new version (weights-admin.ts).
 */
import { RISK_FACTOR_CODES, riskWeightsBody, type RiskWeightsBody } from '@kyc/contracts';

export { RISK_FACTOR_CODES };
export type RiskFactorCode = (typeof RISK_FACTOR_CODES)[number];

export interface RiskWeights extends RiskWeightsBody {
  version: number;
}

/** A stored version's JSON, checked against the contract (a row that does not parse is a bug: thrown). */
export function parseWeights(version: number, json: string): RiskWeights {
  return { version, ...riskWeightsBody.parse(JSON.parse(json)) };
}

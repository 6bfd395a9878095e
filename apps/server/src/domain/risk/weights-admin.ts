/**
 * GET/PUT /backoffice/api/risk/weights (docs/screening.md "Weights and thresholds", D91): the version in
 * force, and a new version over the one read. Reading needs `view_cases` (the factors' points are on
 * every case page); changing needs `edit_risk_weights` (admins). The change is a compare-and-set on the
 * version (61021) with its audit entry in one transaction; thresholds out of order are 61020. The `risk`
 * job then recomputes everyone assessed under an older version, a batch per tick.
 */
import type { RiskWeightsUpdate, RiskWeightsView, StaffMe } from '@kyc/contracts';
import type { Repositories } from '../../data/repositories/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { requirePermission } from '../backoffice/permissions.ts';
import { staffLabel } from '../backoffice/staff-label.ts';
import { parseWeights } from './weights.ts';

/** The version in force as the back office reads it (the country lists' admin makes its next too). */
export async function weightsInForce(r: Pick<Repositories, 'risk'>): Promise<RiskWeightsView> {
  const row = await r.risk.currentWeights();
  if (!row) throw new Error('risk_weights holds no version (migration 038 ships version 1)');
  const { version, ...weights } = parseWeights(Number(row.version), row.weights);
  return {
    version,
    weights,
    createdBy: row.created_by === null ? null : Number(row.created_by),
    createdByName: row.created_by === null ? null : staffLabel(row.staff_display_name, row.staff_email),
    createdAt: Number(row.created_at),
    cause: row.cause === 'country_lists' ? 'country_lists' : 'weights',
  };
}

export function riskWeightsUseCases(repos: Pick<Repositories, 'risk' | 'transaction'>) {
  return {
    async getWeights(staff: StaffMe): Promise<RiskWeightsView> {
      requirePermission(staff, 'view_cases');
      return weightsInForce(repos);
    },

    async putWeights(staff: StaffMe, body: RiskWeightsUpdate, now = Date.now()): Promise<RiskWeightsView> {
      requirePermission(staff, 'edit_risk_weights');
      const { medium, high } = body.weights.thresholds;
      if (medium >= high)
        throw new AppError(
          'RISK_WEIGHTS_INVALID',
          `thresholds.medium (${medium}) must be below thresholds.high (${high})`,
        );
      return repos.transaction(async (tx) => {
        const current = await weightsInForce(tx);
        const version = current.version + 1;
        if (
          current.version !== body.baseVersion ||
          !(await tx.risk.insertWeights(version, JSON.stringify(body.weights), staff.id, now))
        )
          throw new AppError(
            'RISK_WEIGHTS_VERSION_CHANGED',
            `the weights in force are version ${current.version}, not ${body.baseVersion}`,
            409,
          );
        const changed = Object.entries(body.weights.factors)
          .filter(
            ([code, points]) =>
              current.weights.factors[code as keyof typeof current.weights.factors] !== points,
          )
          .map(([code, points]) => ({
            code,
            from: current.weights.factors[code as keyof typeof current.weights.factors],
            to: points,
          }));
        await tx.audit.insert(
          {
            staffId: staff.id,
            action: 'risk.weights.update',
            caseRef: `risk-weights:${version}`,
            details: {
              from: current.version,
              to: version,
              changed,
              thresholds: { from: current.weights.thresholds, to: body.weights.thresholds },
            },
          },
          now,
        );
        return {
          version,
          weights: body.weights,
          createdBy: staff.id,
          createdByName: staffLabel(staff.display_name, staff.email),
          createdAt: now,
          cause: 'weights',
        };
      });
    },
  };
}
export type RiskWeightsUseCases = ReturnType<typeof riskWeightsUseCases>;

/**
 * Claims on questionnaire cases (issue 17, D123): one user's template (`caseRefOf(userId, code)`) is
 * claimed, assigned and released as a verification case is (work/case-claims.ts); while the claim lasts
 * only its assignee decides it (decision.ts `claimedDecisionTransaction`, every decision kind).
 */
import type { StaffMe } from '@kyc/contracts';
import { requirePermission } from '../permissions.ts';
import { caseClaimUseCases, type CaseClaimSettings } from '../work/case-claims.ts';
import { caseRefOf, versionsOf, type ReviewContext } from './review-context.ts';

export function claimUseCases(ctx: ReviewContext, settings?: CaseClaimSettings) {
  const claims = caseClaimUseCases(ctx.repos, settings);
  /** The case of one user's template; a template nobody publishes is 51004 (no such person: 404). */
  async function caseOf(staff: StaffMe, userId: number, code: string) {
    requirePermission(staff, 'view_cases');
    await versionsOf(ctx, code);
    return { caseRef: caseRefOf(userId, code), userId };
  }
  return {
    async claimCase(staff: StaffMe, userId: number, code: string, now = Date.now()) {
      return claims.claim(staff, await caseOf(staff, userId, code), now);
    },
    async assignCase(
      staff: StaffMe,
      userId: number,
      code: string,
      to: number,
      expectedVersion: number | null,
      now = Date.now(),
    ) {
      return claims.assign(staff, await caseOf(staff, userId, code), to, expectedVersion, now);
    },
    async releaseCase(staff: StaffMe, userId: number, code: string, version: number, now = Date.now()) {
      return claims.release(staff, await caseOf(staff, userId, code), version, now);
    },
  };
}

/**
 * What a submission is (docs/kyc.md "Submissions"): a level 1/2 verification, a re-verification, an
 * ID or address update, or a check by an identity vendor. Shared by the queue and the case page.
 * The contracts' SUBMISSION_KINDS as a record (its module's zod schemas stay out of the bundle, see
 * staff-session.tsx), so a kind added there is a compile error here.
 */
import type { SubmissionKind } from '@kyc/contracts';

export type { SubmissionKind };

const KINDS: Record<SubmissionKind, true> = {
  level: true,
  reverification: true,
  update_id: true,
  update_poa: true,
  vendor: true,
};

export const SUBMISSION_KINDS = Object.keys(KINDS) as SubmissionKind[];

export function isSubmissionKind(value: unknown): value is SubmissionKind {
  return typeof value === 'string' && Object.hasOwn(KINDS, value);
}

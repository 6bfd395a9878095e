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

/**
 * The translation key naming a submission: a level-2 verification is a proof of address (issue 10:
 * never labelled with the identity document it is filed under), every other by its kind.
 */
export function submissionLabelKey(kind: SubmissionKind, level: number) {
  return kind === 'level' && level === 2
    ? 'captureSignOff.proofOfAddress'
    : (`common.kinds.${kind}` as const);
}

/** Whether a submission is a proof of address (level 2 or an address update): it names no ID document. */
export function isProofOfAddress(kind: SubmissionKind, level: number): boolean {
  return kind === 'update_poa' || (kind === 'level' && level === 2);
}

export function isSubmissionKind(value: unknown): value is SubmissionKind {
  return typeof value === 'string' && Object.hasOwn(KINDS, value);
}

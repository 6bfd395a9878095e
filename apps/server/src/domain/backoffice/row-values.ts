/**
 * The back office's reading of stored status, kind and side columns (review, support inbox) as the
 * contracts' unions. The columns are plain strings in the schema, so an unknown value falls back to the
 * union's safe default here, in one place, until the schema types them with the unions themselves.
 */
import {
  DECISION_KINDS,
  DISPLAY_UPDATE_POI_STATUSES,
  DOCUMENT_SIDES,
  KYC_STEP_STATUSES,
  SUBMISSION_KINDS,
  SUBMISSION_STATUSES,
  SUPPORT_STATUSES,
  type DecisionKind,
  type DisplayUpdatePoiStatus,
  type DocumentSide,
  type KycStepStatus,
  type ReviewSubmission,
  type SubmissionKind,
  type SupportStatus,
} from '@kyc/contracts';

const isOneOf = <T extends string>(values: readonly T[], v: string): v is T =>
  (values as readonly string[]).includes(v);

export function asStatus(v: string): KycStepStatus {
  return isOneOf(KYC_STEP_STATUSES, v) ? v : 'NOT_ALLOW';
}
export function asPoi(v: string | undefined): DisplayUpdatePoiStatus {
  return v !== undefined && isOneOf(DISPLAY_UPDATE_POI_STATUSES, v) ? v : 'DisplayUpdatePOIStatus_No';
}
export function asSide(v: string): DocumentSide {
  return isOneOf(DOCUMENT_SIDES, v) ? v : 'front';
}
export function asKind(v: string): SubmissionKind {
  return isOneOf(SUBMISSION_KINDS, v) ? v : 'level';
}
export function asSubmissionStatus(v: string): ReviewSubmission['status'] {
  return isOneOf(SUBMISSION_STATUSES, v) ? v : 'PENDING';
}
export function asDecision(v: string): DecisionKind {
  return isOneOf(DECISION_KINDS, v) ? v : 'approve';
}
export function asSupportStatus(v: string): SupportStatus {
  return isOneOf(SUPPORT_STATUSES, v) ? v : 'open';
}

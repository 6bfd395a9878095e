/**
 * Which translated message a failed call shows. Screens map the codes they expect (e.g. 20001 on
 * sign-in) themselves and fall back to this; the raw ret_msg is never shown to staff.
 */
import { RET_CODES } from '@kyc/contracts';
import { isApiError } from './api-client.ts';

export type ErrorMessageKey =
  | 'errors.network'
  | 'errors.timeout'
  | 'errors.csrf'
  | 'errors.server'
  | 'errors.generic'
  | 'apiErrors.invalidRequest'
  | 'apiErrors.permissionDenied'
  | 'apiErrors.tooManyRequests'
  | 'apiErrors.illegalTransition'
  | 'apiErrors.fourEyes'
  | 'apiErrors.alreadyDecided'
  | 'apiErrors.listTooSlow'
  | 'apiErrors.listCursorInvalid'
  | 'apiErrors.caseClaimedByOther'
  | 'apiErrors.caseClaimChanged'
  | 'apiErrors.caseNotAssignee'
  | 'apiErrors.caseAssigneeInvalid'
  | 'apiErrors.serviceLevelsChanged'
  | 'apiErrors.dashboardPeriodInvalid'
  | 'apiErrors.dashboardPeriodTooLong'
  | 'apiErrors.screeningOpenHit'
  | 'apiErrors.screeningNotDone'
  | 'apiErrors.screeningHitUnknown'
  | 'apiErrors.screeningHitChanged'
  | 'apiErrors.screeningHitWrongState'
  | 'apiErrors.screeningOwnConfirmation'
  | 'apiErrors.accountFrozen'
  | 'apiErrors.screeningExportUnknown'
  | 'apiErrors.screeningAlertAssignedToOther'
  | 'apiErrors.screeningAlertAssignmentChanged'
  | 'apiErrors.screeningListsNotConfigured'
  | 'apiErrors.dataExportInProgress'
  | 'apiErrors.dataExportNotReady'
  | 'apiErrors.dataExportDownloaded'
  | 'apiErrors.dataExportExpired'
  | 'apiErrors.dataExportInvalid'
  | 'apiErrors.dataExportFailed'
  | 'apiErrors.retentionPolicyIncomplete'
  | 'apiErrors.retentionPolicyBelowMinimum'
  | 'apiErrors.retentionPolicyClockInvalid'
  | 'apiErrors.retentionPolicyVersionChanged'
  | 'apiErrors.legalHoldUnknown'
  | 'apiErrors.legalHoldAlreadyLifted'
  | 'apiErrors.legalHoldPersonUnknown'
  | 'apiErrors.legalHoldReviewDateInvalid'
  | 'apiErrors.retentionRunInProgress'
  | 'apiErrors.closedAccountDenied'
  | 'apiErrors.closedAccountReasonRequired'
  | 'apiErrors.recordRedacted'
  | 'apiErrors.personNotFound'
  | 'apiErrors.autoReviewNotFound'
  | 'apiErrors.autoReviewNotWaiting'
  | 'apiErrors.autoReversalLevelMoved';

const KEY_BY_CODE: Record<number, ErrorMessageKey> = {
  [RET_CODES.NETWORK_ERROR.code]: 'errors.network',
  [RET_CODES.REQUEST_TIMEOUT.code]: 'errors.timeout',
  [RET_CODES.CSRF_TOKEN_INVALID.code]: 'errors.csrf',
  [RET_CODES.INTERNAL_ERROR.code]: 'errors.server',
  [RET_CODES.SERVICE_UNAVAILABLE.code]: 'errors.server',
  // Review screens (queue, case, decisions, audit log, quotas): refusals the server names by code.
  [RET_CODES.PARAMS_ERROR.code]: 'apiErrors.invalidRequest',
  [RET_CODES.PERMISSION_DENIED.code]: 'apiErrors.permissionDenied',
  [RET_CODES.TOO_MANY_REQUESTS.code]: 'apiErrors.tooManyRequests',
  [RET_CODES.KYC_ILLEGAL_TRANSITION.code]: 'apiErrors.illegalTransition',
  [RET_CODES.KYC_FOUR_EYES_REQUIRED.code]: 'apiErrors.fourEyes',
  [RET_CODES.CASE_ALREADY_DECIDED.code]: 'apiErrors.alreadyDecided',
  // Issue 17: a list past its time limit asks to narrow the filters; claims and service levels.
  [RET_CODES.LIST_TOO_SLOW.code]: 'apiErrors.listTooSlow',
  [RET_CODES.LIST_CURSOR_INVALID.code]: 'apiErrors.listCursorInvalid',
  [RET_CODES.CASE_CLAIMED_BY_OTHER.code]: 'apiErrors.caseClaimedByOther',
  [RET_CODES.CASE_CLAIM_CHANGED.code]: 'apiErrors.caseClaimChanged',
  [RET_CODES.CASE_NOT_ASSIGNEE.code]: 'apiErrors.caseNotAssignee',
  [RET_CODES.CASE_ASSIGNEE_INVALID.code]: 'apiErrors.caseAssigneeInvalid',
  [RET_CODES.SERVICE_LEVELS_CHANGED.code]: 'apiErrors.serviceLevelsChanged',
  [RET_CODES.DASHBOARD_PERIOD_INVALID.code]: 'apiErrors.dashboardPeriodInvalid',
  [RET_CODES.DASHBOARD_PERIOD_TOO_LONG.code]: 'apiErrors.dashboardPeriodTooLong',
  // Issue 18: an approval refused by the person's screening.
  [RET_CODES.SCREENING_OPEN_HIT.code]: 'apiErrors.screeningOpenHit',
  [RET_CODES.SCREENING_NOT_DONE.code]: 'apiErrors.screeningNotDone',
  // Slice 3: resolving hits, the frozen account, the alerts queue.
  [RET_CODES.SCREENING_HIT_UNKNOWN.code]: 'apiErrors.screeningHitUnknown',
  [RET_CODES.SCREENING_HIT_CHANGED.code]: 'apiErrors.screeningHitChanged',
  [RET_CODES.SCREENING_HIT_WRONG_STATE.code]: 'apiErrors.screeningHitWrongState',
  [RET_CODES.SCREENING_OWN_CONFIRMATION.code]: 'apiErrors.screeningOwnConfirmation',
  [RET_CODES.ACCOUNT_FROZEN.code]: 'apiErrors.accountFrozen',
  [RET_CODES.SCREENING_EXPORT_UNKNOWN.code]: 'apiErrors.screeningExportUnknown',
  [RET_CODES.SCREENING_ALERT_ASSIGNED_TO_OTHER.code]: 'apiErrors.screeningAlertAssignedToOther',
  [RET_CODES.SCREENING_ALERT_ASSIGNMENT_CHANGED.code]: 'apiErrors.screeningAlertAssignmentChanged',
  [RET_CODES.SCREENING_LISTS_NOT_CONFIGURED.code]: 'apiErrors.screeningListsNotConfigured',
  // Issue 20: the person's copy for a subject access request.
  [RET_CODES.DATA_EXPORT_IN_PROGRESS.code]: 'apiErrors.dataExportInProgress',
  [RET_CODES.DATA_EXPORT_NOT_READY.code]: 'apiErrors.dataExportNotReady',
  [RET_CODES.DATA_EXPORT_ALREADY_DOWNLOADED.code]: 'apiErrors.dataExportDownloaded',
  [RET_CODES.DATA_EXPORT_EXPIRED.code]: 'apiErrors.dataExportExpired',
  [RET_CODES.DATA_EXPORT_UNKNOWN.code]: 'apiErrors.dataExportInvalid',
  [RET_CODES.DATA_EXPORT_LINK_INVALID.code]: 'apiErrors.dataExportInvalid',
  [RET_CODES.DATA_EXPORT_FAILED.code]: 'apiErrors.dataExportFailed',
  // Issue 20: retention policies, legal holds, the erasure job, and a closed or held person's data.
  [RET_CODES.RETENTION_POLICY_INCOMPLETE.code]: 'apiErrors.retentionPolicyIncomplete',
  [RET_CODES.RETENTION_POLICY_BELOW_MINIMUM.code]: 'apiErrors.retentionPolicyBelowMinimum',
  [RET_CODES.RETENTION_POLICY_CLOCK_INVALID.code]: 'apiErrors.retentionPolicyClockInvalid',
  [RET_CODES.RETENTION_POLICY_VERSION_CHANGED.code]: 'apiErrors.retentionPolicyVersionChanged',
  [RET_CODES.LEGAL_HOLD_UNKNOWN.code]: 'apiErrors.legalHoldUnknown',
  [RET_CODES.LEGAL_HOLD_ALREADY_LIFTED.code]: 'apiErrors.legalHoldAlreadyLifted',
  [RET_CODES.LEGAL_HOLD_PERSON_UNKNOWN.code]: 'apiErrors.legalHoldPersonUnknown',
  [RET_CODES.LEGAL_HOLD_REVIEW_DATE_INVALID.code]: 'apiErrors.legalHoldReviewDateInvalid',
  [RET_CODES.RETENTION_RUN_IN_PROGRESS.code]: 'apiErrors.retentionRunInProgress',
  [RET_CODES.CLOSED_ACCOUNT_ACCESS_DENIED.code]: 'apiErrors.closedAccountDenied',
  [RET_CODES.CLOSED_ACCOUNT_REASON_REQUIRED.code]: 'apiErrors.closedAccountReasonRequired',
  [RET_CODES.RECORD_REDACTED.code]: 'apiErrors.recordRedacted',
  [RET_CODES.PERSON_NOT_FOUND.code]: 'apiErrors.personNotFound',
  // Issue 19 (D103): the quality review of automatic approvals.
  [RET_CODES.AUTO_REVIEW_NOT_FOUND.code]: 'apiErrors.autoReviewNotFound',
  [RET_CODES.AUTO_REVIEW_NOT_WAITING.code]: 'apiErrors.autoReviewNotWaiting',
  [RET_CODES.AUTO_REVERSAL_LEVEL_MOVED.code]: 'apiErrors.autoReversalLevelMoved',
};

export function errorMessageKey(error: unknown): ErrorMessageKey {
  if (isApiError(error)) return KEY_BY_CODE[error.ret_code] ?? 'errors.generic';
  return 'errors.generic';
}

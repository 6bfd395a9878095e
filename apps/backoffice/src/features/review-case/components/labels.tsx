import { useTranslation } from 'react-i18next';
import type { DecisionKind, DocumentType, ReviewSubmission } from '@kyc/contracts';
import { REJECT_REASON_CODES, type RejectReasonCode } from '../api/case.ts';

/** Codes the server sends as free strings: the translated name when known, else the code itself. */
function isOneOf<T extends string>(list: readonly T[], value: string): value is T {
  return (list as readonly string[]).includes(value);
}

export function ReasonLabel({ code }: { code: string }) {
  const { t } = useTranslation();
  return <>{isOneOf<RejectReasonCode>(REJECT_REASON_CODES, code) ? t(`decisions.reasons.${code}`) : code}</>;
}

const DOCUMENT_TYPES: readonly DocumentType[] = ['ID_CARD', 'PASSPORT', 'DRIVERS', 'RESIDENCE_PERMIT'];

export function DocumentTypeLabel({ type }: { type: string }) {
  const { t } = useTranslation();
  if (!type) return <>—</>;
  return <>{isOneOf(DOCUMENT_TYPES, type) ? t(`case.documentTypes.${type}`) : type}</>;
}

const SUBMISSION_STATUSES: readonly ReviewSubmission['status'][] = [
  'PENDING',
  'APPROVED',
  'REJECTED_RETRY',
  'REJECTED_FINAL',
  'WITHDRAWN',
];

export function SubmissionStatusLabel({ status }: { status: string }) {
  const { t } = useTranslation();
  return <>{isOneOf(SUBMISSION_STATUSES, status) ? t(`case.submissionStatuses.${status}`) : status}</>;
}

/** Decision rows of the history; a kind this screen does not know yet shows as sent. */
const DECISION_KINDS: readonly DecisionKind[] = [
  'approve',
  'reject_retry',
  'reject_final_proposed',
  'reject_final_confirmed',
  'reverify_requested',
  'reverify_approved',
  'reverify_rejected',
  'reverify_rejected_daily',
  'update_approved',
  'update_rejected',
];

export function DecisionKindLabel({ kind }: { kind: string }) {
  const { t } = useTranslation();
  return <>{isOneOf(DECISION_KINDS, kind) ? t(`case.history.decisions.${kind}`) : kind}</>;
}

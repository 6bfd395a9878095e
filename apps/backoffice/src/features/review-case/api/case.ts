import type { DecisionRequest, ReviewCase, ReviewDocument, ReviewSubmission } from '@kyc/contracts';
import { API_BASE, api } from '../../../lib/api-client.ts';

/** GET /backoffice/api/cases/:userId: person, levels, re-verification, submissions, documents, history. */
export type CaseView = ReviewCase;
/** One submission (any kind); `details` are decrypted for staff (names of an ID update, a masked ID number). */
export type CaseSubmission = ReviewSubmission;
export type CaseDocument = ReviewDocument;
export type CaseDecisionEntry = ReviewCase['decisions'][number];
export type CaseLevel = ReviewCase['levels'][number];
/** The vendor panel: the person's applicants at the vendors and the vendors' events (payloads opened). */
export type CaseVendorApplicant = ReviewCase['vendor']['applicants'][number];
export type CaseVendorEvent = ReviewCase['vendor']['events'][number];
/** Issue 18: the person's sanctions screening and one of its hits (with its explanation). */
export type CaseScreening = ReviewCase['screening'];
export type CaseScreeningHit = CaseScreening['hits'][number];

/** Every decision the case page can send (POST …/decisions). */
export type DecisionBody = DecisionRequest;
export type DecisionName = DecisionBody['decision'];

/** Reason codes offered when rejecting (one list in contracts); the person reads the code translated and the message. */
export {
  KYC_REJECT_REASON_CODES as REJECT_REASON_CODES,
  type KycRejectReasonCode as RejectReasonCode,
} from '@kyc/contracts';

/** The contracts' limit on the user-facing message of a rejection. */
export const USER_MESSAGE_MAX = 500;

/** GET /backoffice/api/cases/:userId (view_cases); the server audits every view. */
export function fetchCase(userId: number, signal?: AbortSignal): Promise<CaseView> {
  return api.get<CaseView>(`/cases/${userId}`, { signal });
}

/** POST /backoffice/api/cases/:userId/decisions: the case as it is after the decision. */
export function postDecision(userId: number, body: DecisionBody): Promise<CaseView> {
  return api.post<CaseView>(`/cases/${userId}/decisions`, body);
}

/**
 * Where the browser reads one document (same origin: the staff cookie goes with it). The answer is
 * sandboxed and audited per request (docs/backoffice.md "Documents").
 */
export function documentUrl(userId: number, documentId: string): string {
  return `${API_BASE}/cases/${userId}/documents/${encodeURIComponent(documentId)}`;
}

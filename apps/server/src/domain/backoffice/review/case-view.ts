/**
 * The case page (docs/backoffice.md "Case history", "Queue and submissions"): the applicant, both
 * levels, the re-verification, the decision history, the documents and every submission with its
 * sealed details opened under the person's data key, and the verification vendors' applicants and
 * events (vendor-panel.ts). Showing it shows personal data, so the view itself is audited (`case.view`,
 * naming the submissions whose details and the vendor events whose payloads were decrypted). A decision
 * a vendor took names the vendor, not a staff member (staff-label.ts).
 */
import type {
  AutoDecisionEvidence,
  CaseScreening,
  ReviewCase,
  ReviewDocument,
  ReviewSubmission,
  StaffMe,
} from '@kyc/contracts';
import type { Repositories } from '../../../data/repositories/index.ts';
import type { SubmissionsRepo } from '../../../data/repositories/submissions-repo.ts';
import type { KycSubmissionRow } from '../../../data/schema/index.ts';
import { AppError } from '../../../lib/app-error.ts';
import type { MasterKeyring } from '../../../lib/crypto/envelope.ts';
import { openDetails, withStoredDataKey } from '../../kyc/data-keys.ts';
import { requirePermission } from '../permissions.ts';
import { assigneeOf } from '../work/assignment.ts';
import { deciderLabel, decidingVendor, staffLabel } from '../staff-label.ts';
import { asDecision } from '../row-values.ts';
import type { ApprovalScreening } from '../../screening/screening-service.ts';
import { vendorPanelOf } from './vendor-panel.ts';
import { accessNote, closedAccessGate, publicAccess } from '../../retention/closed-access.ts';
import { storedRiskOf } from '../../risk/risk-service.ts';
import { caseChecksOf } from '../../checks/run/case-checks.ts';
import { caseCorrectionsOf } from '../../checks/correction/case-corrections.ts';

type CaseRepositories = Pick<
  Repositories,
  | 'accountClosures'
  | 'audit'
  | 'autoDecisions'
  | 'documentChecks'
  | 'documentCorrections'
  | 'kyc'
  | 'retention'
  | 'review'
  | 'risk'
  | 'submissions'
  | 'users'
  | 'vendors'
  | 'work'
>;

/** Issue 18: the person's screening for the case page, and the approval's checks (decide.ts). */
export interface CaseScreeningSource extends ApprovalScreening {
  caseScreening(userId: number): Promise<CaseScreening>;
}

/** Without screening (no list configured in the composition): nobody was screened. */
const NOT_SCREENED: CaseScreening = {
  status: 'not_screened',
  screenedAt: null,
  lists: [],
  hits: [],
  frozen: null,
};

export function caseViewUseCase(
  repos: CaseRepositories,
  keyring: MasterKeyring,
  screening?: CaseScreeningSource,
) {
  const { audit, kyc, review, submissions, users } = repos;
  const gate = closedAccessGate(repos, keyring);

  /** Every submission of the user, newest first, with its details opened under the user's data key. */
  async function submissionsOfCase(
    repo: SubmissionsRepo,
    userId: number,
  ): Promise<{ items: ReviewSubmission[]; withDetails: number[] }> {
    const rows = [...(await repo.submissionsOf(userId))].reverse();
    const documentIds = await repo.documentIdsBySubmission(userId);
    const sealed = rows.filter((r) => r.details_enc !== null);
    const list = (key: Buffer | undefined) => {
      const detailsOf = (row: KycSubmissionRow): Record<string, string> => {
        if (row.details_enc === null) return {};
        if (!key) return { unreadable: 'the data key of this user is missing' };
        try {
          return openDetails(key, userId, row.idempotency_key, Buffer.from(row.details_enc));
        } catch {
          return { unreadable: 'the details could not be decrypted' };
        }
      };
      const items = rows.map((r): ReviewSubmission => ({
        id: Number(r.id),
        kind: r.kind,
        level: r.level,
        documentType: r.document_type,
        issuingCountry: r.issuing_country,
        status: r.status,
        createdAt: Number(r.created_at),
        decidedAt: r.decided_at === null ? null : Number(r.decided_at),
        reasonCode: r.reject_reason_code,
        userMessage: r.reject_reason,
        documentIds: documentIds.get(Number(r.id)) ?? [],
        details: detailsOf(r),
        consent:
          r.consent_version === null || r.consent_at === null
            ? null
            : { version: r.consent_version, language: r.consent_language ?? '', at: Number(r.consent_at) },
        finalProposedAt: r.final_proposed_at === null ? null : Number(r.final_proposed_at),
      }));
      return { items, withDetails: sealed.map((r) => Number(r.id)) };
    };
    // Nothing sealed: no data key is unwrapped at all.
    return sealed.length > 0 ? withStoredDataKey(repo, keyring, userId, list) : list(undefined);
  }

  return async function viewCase(staff: StaffMe, userId: number, now = Date.now()): Promise<ReviewCase> {
    requirePermission(staff, 'view_cases');
    const user = await users.findById(userId);
    if (!user) throw new AppError('PARAMS_ERROR', 'userId: no such applicant', 404);
    // Issue 20 (D79): a closed or held person opens only with the member's recorded reason (62040/62041);
    // an erased person's view says where their data was redacted instead of failing.
    const closedAccess = await gate.require(staff, userId, now);
    const redactions = closedAccess ? await gate.markers(userId) : [];
    const applicant = await kyc.findApplicant(userId);
    const states = await kyc.levelStates(userId);
    const poi = await kyc.findReverification(userId);
    const decisions = await review.decisions(userId);
    // Issue 19 (D102): the in-house provider's own decisions carry their evidence.
    const automatic = new Map(
      (await repos.autoDecisions.ofDecisions(decisions.map((d) => Number(d.id)))).map((a) => [
        a.decision_id,
        JSON.parse(a.evidence) as AutoDecisionEvidence,
      ]),
    );
    const documents = await submissions.submittedDocumentsOfUser(userId);
    const cases = await submissionsOfCase(submissions, userId);
    const vendor = await vendorPanelOf(repos, keyring, userId);
    // Our names in the hits are opened under the person's data key: named in the audit entry.
    const screened = screening ? await screening.caseScreening(userId) : NOT_SCREENED;
    // Issue 18 "Risk score": the person's current assessment (no personal data beyond the factors).
    const riskRow = await repos.risk.currentAssessment(userId);
    // Issue 19: the document checks of the latest in-house level-1 submission, their evidence opened.
    const checked = await caseChecksOf(repos, keyring, userId);
    // Issue 19 correction step: the person's answers (first typed, corrected or kept), opened too.
    const corrections = checked.run
      ? await caseCorrectionsOf(repos, keyring, userId, checked.run.submissionId)
      : [];
    // The view shows personal data, including the decrypted details of these submissions and the
    // payloads of these vendor events: audited.
    const details = {
      ...(cases.withDetails.length > 0 ? { decryptedSubmissions: cases.withDetails } : {}),
      ...(vendor.openedEvents.length > 0 ? { openedVendorEvents: vendor.openedEvents } : {}),
      ...(screened.hits.length > 0 ? { openedScreeningHits: screened.hits.map((h) => h.id) } : {}),
      ...(checked.opened !== null ? { openedDocumentChecks: checked.opened } : {}),
      ...(corrections.length > 0 ? { openedDocumentCorrections: corrections.map((c) => c.revision) } : {}),
      ...accessNote(closedAccess),
    };
    await audit.insert(
      {
        staffId: staff.id,
        action: 'case.view',
        subjectUserId: userId,
        caseRef: `user:${userId}`,
        ...(Object.keys(details).length > 0 ? { details } : {}),
      },
      now,
    );
    const levels = ([1, 2] as const).map((level) => {
      const row = states.find((s) => s.level === level);
      const latest = decisions.find((d) => d.level === level);
      const status = row?.status ?? (level === 1 ? 'ALLOW' : 'NOT_ALLOW');
      return {
        level,
        status,
        rejectReasonCode: row?.reject_reason_code ?? '',
        rejectReason: row?.reject_reason ?? '',
        finalRejectionProposed: status === 'PENDING' && latest?.decision === 'reject_final_proposed',
      };
    });
    return {
      userId,
      email: user.email,
      site: user.site,
      applicant: {
        firstName: applicant?.first_name ?? '',
        lastName: applicant?.last_name ?? '',
        dateOfBirth: applicant?.date_of_birth ?? '',
        country: applicant?.country ?? '',
        residenceCountry: applicant?.residence_country ?? '',
        level: applicant?.level ?? 0,
      },
      levels,
      reverification: {
        status: poi?.status ?? 'DisplayUpdatePOIStatus_No',
        deadline: poi?.deadline ?? null,
        rejectReason: poi?.reject_reason ?? '',
        site: poi?.site ?? '',
        country: poi?.country ?? '',
      },
      decisions: decisions.map((d) => ({
        id: Number(d.id),
        level: d.level,
        decision: asDecision(d.decision),
        reasonCode: d.reason_code,
        userMessage: d.user_message,
        staffId: Number(d.staff_id),
        staffName: deciderLabel(d),
        decidedByProvider: decidingVendor(d.decided_by_provider),
        automatic: automatic.get(Number(d.id)) ?? null,
        confirmedBy: d.confirmed_by === null ? null : Number(d.confirmed_by),
        confirmedByName:
          d.confirmed_by === null ? null : staffLabel(d.confirmer_display_name, d.confirmer_email),
        at: d.at,
        comment: d.comment,
      })),
      documents: documents.map((d): ReviewDocument => ({
        id: d.id,
        side: d.side,
        mime: d.mime,
        size: Number(d.size),
        sha256: d.sha256,
        createdAt: Number(d.created_at),
        submissionId: d.submission_id === null ? null : Number(d.submission_id),
      })),
      submissions: cases.items,
      vendor: vendor.panel,
      assignee: assigneeOf((await repos.work.activeClaims([userId], now)).get(userId)),
      screening: screened,
      risk: riskRow ? storedRiskOf(riskRow) : null,
      checks: checked.checks,
      checksRun: checked.run,
      checkCorrections: corrections,
      redactions,
      closedAccess: publicAccess(closedAccess),
    };
  };
}

/**
 * Back-office review (docs/backoffice.md): the queue, the case view, decisions, the audit log and the
 * quotas. Every decision applies the state machine of domain/kyc in ONE transaction with its decision
 * row, its audit entry and the person's notice (the portal's unread marker); every view of personal data
 * writes an audit entry.
 */
import {
  DECISION_KINDS,
  DOCUMENT_SIDES,
  type DocumentSide,
  KYC_STEP_STATUSES,
  type AuditQuery,
  type AuditResult,
  type DecisionKind,
  type DecisionRequest,
  type DisplayUpdatePoiStatus,
  type KycStepLevel,
  type KycStepStatus,
  type QuotaList,
  type QuotaPatchRequest,
  type ReviewCase,
  type ReviewDocument,
  type ReviewQueueQuery,
  type ReviewQueueResult,
  type ReviewSubmission,
  type StaffMe,
  type StaffRole,
  type SubmissionKind,
  DISPLAY_UPDATE_POI_STATUSES,
  SUBMISSION_KINDS,
  SUBMISSION_STATUSES,
  roleCan,
  type StaffPermission,
} from '@kyc/contracts';
import type { Db } from '../../data/db.ts';
import { auditRepo } from '../../data/repositories/audit-repo.ts';
import { kycRepo } from '../../data/repositories/kyc-repo.ts';
import { noticesRepo } from '../../data/repositories/notices-repo.ts';
import { reviewRepo } from '../../data/repositories/review-repo.ts';
import { submissionsRepo, type SubmissionsRepo } from '../../data/repositories/submissions-repo.ts';
import { usersRepo } from '../../data/repositories/users-repo.ts';
import { AppError } from '../../lib/app-error.ts';
import { decryptBlob, unwrapDataKey, type MasterKeyring } from '../../lib/crypto/envelope.ts';
import type { BlobStore } from '../../lib/uploads/blob-store.ts';
import { openDetails } from '../kyc/data-keys.ts';
import { openPersonalRows, personalDataCipher } from '../kyc/personal-data.ts';
import { nextPoiStatus, nextStepStatus, type KycActor } from '../kyc/state-machine.ts';
import type { KycSubmissionRow } from '../../data/schema/index.ts';
import { staffLabel } from './staff-label.ts';

/** What each role may do (docs/backoffice.md "Roles"): the contracts' table, shared with the back office. */
export type Permission = StaffPermission;

export function requirePermission(staff: StaffMe, permission: Permission): void {
  if (!roleCan(staff.role, permission))
    throw new AppError('PERMISSION_DENIED', `role ${staff.role} may not ${permission}`);
}

/** The state machine's actor for a staff role: seniors and admins act as senior reviewers. */
function actorOf(role: StaffRole): KycActor {
  return role === 'reviewer' ? 'reviewer' : 'senior_reviewer';
}

const HOUR_MS = 3_600_000;

function asStatus(v: string): KycStepStatus {
  return (KYC_STEP_STATUSES as readonly string[]).includes(v) ? (v as KycStepStatus) : 'NOT_ALLOW';
}
function asPoi(v: string | undefined): DisplayUpdatePoiStatus {
  return v && (DISPLAY_UPDATE_POI_STATUSES as readonly string[]).includes(v)
    ? (v as DisplayUpdatePoiStatus)
    : 'DisplayUpdatePOIStatus_No';
}
function asSide(v: string): DocumentSide {
  return (DOCUMENT_SIDES as readonly string[]).includes(v) ? (v as DocumentSide) : 'front';
}
function asKind(v: string): SubmissionKind {
  return (SUBMISSION_KINDS as readonly string[]).includes(v) ? (v as SubmissionKind) : 'level';
}
function asSubmissionStatus(v: string): ReviewSubmission['status'] {
  return (SUBMISSION_STATUSES as readonly string[]).includes(v)
    ? (v as ReviewSubmission['status'])
    : 'PENDING';
}
/** What a level decision makes of the level's pending submission (document upload or vendor check). */
const LEVEL_KINDS = ['level', 'vendor'] as const;
function asDecision(v: string): DecisionKind {
  return (DECISION_KINDS as readonly string[]).includes(v) ? (v as DecisionKind) : 'approve';
}
function parseDetails(json: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(json);
    return value && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
}

/** What reading a document needs: the encrypted blobs and the master keys that unwrap data keys. */
export interface ReviewFiles {
  blobs: BlobStore;
  keyring: MasterKeyring;
}

/** A decrypted document ready to stream: the stored MIME type (never a client's), and the bytes. */
export interface DocumentContent {
  id: string;
  mime: string;
  bytes: Buffer;
}

/** One answer for an unknown document and another user's: which of the two is never revealed. */
const noSuchDocument = () => new AppError('PARAMS_ERROR', 'documentId: no such document', 404);

export function reviewUseCases(db: Db, files: ReviewFiles) {
  const audit = auditRepo(db);
  const submissions = submissionsRepo(db);
  const review = reviewRepo(db);
  // Applicants' names and birth dates are sealed at rest (personal-data.ts): the repository opens them.
  const personal = personalDataCipher(files.keyring);
  const kyc = kycRepo(db, personal);
  const users = usersRepo(db);

  /** One submission's sealed details, opened under the user's data key (an integrity failure throws). */
  async function detailsOf(
    repo: SubmissionsRepo,
    userId: number,
    row: KycSubmissionRow,
  ): Promise<Record<string, string>> {
    if (row.details_enc === null) return {};
    const wrapped = await repo.findDataKey(userId);
    if (!wrapped) throw new Error(`data key of user ${userId} is missing`);
    const key = unwrapDataKey(files.keyring, userId, wrapped.wrappedKey);
    try {
      return openDetails(key, userId, row.idempotency_key, Buffer.from(row.details_enc));
    } finally {
      key.fill(0);
    }
  }

  /** Every submission of the user, newest first, with its details opened under the user's data key. */
  async function submissionsOfCase(
    repo: SubmissionsRepo,
    userId: number,
  ): Promise<{ items: ReviewSubmission[]; withDetails: number[] }> {
    const rows = [...(await repo.submissionsOf(userId))].reverse();
    const documentIds = await repo.documentIdsBySubmission(userId);
    const sealed = rows.filter((r) => r.details_enc !== null);
    const wrapped = sealed.length > 0 ? await repo.findDataKey(userId) : undefined;
    const key = wrapped ? unwrapDataKey(files.keyring, userId, wrapped.wrappedKey) : undefined;
    const detailsOf = (row: KycSubmissionRow): Record<string, string> => {
      if (row.details_enc === null) return {};
      if (!key) return { unreadable: 'the data key of this user is missing' };
      try {
        return openDetails(key, userId, row.idempotency_key, Buffer.from(row.details_enc));
      } catch {
        return { unreadable: 'the details could not be decrypted' };
      }
    };
    try {
      const items = rows.map((r): ReviewSubmission => ({
        id: Number(r.id),
        kind: asKind(r.kind),
        level: r.level,
        documentType: r.document_type,
        issuingCountry: r.issuing_country,
        status: asSubmissionStatus(r.status),
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
    } finally {
      key?.fill(0);
    }
  }

  return {
    async queue(staff: StaffMe, q: ReviewQueueQuery, now = Date.now()): Promise<ReviewQueueResult> {
      requirePermission(staff, 'view_cases');
      const { rows, total } = await review.queue({
        level: q.level,
        country: q.country,
        site: q.site,
        olderThan: q.minAgeHours !== undefined ? now - q.minAgeHours * HOUR_MS : undefined,
        kind: q.kind,
        pendingFinal: q.pendingFinal === 'true',
        limit: q.pageSize,
        offset: (q.page - 1) * q.pageSize,
      });
      const opened = await openPersonalRows(db, files.keyring, rows, (r) => r.user_id);
      return {
        items: opened.map((r) => ({
          userId: r.user_id,
          email: r.email,
          site: r.site,
          level: r.level,
          country: r.country,
          firstName: r.first_name,
          lastName: r.last_name,
          pendingSince: r.pending_since,
          submissionId: r.submission_id,
          kind: asKind(r.kind),
          finalProposed: r.final_proposed_at !== null,
        })),
        total,
        page: q.page,
        pageSize: q.pageSize,
      };
    },

    /** The case page; the view itself is audited (personal data was shown). */
    async viewCase(staff: StaffMe, userId: number, now = Date.now()): Promise<ReviewCase> {
      requirePermission(staff, 'view_cases');
      const user = await users.findById(userId);
      if (!user) throw new AppError('PARAMS_ERROR', 'userId: no such applicant', 404);
      const applicant = await kyc.findApplicant(userId);
      const states = await kyc.levelStates(userId);
      const poi = await kyc.findReverification(userId);
      const decisions = await review.decisions(userId);
      const documents = await submissions.submittedDocumentsOfUser(userId);
      const cases = await submissionsOfCase(submissions, userId);
      // The view shows personal data, including the decrypted details of these submissions: audited.
      await audit.insert(
        {
          staffId: staff.id,
          action: 'case.view',
          subjectUserId: userId,
          caseRef: `user:${userId}`,
          ...(cases.withDetails.length > 0 ? { details: { decryptedSubmissions: cases.withDetails } } : {}),
        },
        now,
      );
      const levels = ([1, 2] as const).map((level) => {
        const row = states.find((s) => s.level === level);
        const latest = decisions.find((d) => d.level === level);
        const status = asStatus(row?.status ?? (level === 1 ? 'ALLOW' : 'NOT_ALLOW'));
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
          status: asPoi(poi?.status),
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
          staffName: staffLabel(d.staff_display_name, d.staff_email),
          confirmedBy: d.confirmed_by === null ? null : Number(d.confirmed_by),
          confirmedByName:
            d.confirmed_by === null ? null : staffLabel(d.confirmer_display_name, d.confirmer_email),
          at: d.at,
          comment: d.comment,
        })),
        documents: documents.map((d): ReviewDocument => ({
          id: d.id,
          side: asSide(d.side),
          mime: d.mime,
          size: Number(d.size),
          sha256: d.sha256,
          createdAt: Number(d.created_at),
          submissionId: d.submission_id === null ? null : Number(d.submission_id),
        })),
        submissions: cases.items,
      };
    },

    /**
     * One document of the user, decrypted (data key unwrapped for this user, blob bound to user id +
     * document id). The view is audited (`document.view`, no content) before anything is answered.
     */
    async viewDocument(
      staff: StaffMe,
      userId: number,
      documentId: string,
      now = Date.now(),
    ): Promise<DocumentContent> {
      requirePermission(staff, 'view_cases');
      const doc = await submissions.findDocument(userId, documentId);
      // An upload never submitted is not part of the case: answered like an unknown one.
      if (!doc || doc.submission_id === null) throw noSuchDocument();
      const blob = await files.blobs.get(doc.blob_id);
      if (!blob) throw new Error(`blob of document ${doc.id} is missing`);
      const wrapped = await submissions.findDataKey(userId);
      if (!wrapped) throw new Error(`data key of user ${userId} is missing`);
      const key = unwrapDataKey(files.keyring, userId, wrapped.wrappedKey);
      let bytes: Buffer;
      try {
        bytes = decryptBlob(key, blob, { userId, objectId: doc.id });
      } finally {
        key.fill(0);
      }
      await audit.insert(
        {
          staffId: staff.id,
          action: 'document.view',
          subjectUserId: userId,
          caseRef: `user:${userId}/document:${doc.id}`,
          details: { documentId: doc.id, side: doc.side },
        },
        now,
      );
      return { id: doc.id, mime: doc.mime, bytes };
    },

    /** One decision: state machine + decision row + audit entry, in one transaction. */
    async decide(
      staff: StaffMe,
      userId: number,
      request: DecisionRequest,
      now = Date.now(),
    ): Promise<ReviewCase> {
      requirePermission(staff, request.decision === 'confirm_final' ? 'confirm_final' : 'decide');
      await db.transaction().execute(async (trx) => {
        const tKyc = kycRepo(trx, personal);
        const tSubs = submissionsRepo(trx);
        const tReview = reviewRepo(trx);
        const tAudit = auditRepo(trx);
        const tNotices = noticesRepo(trx);
        const user = await usersRepo(trx).findById(userId);
        if (!user) throw new AppError('PARAMS_ERROR', 'userId: no such applicant', 404);
        const applicant = await tKyc.findApplicant(userId);
        const states = await tKyc.levelStates(userId);
        const statusOf = (level: number): KycStepStatus =>
          asStatus(states.find((s) => s.level === level)?.status ?? (level === 1 ? 'ALLOW' : 'NOT_ALLOW'));
        const actor = actorOf(staff.role);
        const recordAudit = (details: Record<string, unknown>, level: number) =>
          tAudit.insert(
            {
              staffId: staff.id,
              action: `decision.${request.decision}`,
              subjectUserId: userId,
              caseRef: `user:${userId}/level:${level}`,
              details,
            },
            now,
          );

        if (request.decision === 'request_reverification') {
          if (request.deadline <= now)
            throw new AppError('PARAMS_ERROR', 'deadline: must be in the future', 400);
          const poi = await tKyc.findReverification(userId);
          nextPoiStatus(asPoi(poi?.status), 'request', {
            actor,
            level1Status: statusOf(1),
            deadline: request.deadline,
          });
          await tKyc.setReverification(
            userId,
            {
              status: 'DisplayUpdatePOIStatus_Needed',
              deadline: request.deadline,
              site: user.site,
              country: applicant?.country ?? '',
            },
            now,
          );
          await tReview.insertDecision(
            { userId, level: 0, decision: 'reverify_requested', staffId: staff.id },
            now,
          );
          await tNotices.insert(
            { userId, kind: 'reverification', ref: 'REVERIFICATION', outcome: 'info_requested' },
            now,
          );
          await recordAudit({ deadline: request.deadline }, 0);
          return;
        }

        const auditSubmission = (submissionId: number | null, details: Record<string, unknown>) =>
          tAudit.insert(
            {
              staffId: staff.id,
              action: `decision.${request.decision}`,
              subjectUserId: userId,
              caseRef:
                submissionId === null
                  ? `user:${userId}/reverification`
                  : `user:${userId}/submission:${submissionId}`,
              details: { ...details, submissionId },
            },
            now,
          );

        if (request.decision === 'approve_reverification' || request.decision === 'reject_reverification') {
          const approve = request.decision === 'approve_reverification';
          const reject = request.decision === 'reject_reverification' ? request : undefined;
          const poi = await tKyc.findReverification(userId);
          const from = asPoi(poi?.status);
          const event = approve ? 'approve' : reject?.daily === true ? 'reject_daily' : 'reject';
          const to = nextPoiStatus(from, event, { actor, reason: reject?.userMessage });
          if (!(await tSubs.casReverificationStatus(userId, from, to, now, reject?.userMessage ?? '')))
            throw new AppError('KYC_ILLEGAL_TRANSITION', 're-verification changed meanwhile');
          const submission = await tSubs.pendingSubmission(userId, 'reverification');
          if (submission)
            await tSubs.decideSubmission(Number(submission.id), {
              status: approve ? 'APPROVED' : 'REJECTED_RETRY',
              decidedAt: now,
              decidedBy: staff.id,
              reasonCode: reject?.reasonCode ?? '',
              reason: reject?.userMessage ?? '',
            });
          const submissionId = submission ? Number(submission.id) : null;
          await tReview.insertDecision(
            {
              userId,
              level: 0,
              decision: approve
                ? 'reverify_approved'
                : event === 'reject_daily'
                  ? 'reverify_rejected_daily'
                  : 'reverify_rejected',
              reasonCode: reject?.reasonCode ?? '',
              userMessage: reject?.userMessage ?? '',
              staffId: staff.id,
              submissionId,
            },
            now,
          );
          await auditSubmission(submissionId, { from, to, reasonCode: reject?.reasonCode ?? '' });
          await tNotices.insert(
            {
              userId,
              kind: 'reverification',
              ref: 'REVERIFICATION',
              outcome: approve ? 'approved' : 'rejected',
            },
            now,
          );
          return;
        }

        if (request.decision === 'approve_update' || request.decision === 'reject_update') {
          const approve = request.decision === 'approve_update';
          const reject = request.decision === 'reject_update' ? request : undefined;
          // Another user's submission id is answered like an unknown one: nothing about other cases leaks.
          const submission = await tSubs.findSubmission(userId, request.submissionId);
          if (!submission)
            throw new AppError('KYC_DOCUMENT_NOT_FOUND', 'submissionId: no such submission of this user');
          if (submission.kind !== 'update_id' && submission.kind !== 'update_poa')
            throw new AppError('KYC_ILLEGAL_TRANSITION', `submission ${submission.id} is not an update`);
          if (submission.status !== 'PENDING')
            throw new AppError('KYC_ILLEGAL_TRANSITION', `submission ${submission.id} is already decided`);
          const submissionId = Number(submission.id);
          if (approve && submission.kind === 'update_id') {
            // The verified identity becomes the new document's: names, birth date, issuing country.
            const { firstName, lastName, dateOfBirth } = await detailsOf(tSubs, userId, submission);
            if (!firstName || !lastName || !dateOfBirth)
              throw new Error(`details of submission ${submissionId} are unreadable`);
            await tKyc.upsertApplicant(
              userId,
              {
                first_name: firstName,
                last_name: lastName,
                date_of_birth: dateOfBirth,
                country: submission.issuing_country,
              },
              now,
            );
          }
          const decided = await tSubs.decideSubmission(submissionId, {
            status: approve ? 'APPROVED' : 'REJECTED_RETRY',
            decidedAt: now,
            decidedBy: staff.id,
            reasonCode: reject?.reasonCode ?? '',
            reason: reject?.userMessage ?? '',
          });
          if (!decided)
            throw new AppError('KYC_ILLEGAL_TRANSITION', `submission ${submissionId} was decided meanwhile`);
          await tReview.insertDecision(
            {
              userId,
              level: 0,
              decision: approve ? 'update_approved' : 'update_rejected',
              reasonCode: reject?.reasonCode ?? '',
              userMessage: reject?.userMessage ?? '',
              staffId: staff.id,
              submissionId,
            },
            now,
          );
          await auditSubmission(submissionId, {
            kind: submission.kind,
            reasonCode: reject?.reasonCode ?? '',
          });
          await tNotices.insert(
            {
              userId,
              kind: 'kyc_update',
              ref: submission.kind,
              outcome: approve ? 'approved' : 'rejected',
            },
            now,
          );
          return;
        }

        /** A level decision also closes the level's pending submission (upload or vendor check). */
        const closeLevelSubmission = async (
          level: number,
          status: 'APPROVED' | 'REJECTED_RETRY' | 'REJECTED_FINAL',
          reasonCode = '',
          reason = '',
        ) => {
          const submission = await tSubs.pendingSubmission(userId, LEVEL_KINDS, level);
          if (submission)
            await tSubs.decideSubmission(Number(submission.id), {
              status,
              decidedAt: now,
              decidedBy: staff.id,
              reasonCode,
              reason,
            });
        };

        const level: KycStepLevel = request.level;
        const notifyLevel = (outcome: 'approved' | 'rejected') =>
          tNotices.insert({ userId, kind: 'kyc_level', ref: `LEVEL_${level}`, outcome }, now);
        const from = statusOf(level);
        const latest = await tReview.latestDecision(userId, level);
        const proposal =
          from === 'PENDING' && latest?.decision === 'reject_final_proposed' ? latest : undefined;
        // While a final rejection waits for confirmation, only a senior reviewer may decide otherwise.
        if (proposal && request.decision !== 'confirm_final' && actor !== 'senior_reviewer')
          throw new AppError('KYC_ILLEGAL_TRANSITION', 'a final rejection awaits a senior reviewer');

        switch (request.decision) {
          case 'approve': {
            const to = nextStepStatus(from, 'approve', { level, actor });
            await tKyc.setLevelState(userId, level, { status: to }, now);
            await tKyc.upsertApplicant(userId, { level: Math.max(applicant?.level ?? 0, level) }, now);
            if (level === 1 && statusOf(2) === 'NOT_ALLOW') {
              const next = nextStepStatus('NOT_ALLOW', 'unlock', {
                level: 2,
                actor: 'system',
                level1Status: to,
              });
              await tKyc.setLevelState(userId, 2, { status: next }, now);
            }
            await closeLevelSubmission(level, 'APPROVED');
            const comment = request.comment ?? '';
            await tReview.insertDecision(
              { userId, level, decision: 'approve', staffId: staff.id, comment },
              now,
            );
            await recordAudit({ from, to, ...(comment ? { comment } : {}) }, level);
            await notifyLevel('approved');
            return;
          }
          case 'reject_retry': {
            const to = nextStepStatus(from, 'reject_retry', { level, actor, reasonCode: request.reasonCode });
            await tKyc.setLevelState(
              userId,
              level,
              { status: to, rejectReasonCode: request.reasonCode, rejectReason: request.userMessage },
              now,
            );
            await closeLevelSubmission(level, 'REJECTED_RETRY', request.reasonCode, request.userMessage);
            await tReview.insertDecision(
              {
                userId,
                level,
                decision: 'reject_retry',
                reasonCode: request.reasonCode,
                userMessage: request.userMessage,
                staffId: staff.id,
              },
              now,
            );
            await recordAudit({ from, to, reasonCode: request.reasonCode }, level);
            await notifyLevel('rejected');
            return;
          }
          case 'propose_final': {
            // The person keeps seeing PENDING; the row of the state machine is checked (status PENDING).
            if (from !== 'PENDING')
              throw new AppError('KYC_ILLEGAL_TRANSITION', `LEVEL_${level}: not PENDING`);
            if (proposal)
              throw new AppError('KYC_ILLEGAL_TRANSITION', 'a final rejection is already proposed');
            // The pending submission carries the mark the queue filters and badges on (compare-and-set:
            // of two concurrent proposals one marks it, the other rolls back).
            const pending = await tSubs.pendingSubmission(userId, LEVEL_KINDS, level);
            if (pending && !(await tSubs.markFinalProposed(Number(pending.id), now)))
              throw new AppError('KYC_ILLEGAL_TRANSITION', 'a final rejection is already proposed');
            await tReview.insertDecision(
              {
                userId,
                level,
                decision: 'reject_final_proposed',
                reasonCode: request.reasonCode,
                userMessage: request.userMessage,
                staffId: staff.id,
              },
              now,
            );
            await recordAudit({ reasonCode: request.reasonCode }, level);
            return;
          }
          case 'confirm_final': {
            if (!proposal)
              throw new AppError('KYC_ILLEGAL_TRANSITION', 'no final rejection awaits confirmation');
            const proposedBy = Number(proposal.staff_id);
            const to = nextStepStatus(from, 'reject_final', {
              level,
              actor,
              reasonCode: proposal.reason_code,
              proposedBy,
              confirmedBy: staff.id,
            });
            await tKyc.setLevelState(
              userId,
              level,
              { status: to, rejectReasonCode: proposal.reason_code, rejectReason: proposal.user_message },
              now,
            );
            await closeLevelSubmission(level, 'REJECTED_FINAL', proposal.reason_code, proposal.user_message);
            await tReview.insertDecision(
              {
                userId,
                level,
                decision: 'reject_final_confirmed',
                reasonCode: proposal.reason_code,
                userMessage: proposal.user_message,
                staffId: proposedBy,
                confirmedBy: staff.id,
              },
              now,
            );
            await recordAudit({ from, to, proposedBy, reasonCode: proposal.reason_code }, level);
            await notifyLevel('rejected');
            return;
          }
        }
      });
      return this.viewCase(staff, userId, now);
    },

    async auditLog(staff: StaffMe, q: AuditQuery): Promise<AuditResult> {
      requirePermission(staff, 'read_audit');
      const { rows, total } = await audit.list({
        staffId: q.staffId,
        subjectUserId: q.subjectUserId,
        action: q.action,
        from: q.from,
        to: q.to,
        limit: q.pageSize,
        offset: (q.page - 1) * q.pageSize,
      });
      return {
        items: rows.map((r) => ({
          id: Number(r.id),
          at: r.at,
          staffId: Number(r.staff_id),
          staffName: staffLabel(r.staff_display_name, r.staff_email),
          action: r.action,
          subjectUserId: r.subject_user_id === null ? null : Number(r.subject_user_id),
          caseRef: r.case_ref,
          details: parseDetails(r.details),
        })),
        total,
        page: q.page,
        pageSize: q.pageSize,
      };
    },

    /**
     * Every quota row, for the quotas page. Reading needs the same permission as editing (only admins
     * see the quotas area), and is audited like the other staff views (`quotas.view`).
     */
    async quotas(staff: StaffMe, now = Date.now()): Promise<QuotaList> {
      requirePermission(staff, 'edit_quotas');
      const rows = await kyc.quotas();
      await audit.insert({ staffId: staff.id, action: 'quotas.view' }, now);
      return rows;
    },

    async patchQuotas(staff: StaffMe, body: QuotaPatchRequest, now = Date.now()): Promise<QuotaList> {
      requirePermission(staff, 'edit_quotas');
      await db.transaction().execute(async (trx) => {
        const tReview = reviewRepo(trx);
        for (const q of body.quotas) await tReview.setQuota(q.scope, q.level, q.coin, q.limit, now);
        await auditRepo(trx).insert(
          { staffId: staff.id, action: 'quotas.update', details: { quotas: body.quotas } },
          now,
        );
      });
      return kyc.quotas();
    },
  };
}
export type ReviewUseCases = ReturnType<typeof reviewUseCases>;

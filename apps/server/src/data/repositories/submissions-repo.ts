import type { DisplayUpdatePoiStatus, DocumentSide, KycStepStatus, SubmissionKind } from '@kyc/contracts';
import type { Db } from '../db.ts';
import { appendStatusEvent, levelRef } from './status-outbox-repo.ts';
import type { KycDocumentRow, KycSubmissionRow, SubmissionStatus } from '../schema/index.ts';
import { uploadedFiles, type NewUploadedFile } from './uploaded-files.ts';

/** An identity document: an upload with its side (front, back, selfie, poa). */
export interface NewDocument extends NewUploadedFile {
  side: DocumentSide;
  /** A selfie's sealed liveness evidence (migration 051, D116). */
  livenessEnc?: Buffer | null;
}

export interface NewSubmission {
  userId: number;
  level: number;
  documentType: string;
  issuingCountry: string;
  status: SubmissionStatus;
  idempotencyKey: string;
  createdAt: number;
  /** SUBMISSION_KINDS; 'level' when absent. */
  kind?: SubmissionKind;
  /** Details sealed under the user's data key (domain/kyc/data-keys.ts). */
  detailsEnc?: Buffer | null;
  /** The consent and declaration given before an ID and selfie were submitted (migration 011). */
  consent?: { version: string; language: string; at: number } | null;
}

/** How a decision closes a submission. */
export interface SubmissionDecision {
  status: 'APPROVED' | 'REJECTED_RETRY' | 'REJECTED_FINAL';
  decidedAt: number;
  decidedBy: number;
  reasonCode?: string;
  reason?: string;
}

export interface WrappedKeyRow {
  wrappedKey: Buffer;
  keyId: number;
}

/**
 * Data keys, uploaded documents and submissions (migration 004): the only SQL of the KYC write side.
 * Writes that commit together run in the repository set's transaction (data/repositories/index.ts).
 */
export function submissionsRepo(db: Db) {
  const documents = uploadedFiles(db, 'kyc_documents');
  const repo = {
    async findDataKey(userId: number): Promise<WrappedKeyRow | undefined> {
      const row = await db
        .selectFrom('user_data_keys')
        .select(['wrapped_key', 'key_id'])
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return row ? { wrappedKey: Buffer.from(row.wrapped_key), keyId: Number(row.key_id) } : undefined;
    },

    /** Issue 17: the wrapped keys of several users in one query (a list page opens its rows with it). */
    async findDataKeys(userIds: readonly number[]): Promise<Map<number, WrappedKeyRow>> {
      const found = new Map<number, WrappedKeyRow>();
      if (userIds.length === 0) return found;
      const rows = await db
        .selectFrom('user_data_keys')
        .select(['user_id', 'wrapped_key', 'key_id'])
        .where('user_id', 'in', [...new Set(userIds)])
        .execute();
      for (const row of rows)
        found.set(Number(row.user_id), {
          wrappedKey: Buffer.from(row.wrapped_key),
          keyId: Number(row.key_id),
        });
      return found;
    },

    /** Stores the wrapped key unless the user already has one (a concurrent first upload): re-read after. */
    async insertDataKeyIfAbsent(userId: number, key: WrappedKeyRow, at: number): Promise<void> {
      await db
        .insertInto('user_data_keys')
        .values({ user_id: userId, wrapped_key: key.wrappedKey, key_id: key.keyId, created_at: at })
        .onConflict((oc) => oc.column('user_id').doNothing())
        .execute();
    },

    /** Records an uploaded document (the one document store, uploaded-files.ts). */
    async insertDocument(doc: NewDocument): Promise<void> {
      await documents.insert(doc, {
        side: doc.side,
        ...(doc.livenessEnc ? { liveness_enc: doc.livenessEnc } : {}),
      });
    },

    /** The documents with these ids that belong to this user (others' ids are simply not found). */
    async documentsOf(userId: number, ids: readonly string[]): Promise<KycDocumentRow[]> {
      if (ids.length === 0) return [];
      return db
        .selectFrom('kyc_documents')
        .selectAll()
        .where('user_id', '=', userId)
        .where('id', 'in', [...ids])
        .execute();
    },

    /**
     * The user's documents attached to a submission, oldest first (the back-office case page): an
     * upload abandoned before a submission never reaches the reviewer (issue 10).
     */
    async submittedDocumentsOfUser(userId: number): Promise<KycDocumentRow[]> {
      return db
        .selectFrom('kyc_documents')
        .selectAll()
        .where('user_id', '=', userId)
        .where('submission_id', 'is not', null)
        .orderBy('created_at')
        .orderBy('id')
        .execute();
    },

    async findDocument(userId: number, id: string): Promise<KycDocumentRow | undefined> {
      return db
        .selectFrom('kyc_documents')
        .selectAll()
        .where('user_id', '=', userId)
        .where('id', '=', id)
        .executeTakeFirst();
    },

    /**
     * Marks the level's pending submission as waiting for a senior's confirmation of a final rejection
     * (compare-and-set: only a PENDING one not marked yet); false when there was none to mark.
     */
    async markFinalProposed(id: number, at: number): Promise<boolean> {
      const result = await db
        .updateTable('kyc_submissions')
        .set({ final_proposed_at: at })
        .where('id', '=', id)
        .where('status', '=', 'PENDING')
        .where('final_proposed_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** Attaches still-unused documents to a submission; answers how many were attached. */
    attachDocuments: documents.attach,

    async insertSubmission(s: NewSubmission): Promise<number> {
      const row = await db
        .insertInto('kyc_submissions')
        .values({
          user_id: s.userId,
          level: s.level,
          document_type: s.documentType,
          issuing_country: s.issuingCountry,
          status: s.status,
          idempotency_key: s.idempotencyKey,
          created_at: s.createdAt,
          decided_at: null,
          decided_by: null,
          kind: s.kind ?? 'level',
          details_enc: s.detailsEnc ?? null,
          consent_version: s.consent?.version ?? null,
          consent_language: s.consent?.language ?? null,
          consent_at: s.consent?.at ?? null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return Number(row.id);
    },

    async findSubmissionByKey(userId: number, idempotencyKey: string): Promise<KycSubmissionRow | undefined> {
      return db
        .selectFrom('kyc_submissions')
        .selectAll()
        .where('user_id', '=', userId)
        .where('idempotency_key', '=', idempotencyKey)
        .executeTakeFirst();
    },

    /** One submission of this user (another user's id is simply not found). */
    async findSubmission(userId: number, id: number): Promise<KycSubmissionRow | undefined> {
      return db
        .selectFrom('kyc_submissions')
        .selectAll()
        .where('user_id', '=', userId)
        .where('id', '=', id)
        .executeTakeFirst();
    },

    /** The user's latest PENDING submission of a kind (at most one for reverification and updates). */
    async pendingSubmission(
      userId: number,
      kind: SubmissionKind | readonly SubmissionKind[],
      level?: number,
    ): Promise<KycSubmissionRow | undefined> {
      let query = db
        .selectFrom('kyc_submissions')
        .selectAll()
        .where('user_id', '=', userId)
        .where('kind', 'in', typeof kind === 'string' ? [kind] : [...kind])
        .where('status', '=', 'PENDING');
      if (level !== undefined) query = query.where('level', '=', level);
      return query.orderBy('id', 'desc').limit(1).executeTakeFirst();
    },

    /** How many submissions of a kind the user made since a moment (daily limits). */
    async countSubmissionsSince(userId: number, kind: SubmissionKind, since: number): Promise<number> {
      const row = await db
        .selectFrom('kyc_submissions')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('user_id', '=', userId)
        .where('kind', '=', kind)
        .where('created_at', '>=', since)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** Closes a PENDING submission (compare-and-set on the status): false when it was not PENDING. */
    async decideSubmission(id: number, decision: SubmissionDecision): Promise<boolean> {
      const result = await db
        .updateTable('kyc_submissions')
        .set({
          status: decision.status,
          decided_at: decision.decidedAt,
          decided_by: decision.decidedBy,
          reject_reason_code: decision.reasonCode ?? '',
          reject_reason: decision.reason ?? '',
        })
        .where('id', '=', id)
        .where('status', '=', 'PENDING')
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** Document ids of each of these submissions (back-office case page). */
    async documentIdsBySubmission(userId: number): Promise<Map<number, string[]>> {
      const rows = await db
        .selectFrom('kyc_documents')
        .select(['id', 'submission_id'])
        .where('user_id', '=', userId)
        .where('submission_id', 'is not', null)
        .orderBy('created_at')
        .orderBy('id')
        .execute();
      const map = new Map<number, string[]>();
      for (const row of rows) {
        const key = Number(row.submission_id);
        map.set(key, [...(map.get(key) ?? []), row.id]);
      }
      return map;
    },

    /**
     * Compare-and-set of the re-verification status (displayUpdatePOI): only if it is still `from`.
     * Deadline, site and country are kept; the reject reason is cleared unless given.
     */
    async casReverificationStatus(
      userId: number,
      from: DisplayUpdatePoiStatus,
      to: DisplayUpdatePoiStatus,
      at: number,
      rejectReason = '',
    ): Promise<boolean> {
      const result = await db
        .updateTable('reverification')
        .set({ status: to, reject_reason: rejectReason, updated_at: at })
        .where('user_id', '=', userId)
        .where('status', '=', from)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** Every re-verification in `from` last changed before `before` moves to `to`; answers how many. */
    async moveStaleReverifications(
      from: DisplayUpdatePoiStatus,
      to: DisplayUpdatePoiStatus,
      before: number,
      at: number,
    ): Promise<number> {
      const result = await db
        .updateTable('reverification')
        .set({ status: to, updated_at: at })
        .where('status', '=', from)
        .where('updated_at', '<', before)
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    async submissionsOf(userId: number): Promise<KycSubmissionRow[]> {
      return db
        .selectFrom('kyc_submissions')
        .selectAll()
        .where('user_id', '=', userId)
        .orderBy('id')
        .execute();
    },

    /**
     * Compare-and-set of a level's step status: changes it only if it is still `from` (a concurrent
     * request that changed it first makes this answer false). The row must exist (ensureLevelState).
     */
    async casLevelStatus(
      userId: number,
      level: number,
      from: KycStepStatus,
      to: KycStepStatus,
      at: number,
    ): Promise<boolean> {
      const result = await db
        .updateTable('kyc_level_states')
        .set({ status: to, reject_reason_code: '', reject_reason: '', updated_at: at })
        .where('user_id', '=', userId)
        .where('level', '=', level)
        .where('status', '=', from)
        .executeTakeFirst();
      const changed = Number(result.numUpdatedRows) === 1;
      // The partners' outbox (D45), in the caller's transaction.
      if (changed && from !== to)
        await appendStatusEvent(db, { userId, kind: 'kyc_level', ref: levelRef(level), status: to }, at);
      return changed;
    },

    /** Creates the level's state row with its initial status when there is none yet. */
    async ensureLevelState(userId: number, level: number, status: KycStepStatus, at: number): Promise<void> {
      await db
        .insertInto('kyc_level_states')
        .values({ user_id: userId, level, status, updated_at: at })
        .onConflict((oc) => oc.columns(['user_id', 'level']).doNothing())
        .execute();
    },

    /** Creates the applicant row (defaults) when there is none yet. */
    async ensureApplicant(userId: number, at: number): Promise<void> {
      await db
        .insertInto('applicants')
        .values({ user_id: userId, created_at: at, updated_at: at })
        .onConflict((oc) => oc.column('user_id').doNothing())
        .execute();
    },
  };
  return repo;
}
export type SubmissionsRepo = ReturnType<typeof submissionsRepo>;

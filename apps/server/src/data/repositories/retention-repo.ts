/**
 * Issue 20 (migration 029, docs/data-lifecycle.md): the retention policy versions, legal holds, the
 * erasure job's runs and lease, its redaction records, and every statement that redacts. Each redacting
 * statement is a compare-and-set on what it removes (a row already gone or already redacted changes
 * nothing), and the job writes the redaction record in the same transaction: the person's record of a
 * kind is unique (`retention_redactions_person_kind_unique`), so of two runs only one redacts a kind.
 */
import { REDACTED_VALUE, SITE_CODES, type LegalHoldReason } from '@kyc/contracts';
import { sql, type Kysely, type SqlBool } from 'kysely';
import type { Db } from '../db.ts';
import { cappedCount } from '../keyset.ts';
import { withListLimits, type ListLimits } from '../list-limits.ts';
import type {
  LegalHoldRow,
  QuestionnaireEvidenceTable,
  RetentionPolicyVersionRow,
  RetentionRedactionRow,
  RetentionRunRow,
} from '../schema/index.ts';

export interface NewPolicyVersion {
  version: number;
  createdAt: number;
  createdBy: number | null;
  reason: string;
  /** JSON of the policy set. */
  policies: string;
}

export interface NewHold {
  userId: number;
  caseRef: string;
  reason: LegalHoldReason;
  note: string;
  reviewAt: number;
  createdBy: number;
  createdAt: number;
}

export interface HoldFilter {
  state: 'active' | 'lifted' | 'all';
  userId?: number | undefined;
  beforeId?: number | undefined;
  limit: number;
}

export interface NewRedaction {
  userId: number | null;
  kind: string;
  site: string;
  policyVersion: number;
  clock: string;
  dueAt: number;
  redactedAt: number;
  runId: number;
  counts: Record<string, number>;
}

export interface RedactionFilter {
  userId?: number | undefined;
  kind?: string | undefined;
  beforeId?: number | undefined;
  limit: number;
}

/** A closed person not erased yet: the erasure job's candidate. */
export interface PendingClosure {
  userId: number;
  closedAt: number;
  site: string;
  createdAt: number;
  lastLoginAt: number | null;
}

/** Rows of a rolling kind the job may take: of this site's people, none of them held. */
export interface RollingScope {
  site: string;
  /** Rows older than this (their clock's time). */
  before: number;
  limit: number;
}

const num = (value: number | string | bigint | null | undefined): number | null =>
  value === null || value === undefined ? null : Number(value);

const toHold = (r: LegalHoldRow): LegalHoldRow => ({
  ...r,
  id: Number(r.id),
  user_id: Number(r.user_id),
  review_at: Number(r.review_at),
  created_by: Number(r.created_by),
  created_at: Number(r.created_at),
  lifted_at: num(r.lifted_at),
  lifted_by: num(r.lifted_by),
});

const toRedaction = (r: RetentionRedactionRow): RetentionRedactionRow => ({
  ...r,
  id: Number(r.id),
  user_id: num(r.user_id),
  policy_version: Number(r.policy_version),
  due_at: Number(r.due_at),
  redacted_at: Number(r.redacted_at),
  run_id: Number(r.run_id),
});

/**
 * The joined person (`users`) is of the site. The rolling kinds join `users` by primary key from the
 * rows their time index finds, rather than `user_id in (the site's people)`: at a million people the
 * latter walked every person of the site for each batch (about a second a batch, found by the volume
 * bench; docs/data-lifecycle.md "Throughput"), the join costs only the rows that are due.
 */
function joinedOfSite(site: string) {
  return site === 'GLOBAL'
    ? sql<SqlBool>`(users.site = 'GLOBAL' or users.site not in (${sql.join([...SITE_CODES])}))`
    : sql<SqlBool>`users.site = ${site}`;
}

export function retentionRepo(db: Db) {
  const heldUsers = () =>
    db.selectFrom('legal_holds').select('legal_holds.user_id').where('lifted_at', 'is', null);
  const uploads = db as unknown as Kysely<
    Record<'kyc_documents' | 'questionnaire_evidence', QuestionnaireEvidenceTable>
  >;

  return {
    // ---- policy versions ----------------------------------------------------------------------------

    async latestPolicyVersion(): Promise<RetentionPolicyVersionRow | undefined> {
      const row = await db
        .selectFrom('retention_policy_versions')
        .selectAll()
        .orderBy('version', 'desc')
        .limit(1)
        .executeTakeFirst();
      return (
        row && {
          ...row,
          version: Number(row.version),
          created_at: Number(row.created_at),
          created_by: num(row.created_by),
        }
      );
    },

    /** Writes a version unless that number exists (two admins over the same version: one wins); true if written. */
    async insertPolicyVersion(v: NewPolicyVersion): Promise<boolean> {
      const rows = await db
        .insertInto('retention_policy_versions')
        .values({
          version: v.version,
          created_at: v.createdAt,
          created_by: v.createdBy,
          reason: v.reason,
          policies: v.policies,
        })
        .onConflict((oc) => oc.column('version').doNothing())
        .returning('version')
        .execute();
      return rows.length === 1;
    },

    /**
     * A page of policy versions, newest first (keyset on the version; `limit + 1` rows, and the version
     * just older than the page so each can be compared with the one before), with who saved each.
     */
    async listPolicyVersions(
      filter: { beforeVersion?: number | undefined; limit: number },
      limits: ListLimits = {},
    ) {
      return withListLimits(db, limits, async (trx) => {
        let query = trx.selectFrom('retention_policy_versions as v');
        const counted = await cappedCount(trx, query.orderBy('v.version', 'desc'));
        if (filter.beforeVersion !== undefined) query = query.where('v.version', '<', filter.beforeVersion);
        const rows = await query
          .leftJoin('staff_users as s', 's.id', 'v.created_by')
          .selectAll('v')
          .select(['s.display_name as staff_display_name', 's.email as staff_email'])
          .orderBy('v.version', 'desc')
          .limit(filter.limit + 2)
          .execute();
        return {
          ...counted,
          rows: rows.map((r) => ({
            ...r,
            version: Number(r.version),
            created_at: Number(r.created_at),
            created_by: num(r.created_by),
          })),
        };
      });
    },

    // ---- legal holds --------------------------------------------------------------------------------

    async insertHold(h: NewHold): Promise<number> {
      const row = await db
        .insertInto('legal_holds')
        .values({
          user_id: h.userId,
          case_ref: h.caseRef,
          reason: h.reason,
          note: h.note,
          review_at: h.reviewAt,
          created_by: h.createdBy,
          created_at: h.createdAt,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return Number(row.id);
    },

    async findHold(id: number): Promise<LegalHoldRow | undefined> {
      const row = await db.selectFrom('legal_holds').selectAll().where('id', '=', id).executeTakeFirst();
      return row && toHold(row);
    },

    /** Lifts a hold still active (compare-and-set on lifted_at); true if this call lifted it. */
    async liftHold(id: number, by: number, reason: string, at: number): Promise<boolean> {
      const result = await db
        .updateTable('legal_holds')
        .set({ lifted_at: at, lifted_by: by, lift_reason: reason })
        .where('id', '=', id)
        .where('lifted_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    async isHeld(userId: number): Promise<boolean> {
      const row = await db
        .selectFrom('legal_holds')
        .select('id')
        .where('user_id', '=', userId)
        .where('lifted_at', 'is', null)
        .limit(1)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** Of these people, those with an active hold. */
    async heldAmong(userIds: readonly number[]): Promise<Set<number>> {
      if (userIds.length === 0) return new Set();
      const rows = await db
        .selectFrom('legal_holds')
        .select('user_id')
        .where('user_id', 'in', [...userIds])
        .where('lifted_at', 'is', null)
        .execute();
      return new Set(rows.map((r) => Number(r.user_id)));
    },

    /** A page of holds, newest first (keyset on id; `limit + 1` rows), with the capped total. */
    async listHolds(filter: HoldFilter, limits: ListLimits = {}) {
      return withListLimits(db, limits, async (trx) => {
        let query = trx.selectFrom('legal_holds');
        if (filter.state === 'active') query = query.where('lifted_at', 'is', null);
        if (filter.state === 'lifted') query = query.where('lifted_at', 'is not', null);
        if (filter.userId !== undefined) query = query.where('user_id', '=', filter.userId);
        const counted = await cappedCount(trx, query.orderBy('id', 'desc'));
        if (filter.beforeId !== undefined) query = query.where('id', '<', filter.beforeId);
        const rows = await query
          .selectAll()
          .orderBy('id', 'desc')
          .limit(filter.limit + 1)
          .execute();
        return { ...counted, rows: rows.map(toHold) };
      });
    },

    // ---- runs and the lease -------------------------------------------------------------------------

    /** Takes the job's lease until `until` if nobody holds it at `at`; true if taken. */
    async claimLock(at: number, until: number): Promise<boolean> {
      const result = await db
        .updateTable('retention_lock')
        .set({ run_id: null, held_until: until })
        .where('id', '=', 1)
        .where('held_until', '<', at)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** Names the run holding the lease, and moves the lease on while that run still holds it. */
    async renewLock(runId: number | null, until: number, claimedUntil?: number): Promise<boolean> {
      let update = db
        .updateTable('retention_lock')
        .set({ run_id: runId, held_until: until })
        .where('id', '=', 1);
      update =
        claimedUntil !== undefined
          ? update.where('run_id', 'is', null).where('held_until', '=', claimedUntil)
          : update.where('run_id', '=', runId);
      const result = await update.executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    async releaseLock(runId: number): Promise<void> {
      await db
        .updateTable('retention_lock')
        .set({ run_id: null, held_until: 0 })
        .where('id', '=', 1)
        .where('run_id', '=', runId)
        .execute();
    },

    /** Gives back a lease taken by claimLock and held without a run (a sweep, D106). */
    async releaseClaim(heldUntil: number): Promise<void> {
      await db
        .updateTable('retention_lock')
        .set({ held_until: 0 })
        .where('id', '=', 1)
        .where('run_id', 'is', null)
        .where('held_until', '=', heldUntil)
        .execute();
    },

    async insertRun(
      trigger: string,
      startedBy: number | null,
      at: number,
      policyVersion: number,
    ): Promise<number> {
      const row = await db
        .insertInto('retention_runs')
        .values({
          trigger,
          started_by: startedBy,
          started_at: at,
          policy_version: policyVersion,
          counts: '{}',
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return Number(row.id);
    },

    async finishRun(runId: number, counts: string, at: number | null): Promise<void> {
      await db
        .updateTable('retention_runs')
        .set({ counts, finished_at: at })
        .where('id', '=', runId)
        .execute();
    },

    /** The newest run (the schedule's or staff's; sweeps of rolling kinds do not count), finished or not. */
    async latestRun(): Promise<RetentionRunRow | undefined> {
      const row = await db
        .selectFrom('retention_runs')
        .selectAll()
        .where('trigger', '<>', 'sweep')
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst();
      return (
        row && {
          ...row,
          id: Number(row.id),
          started_by: num(row.started_by),
          started_at: Number(row.started_at),
          finished_at: num(row.finished_at),
          policy_version: Number(row.policy_version),
        }
      );
    },

    // ---- redaction records --------------------------------------------------------------------------

    /**
     * Writes a redaction record; for a person, only if they have none of this kind yet (the partial unique
     * index; a concurrent writer waits and then finds it). Answers its id, or undefined when one existed.
     */
    async recordRedaction(r: NewRedaction): Promise<number | undefined> {
      const rows = await db
        .insertInto('retention_redactions')
        .values({
          user_id: r.userId,
          kind: r.kind,
          site: r.site,
          policy_version: r.policyVersion,
          clock: r.clock,
          due_at: r.dueAt,
          redacted_at: r.redactedAt,
          run_id: r.runId,
          counts: JSON.stringify(r.counts),
        })
        .onConflict((oc) => oc.doNothing())
        .returning('id')
        .execute();
      return rows[0] === undefined ? undefined : Number(rows[0].id);
    },

    /** The kinds already redacted of each of these people. */
    async redactedKinds(userIds: readonly number[]): Promise<Map<number, Set<string>>> {
      const found = new Map<number, Set<string>>();
      if (userIds.length === 0) return found;
      const rows = await db
        .selectFrom('retention_redactions')
        .select(['user_id', 'kind'])
        .where('user_id', 'in', [...userIds])
        .execute();
      for (const r of rows) {
        const id = Number(r.user_id);
        const kinds = found.get(id) ?? new Set<string>();
        kinds.add(r.kind);
        found.set(id, kinds);
      }
      return found;
    },

    /** A page of redaction records, newest first (keyset on id), with the capped total. */
    async listRedactions(filter: RedactionFilter, limits: ListLimits = {}) {
      return withListLimits(db, limits, async (trx) => {
        let query = trx.selectFrom('retention_redactions');
        if (filter.userId !== undefined) query = query.where('user_id', '=', filter.userId);
        if (filter.kind !== undefined) query = query.where('kind', '=', filter.kind);
        const counted = await cappedCount(trx, query.orderBy('id', 'desc'));
        if (filter.beforeId !== undefined) query = query.where('id', '<', filter.beforeId);
        const rows = await query
          .selectAll()
          .orderBy('id', 'desc')
          .limit(filter.limit + 1)
          .execute();
        return { ...counted, rows: rows.map(toRedaction) };
      });
    },

    // ---- the people to look at ----------------------------------------------------------------------

    /** Closed people not erased yet, closed before `closedBefore`, after the key `after` (closed_at, user_id). */
    async pendingClosures(
      closedBefore: number,
      after: [number, number] | undefined,
      limit: number,
    ): Promise<PendingClosure[]> {
      let query = db
        .selectFrom('account_closures as c')
        .innerJoin('users as u', 'u.id', 'c.user_id')
        .select(['c.user_id', 'c.closed_at', 'u.site', 'u.created_at', 'u.last_login_at'])
        .where('c.erased_at', 'is', null)
        .where('c.closed_at', '<=', closedBefore);
      if (after)
        query = query.where((eb) =>
          eb.or([
            eb('c.closed_at', '>', after[0]),
            eb.and([eb('c.closed_at', '=', after[0]), eb('c.user_id', '>', after[1])]),
          ]),
        );
      const rows = await query.orderBy('c.closed_at').orderBy('c.user_id').limit(limit).execute();
      return rows.map((r) => ({
        userId: Number(r.user_id),
        closedAt: Number(r.closed_at),
        site: r.site,
        createdAt: Number(r.created_at),
        lastLoginAt: num(r.last_login_at),
      }));
    },

    /** The newest verification decision (staff or vendor) of each of these people. */
    async lastDecisions(userIds: readonly number[]): Promise<Map<number, number>> {
      if (userIds.length === 0) return new Map();
      const rows = await db
        .selectFrom('kyc_decisions')
        .select((eb) => ['user_id', eb.fn.max('at').as('at')])
        .where('user_id', 'in', [...userIds])
        .groupBy('user_id')
        .execute();
      return new Map(rows.map((r) => [Number(r.user_id), Number(r.at)]));
    },

    /** Every person-level kind of theirs is redacted: the job stops looking at them. */
    async markErased(userId: number, at: number): Promise<void> {
      await db
        .updateTable('account_closures')
        .set({ erased_at: at })
        .where('user_id', '=', userId)
        .where('erased_at', 'is', null)
        .execute();
    },

    // ---- person-level redaction (inside the job's transaction) --------------------------------------

    /** Submitted identity documents and selfies: the rows go; answers the blobs to delete after commit. */
    async redactIdentityDocuments(userId: number): Promise<{ blobIds: string[] }> {
      const rows = await db
        .deleteFrom('kyc_documents')
        .where('user_id', '=', userId)
        .returning('blob_id')
        .execute();
      return { blobIds: rows.map((r) => r.blob_id) };
    },

    /**
     * Personal data: names and birth date, the email (made unique and unusable), the password (no sign-in
     * possible), submission details, the authenticator, sessions, challenges and tokens, help-centre texts.
     */
    async redactPersonalData(userId: number, at: number): Promise<Record<string, number>> {
      const applicants = await db
        .updateTable('applicants')
        .set({
          first_name: REDACTED_VALUE,
          last_name: REDACTED_VALUE,
          date_of_birth: REDACTED_VALUE,
          updated_at: at,
        })
        .where('user_id', '=', userId)
        .executeTakeFirst();
      await db
        .updateTable('users')
        .set({
          email: `redacted-${userId}@redacted.invalid`,
          password_hash: '!redacted',
          disabled: 1,
          updated_at: at,
        })
        .where('id', '=', userId)
        .execute();
      const details = await db
        .updateTable('kyc_submissions')
        .set({ details_enc: null })
        .where('user_id', '=', userId)
        .where('details_enc', 'is not', null)
        .executeTakeFirst();
      await db.deleteFrom('user_totp').where('user_id', '=', userId).execute();
      await db.deleteFrom('verification_challenges').where('user_id', '=', userId).execute();
      await db.deleteFrom('risk_tokens').where('user_id', '=', userId).execute();
      await db
        .deleteFrom('sessions')
        .where('audience', '=', 'user')
        .where('subject_id', '=', userId)
        .execute();
      await db.deleteFrom('sdk_tokens').where('user_id', '=', userId).execute();
      const support = await db
        .updateTable('support_requests')
        .set({ email: null, message: REDACTED_VALUE })
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return {
        applicants: Number(applicants.numUpdatedRows),
        submissionDetails: Number(details.numUpdatedRows),
        supportRequests: Number(support.numUpdatedRows),
      };
    },

    /** Answers (sealed answers emptied), drafts, and evidence (rows go, blobs after commit). */
    async redactQuestionnaireAnswers(
      userId: number,
    ): Promise<{ blobIds: string[]; counts: Record<string, number> }> {
      const submissions = await db
        .updateTable('questionnaire_submissions')
        .set({ answers_enc: Buffer.alloc(0), ip_address: '', user_agent: '' })
        .where('user_id', '=', userId)
        .executeTakeFirst();
      const drafts = await db
        .updateTable('questionnaire_responses')
        .set({ draft_enc: null })
        .where('user_id', '=', userId)
        .where('draft_enc', 'is not', null)
        .executeTakeFirst();
      const evidence = await db
        .deleteFrom('questionnaire_evidence')
        .where('user_id', '=', userId)
        .returning('blob_id')
        .execute();
      return {
        blobIds: evidence.map((r) => r.blob_id),
        counts: {
          submissions: Number(submissions.numUpdatedRows),
          drafts: Number(drafts.numUpdatedRows),
          evidence: evidence.length,
        },
      };
    },

    /**
     * Decisions keep their rows (who, what, when, the reason code); the free texts written about the
     * person go. The audit log is append-only and hash-chained (D40): it is kept as it is (ids and codes).
     */
    async redactDecisions(userId: number): Promise<Record<string, number>> {
      const counts: Record<string, number> = {};
      const decisions = await db
        .updateTable('kyc_decisions')
        .set({ user_message: REDACTED_VALUE, comment: REDACTED_VALUE })
        .where('user_id', '=', userId)
        .where((eb) => eb.or([eb('user_message', '<>', ''), eb('comment', '<>', '')]))
        .executeTakeFirst();
      counts.decisions = Number(decisions.numUpdatedRows);
      const submissions = await db
        .updateTable('kyc_submissions')
        .set({ reject_reason: REDACTED_VALUE })
        .where('user_id', '=', userId)
        .where('reject_reason', '<>', '')
        .executeTakeFirst();
      counts.submissions = Number(submissions.numUpdatedRows);
      const levels = await db
        .updateTable('kyc_level_states')
        .set({ reject_reason: REDACTED_VALUE })
        .where('user_id', '=', userId)
        .where('reject_reason', '<>', '')
        .executeTakeFirst();
      counts.levels = Number(levels.numUpdatedRows);
      const responses = await db
        .updateTable('questionnaire_responses')
        .set({ reject_reason: REDACTED_VALUE })
        .where('user_id', '=', userId)
        .where('reject_reason', '<>', '')
        .executeTakeFirst();
      counts.questionnaires = Number(responses.numUpdatedRows);
      const edd = await db
        .updateTable('edd_cases')
        .set({ reason: REDACTED_VALUE })
        .where('user_id', '=', userId)
        .where('reason', '<>', '')
        .executeTakeFirst();
      counts.edd = Number(edd.numUpdatedRows);
      const tasks = await db
        .updateTable('compliance_tasks')
        .set({ request_text: REDACTED_VALUE })
        .where('user_id', '=', userId)
        .where('request_text', '<>', '')
        .executeTakeFirst();
      counts.tasks = Number(tasks.numUpdatedRows);
      return counts;
    },

    /**
     * Issue 19: the document checks of the person's submissions go with their documents (their outcomes
     * and the keyed document hash are about the documents; the sealed evidence is theirs).
     */
    async redactDocumentChecks(userId: number): Promise<number> {
      const results = await db
        .deleteFrom('document_check_results')
        .where('user_id', '=', userId)
        .executeTakeFirst();
      await db.deleteFrom('document_check_runs').where('user_id', '=', userId).execute();
      // The selfie's face descriptor (the duplicate-face index, D109) goes with them.
      await db.deleteFrom('face_embeddings').where('user_id', '=', userId).execute();
      // Issue 19 correction step: the person's answers (what they typed, sealed) go with the results.
      await db.deleteFrom('document_check_corrections').where('user_id', '=', userId).execute();
      return Number(results.numDeletedRows);
    },

    /** Screening hits (our name and the explanation are the person's) and the suspicious-activity exports. */
    async redactScreening(userId: number): Promise<Record<string, number>> {
      const hits = await db.deleteFrom('screening_hits').where('user_id', '=', userId).executeTakeFirst();
      const exports = await db
        .deleteFrom('screening_exports')
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return { hits: Number(hits.numDeletedRows), exports: Number(exports.numDeletedRows) };
    },

    /** Vendor events keep their row (what happened, when); the sealed payload goes. */
    async redactVendorEvents(userId: number): Promise<Record<string, number>> {
      const events = await db
        .updateTable('vendor_events')
        .set({ payload_enc: null })
        .where('user_id', '=', userId)
        .where('payload_enc', 'is not', null)
        .executeTakeFirst();
      return { events: Number(events.numUpdatedRows) };
    },

    /** Crypto-shredding: the person's wrapped data key goes; answers whether there was one. */
    async destroyDataKey(userId: number): Promise<boolean> {
      const result = await db.deleteFrom('user_data_keys').where('user_id', '=', userId).executeTakeFirst();
      return Number(result.numDeletedRows) === 1;
    },

    /** Partners that ever had a link to the person (revoked ones too) and take webhooks now. */
    async partnersLinkedTo(userId: number): Promise<{ businessId: string; partnerRef: string }[]> {
      const rows = await db
        .selectFrom('partner_links as l')
        .innerJoin('partner_webhooks as w', 'w.business_id', 'l.business_id')
        .innerJoin('sdk_businesses as b', 'b.id', 'l.business_id')
        .select(['l.business_id', 'l.partner_ref'])
        .where('l.user_id', '=', userId)
        .where('w.enabled', '=', 1)
        .where('b.active', '=', 1)
        .orderBy('l.id')
        .execute();
      // One event per partner and reference, even when a person linked twice under one reference.
      const seen = new Set<string>();
      return rows
        .filter(
          (r) =>
            !seen.has(`${r.business_id}\n${r.partner_ref}`) && seen.add(`${r.business_id}\n${r.partner_ref}`),
        )
        .map((r) => ({ businessId: r.business_id, partnerRef: r.partner_ref }));
    },

    // ---- rolling kinds (each batch one transaction) -------------------------------------------------

    /** Uploads never attached to a submission, of both upload tables; answers the blobs to delete. */
    async deleteUnsubmittedUploads(scope: RollingScope): Promise<{ blobIds: string[] }> {
      const blobIds: string[] = [];
      for (const table of ['kyc_documents', 'questionnaire_evidence'] as const) {
        // Both tables have the columns read here (the evidence table's shape, uploaded-files.ts).
        const ids = await db
          .selectFrom(`${table} as f` as 'questionnaire_evidence as f')
          .innerJoin('users', 'users.id', 'f.user_id')
          .select('f.id')
          .where('f.submission_id', 'is', null)
          .where('f.created_at', '<', scope.before)
          .where(joinedOfSite(scope.site))
          .where('f.user_id', 'not in', heldUsers())
          .orderBy('f.created_at')
          .limit(scope.limit)
          .execute();
        if (ids.length === 0) continue;
        const deleted = await uploads
          .deleteFrom(table)
          .where(
            'id',
            'in',
            ids.map((r) => r.id),
          )
          .where('submission_id', 'is', null)
          .returning('blob_id')
          .execute();
        blobIds.push(...deleted.map((r) => r.blob_id));
      }
      return { blobIds };
    },

    /** Drafts untouched since `before`: the sealed draft goes, the response (its status) stays. */
    async clearDrafts(scope: RollingScope): Promise<number> {
      const ids = await db
        .selectFrom('questionnaire_responses as r')
        .innerJoin('users', 'users.id', 'r.user_id')
        .select('r.id')
        .where('r.draft_enc', 'is not', null)
        .where('r.updated_at', '<', scope.before)
        .where(joinedOfSite(scope.site))
        .where('r.user_id', 'not in', heldUsers())
        .orderBy('r.updated_at')
        .limit(scope.limit)
        .execute();
      if (ids.length === 0) return 0;
      const result = await db
        .updateTable('questionnaire_responses')
        .set({ draft_enc: null, page_index: 0 })
        .where(
          'id',
          'in',
          ids.map((r) => Number(r.id)),
        )
        .where('draft_enc', 'is not', null)
        .where('updated_at', '<', scope.before)
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    /** Security-log entries and the people's sessions older than `before`. */
    async deleteSecurityLog(scope: RollingScope): Promise<number> {
      const ids = await db
        .selectFrom('user_security_events as e')
        .innerJoin('users', 'users.id', 'e.user_id')
        .select('e.id')
        .where('e.at', '<', scope.before)
        .where(joinedOfSite(scope.site))
        .where('e.user_id', 'not in', heldUsers())
        .orderBy('e.at')
        .limit(scope.limit)
        .execute();
      let count = 0;
      if (ids.length > 0) {
        const result = await db
          .deleteFrom('user_security_events')
          .where(
            'id',
            'in',
            ids.map((r) => Number(r.id)),
          )
          .executeTakeFirst();
        count += Number(result.numDeletedRows);
      }
      // Sessions: few (the expired-sessions sweep removes them), a batch at a time like the log.
      const sessionIds = await db
        .selectFrom('sessions as s')
        .innerJoin('users', 'users.id', 's.subject_id')
        .select('s.id')
        .where('s.audience', '=', 'user')
        .where('s.created_at', '<', scope.before)
        .where(joinedOfSite(scope.site))
        .where('s.subject_id', 'not in', heldUsers())
        .limit(scope.limit)
        .execute();
      if (sessionIds.length === 0) return count;
      const sessions = await db
        .deleteFrom('sessions')
        .where(
          'id',
          'in',
          sessionIds.map((r) => r.id),
        )
        .where('created_at', '<', scope.before)
        .executeTakeFirst();
      return count + Number(sessions.numDeletedRows);
    },

    /**
     * Settled partner deliveries older than `before`, of the site's people; with `unattributed`, those
     * of no known person instead (made before migration 029 under a reference no link names).
     */
    async deleteSettledDeliveries(scope: RollingScope, unattributed = false): Promise<number> {
      const settled = db
        .selectFrom('partner_webhook_deliveries as d')
        .select('d.id')
        .where('d.status', '<>', 'pending')
        .where('d.created_at', '<', scope.before);
      const query = unattributed
        ? settled.where('d.user_id', 'is', null)
        : settled
            .innerJoin('users', 'users.id', 'd.user_id')
            .where(joinedOfSite(scope.site))
            .where('d.user_id', 'not in', heldUsers());
      const ids = await query.orderBy('d.created_at').limit(scope.limit).execute();
      if (ids.length === 0) return 0;
      const result = await db
        .deleteFrom('partner_webhook_deliveries')
        .where(
          'id',
          'in',
          ids.map((r) => Number(r.id)),
        )
        .where('status', '<>', 'pending')
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
export type RetentionRepo = ReturnType<typeof retentionRepo>;

/**
 * What we hold about one person, read for their copy (issue 20, docs/data-export.md "What is in it").
 * Every query is bound to the one `user_id` (or, for identity transfers, to the person's own side), so
 * nothing of anyone else can enter a copy. Columns are chosen here: secrets (password hash, TOTP secret,
 * code hashes, session ids), staff identities and what tipping-off rules keep from the person (D75: screening
 * hits, freezes, suspicious-activity exports, reviewers' internal comments, EDD risk assessments, vendor
 * payloads) are never selected. Sealed values come back sealed; the domain opens them with the person's key.
 */
import type { Db } from '../db.ts';

export function dataExportSourcesRepo(db: Db) {
  return {
    async account(userId: number) {
      return db
        .selectFrom('users')
        .select([
          'id',
          'email',
          'site',
          'currency_code',
          'registered_member_type',
          'created_at',
          'updated_at',
          'last_login_at',
        ])
        .where('id', '=', userId)
        .executeTakeFirst();
    },

    async levels(userId: number) {
      return db
        .selectFrom('kyc_level_states')
        .select(['level', 'type', 'status', 'reject_reason_code', 'reject_reason', 'updated_at'])
        .where('user_id', '=', userId)
        .orderBy('level')
        .execute();
    },

    async reverification(userId: number) {
      return db
        .selectFrom('reverification')
        .select(['status', 'reject_reason', 'deadline', 'site', 'country', 'updated_at'])
        .where('user_id', '=', userId)
        .executeTakeFirst();
    },

    async submissions(userId: number) {
      return db
        .selectFrom('kyc_submissions')
        .select([
          'id',
          'kind',
          'level',
          'document_type',
          'issuing_country',
          'status',
          'idempotency_key',
          'details_enc',
          'created_at',
          'decided_at',
          'reject_reason_code',
          'reject_reason',
          'consent_version',
          'consent_language',
          'consent_at',
        ])
        .where('user_id', '=', userId)
        .orderBy('id')
        .execute();
    },

    async documents(userId: number) {
      return db
        .selectFrom('kyc_documents')
        .select(['id', 'submission_id', 'side', 'mime', 'sha256', 'blob_id', 'size', 'created_at'])
        .where('user_id', '=', userId)
        .orderBy('created_at')
        .orderBy('id')
        .execute();
    },

    /** Decisions and their reasons; who decided only as staff or the vendor, never the reviewer's id or comment. */
    async decisions(userId: number) {
      return db
        .selectFrom('kyc_decisions')
        .select([
          'id',
          'level',
          'decision',
          'reason_code',
          'user_message',
          'at',
          'submission_id',
          'decided_by_provider',
        ])
        .where('user_id', '=', userId)
        .orderBy('at')
        .orderBy('id')
        .execute();
    },

    async questionnaireResponses(userId: number) {
      return db
        .selectFrom('questionnaire_responses')
        .select([
          'template_code',
          'template_version',
          'status',
          'draft_enc',
          'reject_reason',
          'retry_after',
          'decided_at',
          'created_at',
          'updated_at',
        ])
        .where('user_id', '=', userId)
        .orderBy('id')
        .execute();
    },

    async questionnaireSubmissions(userId: number) {
      return db
        .selectFrom('questionnaire_submissions')
        .select([
          'id',
          'template_code',
          'template_version',
          'answers_enc',
          'idempotency_key',
          'score',
          'max_score',
          'passed',
          'band',
          'status',
          'language',
          'ip_address',
          'user_agent',
          'created_at',
        ])
        .where('user_id', '=', userId)
        .orderBy('id')
        .execute();
    },

    async evidence(userId: number) {
      return db
        .selectFrom('questionnaire_evidence')
        .select(['id', 'submission_id', 'mime', 'sha256', 'blob_id', 'size', 'created_at'])
        .where('user_id', '=', userId)
        .orderBy('created_at')
        .orderBy('id')
        .execute();
    },

    /** What compliance asked of the person (they saw each request). */
    async complianceTasks(userId: number) {
      return db
        .selectFrom('compliance_tasks')
        .select(['kind', 'template_code', 'status', 'request_text', 'created_at', 'closed_at'])
        .where('user_id', '=', userId)
        .orderBy('id')
        .execute();
    },

    async satos(userId: number) {
      return db
        .selectFrom('satos_verifications')
        .select(['deposit_ref', 'coin', 'network', 'status', 'reject_reason', 'created_at', 'updated_at'])
        .where('user_id', '=', userId)
        .orderBy('id')
        .execute();
    },

    /** When the person was screened (D75: the times only; never a hit, a score, a list entry or a freeze). */
    async screeningTimes(userId: number) {
      const rows = await db
        .selectFrom('screening_runs')
        .select('screened_at')
        .where('user_id', '=', userId)
        .where('status', '=', 'done')
        .where('screened_at', 'is not', null)
        .orderBy('screened_at')
        .execute();
      return rows.flatMap((r) => (r.screened_at === null ? [] : [Number(r.screened_at)]));
    },

    /**
     * What partners were told about the person (recipients, GDPR Art. 15(1)(c)): the signed deliveries
     * that name them (`user_id`, migration 029), newest first, at most 1 000; the body is the exact JSON
     * the partner received, which names the person only by the partner's own reference.
     */
    async partnerNotifications(userId: number) {
      return db
        .selectFrom('partner_webhook_deliveries')
        .leftJoin('sdk_businesses', 'sdk_businesses.id', 'partner_webhook_deliveries.business_id')
        .select([
          'partner_webhook_deliveries.business_id',
          'sdk_businesses.name as business_name',
          'partner_webhook_deliveries.event_type',
          'partner_webhook_deliveries.body',
          'partner_webhook_deliveries.status',
          'partner_webhook_deliveries.created_at',
          'partner_webhook_deliveries.delivered_at',
        ])
        .where('partner_webhook_deliveries.user_id', '=', userId)
        .orderBy('partner_webhook_deliveries.id', 'desc')
        .limit(1000)
        .execute();
    },

    async partnerLinks(userId: number) {
      return db
        .selectFrom('partner_links')
        .leftJoin('sdk_businesses', 'sdk_businesses.id', 'partner_links.business_id')
        .select([
          'partner_links.business_id',
          'sdk_businesses.name as business_name',
          'partner_links.partner_ref',
          'partner_links.consent_version',
          'partner_links.consented_at',
          'partner_links.revoked_at',
          'partner_links.revoked_by',
        ])
        .where('partner_links.user_id', '=', userId)
        .orderBy('partner_links.id')
        .execute();
    },

    async securityEvents(userId: number) {
      return db
        .selectFrom('user_security_events')
        .select(['kind', 'at', 'network', 'browser', 'system'])
        .where('user_id', '=', userId)
        .orderBy('at')
        .orderBy('id')
        .execute();
    },

    /** The person's sessions (never their ids: those are the hashes of live cookies). */
    async sessions(userId: number) {
      return db
        .selectFrom('sessions')
        .select(['created_at', 'last_seen_at', 'expires_at'])
        .where('audience', '=', 'user')
        .where('subject_id', '=', userId)
        .orderBy('created_at')
        .execute();
    },

    async authenticator(userId: number) {
      return db
        .selectFrom('user_totp')
        .select(['created_at', 'enabled_at'])
        .where('user_id', '=', userId)
        .executeTakeFirst();
    },

    async securityVerifications(userId: number) {
      return db
        .selectFrom('verification_challenges')
        .select(['scene', 'status', 'created_at'])
        .where('user_id', '=', userId)
        .orderBy('created_at')
        .execute();
    },

    /** Identity transfers the person took part in; the other account is never named. */
    async identityTransfers(userId: number) {
      return db
        .selectFrom('identity_transfers')
        .select([
          'source_user_id',
          'status',
          'source_level',
          'target_consent_at',
          'source_consent_at',
          'cooling_off_until',
          'reject_reason',
          'created_at',
          'completed_at',
        ])
        .where((eb) => eb.or([eb('source_user_id', '=', userId), eb('target_user_id', '=', userId)]))
        .orderBy('id')
        .execute();
    },

    async vendorApplicants(userId: number) {
      return db
        .selectFrom('vendor_applicants')
        .select(['provider', 'level', 'review_status', 'created_at', 'updated_at'])
        .where('user_id', '=', userId)
        .orderBy('id')
        .execute();
    },

    /** The vendors' results about the person, without their payloads (D75). */
    async vendorEvents(userId: number) {
      return db
        .selectFrom('vendor_events')
        .select(['provider', 'event_type', 'source', 'level', 'outcome', 'occurred_at', 'received_at'])
        .where('user_id', '=', userId)
        .orderBy('occurred_at')
        .orderBy('id')
        .execute();
    },

    async vendorSessions(userId: number) {
      return db
        .selectFrom('vendor_sessions')
        .select(['provider', 'level', 'id_type', 'country', 'created_at', 'expires_at', 'used_at'])
        .where('user_id', '=', userId)
        .orderBy('created_at')
        .execute();
    },

    async quickKycOffers(userId: number) {
      return db
        .selectFrom('quick_kyc_offers')
        .select(['source', 'level', 'country', 'document_type', 'verified_at', 'expires_at', 'consumed_at'])
        .where('user_id', '=', userId)
        .orderBy('id')
        .execute();
    },

    async notices(userId: number) {
      return db
        .selectFrom('notices')
        .select(['kind', 'ref', 'outcome', 'created_at', 'read_at'])
        .where('user_id', '=', userId)
        .orderBy('id')
        .execute();
    },

    async announcementAcks(userId: number) {
      return db
        .selectFrom('kyc_announcement_acks')
        .select(['announcement_id', 'acknowledged_at'])
        .where('user_id', '=', userId)
        .orderBy('acknowledged_at')
        .execute();
    },

    async products(userId: number) {
      return db
        .selectFrom('user_products')
        .select(['product', 'status', 'updated_at'])
        .where('user_id', '=', userId)
        .orderBy('product')
        .execute();
    },

    /** Issue 19's check runs of the person's submissions (status and times). */
    async documentCheckRuns(userId: number) {
      return db
        .selectFrom('document_check_runs')
        .select(['submission_id', 'status', 'requested_at', 'checked_at'])
        .where('user_id', '=', userId)
        .orderBy('submission_id')
        .execute();
    },

    /**
     * Their check results (D107): never `related_user_id` (another account: a duplicate is told only as
     * found) nor `document_hash` (the keyed hash the duplicate search compares). Evidence comes sealed.
     */
    async documentCheckResults(userId: number) {
      return db
        .selectFrom('document_check_results')
        .select([
          'submission_id',
          'name',
          'outcome',
          'score',
          'threshold',
          'detail',
          'evidence_enc',
          'checked_at',
        ])
        .where('user_id', '=', userId)
        .orderBy('submission_id')
        .orderBy('name')
        .execute();
    },

    /**
     * Their answers to the correction step (D125): the answer sealed under their data key, as stored
     * (read by document_check_corrections_key_idx, which starts with user_id).
     */
    async documentCheckCorrections(userId: number) {
      return db
        .selectFrom('document_check_corrections')
        .select(['submission_id', 'revision', 'kind', 'fields', 'answer_enc', 'data_match', 'created_at'])
        .where('user_id', '=', userId)
        .orderBy('submission_id')
        .orderBy('revision')
        .execute();
    },

    async supportRequests(userId: number) {
      return db
        .selectFrom('support_requests')
        .select(['topic', 'language', 'message', 'status', 'answer', 'created_at', 'answered_at'])
        .where('user_id', '=', userId)
        .orderBy('id')
        .execute();
    },
  };
}
export type DataExportSourcesRepo = ReturnType<typeof dataExportSourcesRepo>;

/**
 * What goes into a person's copy (issue 20, docs/data-export.md "What is in it"): everything we hold about
 * them, as machine-readable JSON (one file per area, times as ISO 8601 in UTC), and their own documents
 * and evidence decrypted. Every source is read by the person's id alone
 * (data/repositories/data-export-sources-repo.ts), so nothing of anyone else can enter it.
 *
 * Left out on purpose (D75): secrets (password hash, authenticator secret, code hashes, session ids), the
 * identity of staff, and what the anti-money-laundering rules forbid disclosing to the subject ("tipping
 * off"): screening hits and their scores, freezes, suspicious-activity exports, reviewers' internal
 * comments, enhanced-due-diligence risk assessments and the vendors' raw payloads. The copy of a person
 * with a hit has the same files and fields as anyone else's, and the README's sentence about records the
 * law restricts is in every copy, so nothing in it differs because of a flag.
 */
import { createHash } from 'node:crypto';
import { DATA_EXPORT_FORMAT, SECURITY_SCENES } from '@kyc/contracts';
import type { Repositories } from '../../data/repositories/index.ts';
import { decryptBlob } from '../../lib/crypto/envelope.ts';
import { readBlob, type BlobStore } from '../../lib/uploads/blob-store.ts';
import { openDetails } from '../kyc/data-keys.ts';
import { answersObject, draftObject } from '../questionnaires/sealed-answers.ts';
import { documentChecksOf } from './collect-checks.ts';

/** One file of the zip: a path inside it and its bytes; JSON is compressed, documents are stored. */
export interface ExportFile {
  path: string;
  bytes: Buffer;
  compress: boolean;
}

const iso = (ms: number | null | undefined) =>
  ms === null || ms === undefined ? null : new Date(Number(ms)).toISOString();

/** A partner delivery's body as sent (JSON); kept as text if it ever is not. */
function parsedBody(body: string): unknown {
  try {
    return JSON.parse(body) as unknown;
  } catch {
    return body;
  }
}

const EXTENSIONS: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'application/pdf': 'pdf',
};
const extensionOf = (mime: string) => EXTENSIONS[mime] ?? 'bin';

/** The scene codes by name, so the security log says what each verification was for. */
const SCENE_NAMES = new Map<number, string>(
  Object.entries(SECURITY_SCENES).map(([name, code]) => [code, name]),
);

const README = (generatedAt: string) => `A copy of your personal data
============================

Made on ${generatedAt} (UTC) at your request or at a request made on your behalf, under the
General Data Protection Regulation (Articles 15 and 20).

manifest.json      what this archive holds: each file with its size and SHA-256
data/account.json  your account and the personal details you gave us
data/verification.json   your verification levels, submissions, decisions and their reasons,
                   checks by verification providers, notices and offers
data/document-checks.json the checks we made of your identity documents (photo quality, the
                   machine-readable zone, what you typed against it, expiry, whether the
                   same document is on another account) and what each found
data/questionnaires.json your questionnaire answers, drafts, tasks asked of you and wallet proofs
data/screening.json      when you were checked against lists, as the law requires
data/partners.json       the partners you allowed to reach your verification, and what we
                   told them about you
data/security.json       your sign-ins, sessions, security verifications, authenticator app and
                   identity transfers
data/support.json        what you wrote to our help centre and our answers
data/exports.json        the copies of your data you asked for
documents/         the identity documents and selfies you uploaded, as we store them
evidence/          the files you uploaded as questionnaire evidence

Every time is in ISO 8601 (UTC). The JSON files are meant to be read by programs (Article 20).

Where the law restricts access to a record (for example to prevent or detect financial crime), that
record is not included. If you have questions about this copy, contact our support.
`;

export interface CollectOptions {
  repos: Repositories;
  blobs: BlobStore;
  /** The person's data key (held by the caller and zeroed after). */
  key: Buffer;
  userId: number;
  at: number;
}

/** Opens a sealed value, or null when it does not open (a row written before a key existed, a moved blob). */
function openOrNull<T>(open: () => T): T | null {
  try {
    return open();
  } catch {
    return null;
  }
}

const json = (path: string, value: unknown): ExportFile => ({
  path,
  bytes: Buffer.from(`${JSON.stringify(value, null, 2)}\n`, 'utf8'),
  compress: true,
});

/**
 * Reads every source of the person and hands each file to `add` as soon as it is ready (a document is
 * decrypted, handed over and let go before the next is read). Answers the manifest's file list.
 */
export async function collectPersonalData(
  options: CollectOptions,
  add: (file: ExportFile) => void,
): Promise<void> {
  const { repos, blobs, key, userId, at } = options;
  const src = repos.dataExportSources;
  const generatedAt = iso(at) ?? '';
  const listed: Array<{ path: string; size: number; sha256: string }> = [];
  const put = (file: ExportFile) => {
    listed.push({
      path: file.path,
      size: file.bytes.length,
      sha256: createHash('sha256').update(file.bytes).digest('hex'),
    });
    add(file);
  };

  const account = await src.account(userId);
  if (!account) throw new Error(`no user ${userId}`);

  // ── documents first: the JSON names the path each was written to ──────────────────────────────────
  const documentPaths = new Map<string, string | null>();
  for (const doc of await src.documents(userId)) {
    const folder = doc.submission_id === null ? 'not-submitted' : `submission-${Number(doc.submission_id)}`;
    const path = `documents/${folder}/${doc.id}-${doc.side}.${extensionOf(doc.mime)}`;
    const blob = await readBlob(blobs, doc.blob_id);
    const bytes = blob && openOrNull(() => decryptBlob(key, blob, { userId, objectId: doc.id }));
    documentPaths.set(doc.id, bytes ? path : null);
    if (bytes) put({ path, bytes, compress: false });
  }
  const evidencePaths = new Map<string, string | null>();
  for (const file of await src.evidence(userId)) {
    const path = `evidence/${file.id}.${extensionOf(file.mime)}`;
    const blob = await readBlob(blobs, file.blob_id);
    const bytes = blob && openOrNull(() => decryptBlob(key, blob, { userId, objectId: file.id }));
    evidencePaths.set(file.id, bytes ? path : null);
    if (bytes) put({ path, bytes, compress: false });
  }

  // ── account ───────────────────────────────────────────────────────────────────────────────────────
  const applicant = await repos.kyc.findApplicant(userId);
  const authenticator = await src.authenticator(userId);
  put(
    json('data/account.json', {
      account: {
        userId,
        email: account.email,
        site: account.site,
        currency: account.currency_code,
        memberType: account.registered_member_type,
        createdAt: iso(account.created_at),
        updatedAt: iso(account.updated_at),
        lastSignInAt: iso(account.last_login_at),
      },
      personalDetails: applicant
        ? {
            firstName: applicant.first_name,
            lastName: applicant.last_name,
            dateOfBirth: applicant.date_of_birth,
            documentCountry: applicant.country,
            residenceCountry: applicant.residence_country,
            verifiedLevel: Number(applicant.level),
            provider: applicant.provider,
            custody: applicant.custody,
            limitation: applicant.limitation,
            limitationReason: applicant.limitation_reason,
            createdAt: iso(applicant.created_at),
            updatedAt: iso(applicant.updated_at),
          }
        : null,
    }),
  );

  // ── verification ──────────────────────────────────────────────────────────────────────────────────
  const documents = await src.documents(userId);
  const submissions = (await src.submissions(userId)).map((s) => ({
    id: Number(s.id),
    kind: s.kind,
    level: Number(s.level),
    documentType: s.document_type,
    issuingCountry: s.issuing_country,
    status: s.status,
    submittedAt: iso(s.created_at),
    decidedAt: iso(s.decided_at),
    rejectReasonCode: s.reject_reason_code,
    rejectReason: s.reject_reason,
    details: s.details_enc
      ? openOrNull(() => openDetails(key, userId, s.idempotency_key, Buffer.from(s.details_enc as Buffer)))
      : null,
    consent:
      s.consent_at === null
        ? null
        : { version: s.consent_version, language: s.consent_language, at: iso(s.consent_at) },
    documents: documents
      .filter((d) => d.submission_id !== null && Number(d.submission_id) === Number(s.id))
      .map((d) => ({ side: d.side, file: documentPaths.get(d.id) ?? null, sha256: d.sha256, mime: d.mime })),
  }));
  const reverification = await src.reverification(userId);
  put(
    json('data/verification.json', {
      levels: (await src.levels(userId)).map((l) => ({
        level: Number(l.level),
        type: l.type,
        status: l.status,
        rejectReasonCode: l.reject_reason_code,
        rejectReason: l.reject_reason,
        updatedAt: iso(l.updated_at),
      })),
      reverification: reverification
        ? {
            status: reverification.status,
            rejectReason: reverification.reject_reason,
            deadline: iso(reverification.deadline),
            site: reverification.site,
            country: reverification.country,
            updatedAt: iso(reverification.updated_at),
          }
        : null,
      submissions,
      documentsNotSubmitted: documents
        .filter((d) => d.submission_id === null)
        .map((d) => ({ side: d.side, file: documentPaths.get(d.id) ?? null, uploadedAt: iso(d.created_at) })),
      decisions: (await src.decisions(userId)).map((d) => ({
        level: Number(d.level),
        decision: d.decision,
        reasonCode: d.reason_code,
        reason: d.user_message,
        at: iso(d.at),
        submissionId: d.submission_id === null ? null : Number(d.submission_id),
        decidedBy: d.decided_by_provider ? d.decided_by_provider : 'staff',
      })),
      verificationProviders: {
        applicants: (await src.vendorApplicants(userId)).map((a) => ({
          provider: a.provider,
          level: Number(a.level),
          reviewStatus: a.review_status,
          createdAt: iso(a.created_at),
          updatedAt: iso(a.updated_at),
        })),
        results: (await src.vendorEvents(userId)).map((e) => ({
          provider: e.provider,
          event: e.event_type,
          source: e.source,
          level: e.level === null ? null : Number(e.level),
          outcome: e.outcome,
          occurredAt: iso(e.occurred_at),
          receivedAt: iso(e.received_at),
        })),
        sessions: (await src.vendorSessions(userId)).map((v) => ({
          provider: v.provider,
          level: Number(v.level),
          idType: v.id_type,
          country: v.country,
          createdAt: iso(v.created_at),
          expiresAt: iso(v.expires_at),
          usedAt: iso(v.used_at),
        })),
      },
      reuseOffers: (await src.quickKycOffers(userId)).map((o) => ({
        source: o.source,
        level: Number(o.level),
        country: o.country,
        documentType: o.document_type,
        verifiedAt: iso(o.verified_at),
        expiresAt: iso(o.expires_at),
        usedAt: iso(o.consumed_at),
      })),
      notices: (await src.notices(userId)).map((n) => ({
        kind: n.kind,
        about: n.ref,
        outcome: n.outcome,
        at: iso(n.created_at),
        readAt: iso(n.read_at),
      })),
      announcementsAcknowledged: (await src.announcementAcks(userId)).map((a) => ({
        announcement: a.announcement_id,
        at: iso(a.acknowledged_at),
      })),
      products: (await src.products(userId)).map((p) => ({
        product: p.product,
        status: p.status,
        updatedAt: iso(p.updated_at),
      })),
    }),
  );

  // ── document checks (issue 19; D107: the person's own findings, no other account) ────────────────
  put(json('data/document-checks.json', await documentChecksOf(repos, key, userId)));

  // ── questionnaires ────────────────────────────────────────────────────────────────────────────────
  const evidence = await src.evidence(userId);
  put(
    json('data/questionnaires.json', {
      questionnaires: (await src.questionnaireResponses(userId)).map((r) => ({
        questionnaire: r.template_code,
        version: Number(r.template_version),
        status: r.status,
        rejectReason: r.reject_reason,
        retryAfter: iso(r.retry_after),
        decidedAt: iso(r.decided_at),
        startedAt: iso(r.created_at),
        updatedAt: iso(r.updated_at),
        draft: r.draft_enc
          ? openOrNull(
              () =>
                JSON.parse(
                  decryptBlob(key, Buffer.from(r.draft_enc as Buffer), {
                    userId,
                    objectId: draftObject(r.template_code),
                  }).toString('utf8'),
                ) as unknown,
            )
          : null,
      })),
      submissions: (await src.questionnaireSubmissions(userId)).map((s) => ({
        id: Number(s.id),
        questionnaire: s.template_code,
        version: Number(s.template_version),
        status: s.status,
        score: s.score === null ? null : Number(s.score),
        maxScore: s.max_score === null ? null : Number(s.max_score),
        passed: s.passed === null ? null : Number(s.passed) === 1,
        band: s.band,
        language: s.language,
        ipAddress: s.ip_address,
        userAgent: s.user_agent,
        submittedAt: iso(s.created_at),
        answers: openOrNull(
          () =>
            JSON.parse(
              decryptBlob(key, Buffer.from(s.answers_enc), {
                userId,
                objectId: answersObject(s.idempotency_key),
              }).toString('utf8'),
            ) as unknown,
        ),
        evidence: evidence
          .filter((e) => e.submission_id !== null && Number(e.submission_id) === Number(s.id))
          .map((e) => ({ file: evidencePaths.get(e.id) ?? null, sha256: e.sha256, mime: e.mime })),
      })),
      evidenceNotSubmitted: evidence
        .filter((e) => e.submission_id === null)
        .map((e) => ({ file: evidencePaths.get(e.id) ?? null, uploadedAt: iso(e.created_at) })),
      tasks: (await src.complianceTasks(userId)).map((t) => ({
        kind: t.kind,
        questionnaire: t.template_code,
        status: t.status,
        request: t.request_text,
        createdAt: iso(t.created_at),
        closedAt: iso(t.closed_at),
      })),
      walletProofs: (await src.satos(userId)).map((w) => ({
        depositRef: w.deposit_ref,
        coin: w.coin,
        network: w.network,
        status: w.status,
        rejectReason: w.reject_reason,
        createdAt: iso(w.created_at),
        updatedAt: iso(w.updated_at),
      })),
    }),
  );

  // ── screening: the times only (D75) ───────────────────────────────────────────────────────────────
  put(json('data/screening.json', { checkedAt: (await src.screeningTimes(userId)).map((t) => iso(t)) }));

  // ── partners ──────────────────────────────────────────────────────────────────────────────────────
  put(
    json('data/partners.json', {
      links: (await src.partnerLinks(userId)).map((l) => ({
        partner: l.business_id,
        partnerName: l.business_name,
        yourReferenceAtPartner: l.partner_ref,
        consentVersion: l.consent_version,
        consentedAt: iso(l.consented_at),
        revokedAt: iso(l.revoked_at),
        revokedBy: l.revoked_by,
      })),
      notifications: (await src.partnerNotifications(userId)).map((n) => ({
        partner: n.business_id,
        partnerName: n.business_name,
        event: n.event_type,
        status: n.status,
        createdAt: iso(n.created_at),
        deliveredAt: iso(n.delivered_at),
        sent: parsedBody(n.body),
      })),
    }),
  );

  // ── security ──────────────────────────────────────────────────────────────────────────────────────
  put(
    json('data/security.json', {
      events: (await src.securityEvents(userId)).map((e) => ({
        kind: e.kind,
        at: iso(e.at),
        network: e.network,
        browser: e.browser,
        system: e.system,
      })),
      sessions: (await src.sessions(userId)).map((s) => ({
        createdAt: iso(s.created_at),
        lastSeenAt: iso(s.last_seen_at),
        expiresAt: iso(s.expires_at),
      })),
      authenticatorApp: authenticator
        ? { addedAt: iso(authenticator.created_at), enabledAt: iso(authenticator.enabled_at) }
        : null,
      securityVerifications: (await src.securityVerifications(userId)).map((v) => ({
        scene: Number(v.scene),
        for: SCENE_NAMES.get(Number(v.scene)) ?? null,
        status: v.status,
        at: iso(v.created_at),
      })),
      identityTransfers: (await src.identityTransfers(userId)).map((t) => ({
        yourSide: Number(t.source_user_id) === userId ? 'source' : 'target',
        status: t.status,
        level: Number(t.source_level),
        targetConsentedAt: iso(t.target_consent_at),
        sourceConsentedAt: iso(t.source_consent_at),
        coolingOffUntil: iso(t.cooling_off_until),
        rejectReason: t.reject_reason,
        createdAt: iso(t.created_at),
        completedAt: iso(t.completed_at),
      })),
    }),
  );

  // ── help centre and earlier copies ────────────────────────────────────────────────────────────────
  put(
    json('data/support.json', {
      requests: (await src.supportRequests(userId)).map((r) => ({
        topic: r.topic,
        language: r.language,
        message: r.message,
        status: r.status,
        answer: r.answer,
        createdAt: iso(r.created_at),
        answeredAt: iso(r.answered_at),
      })),
    }),
  );
  put(
    json('data/exports.json', {
      requests: (await repos.dataExports.selfRequestsOf(userId)).map((e) => ({
        id: Number(e.id),
        status: e.status,
        requestedAt: iso(e.requested_at),
        readyAt: iso(e.ready_at),
        downloadedAt: iso(e.downloaded_at),
      })),
    }),
  );

  put({ path: 'README.txt', bytes: Buffer.from(README(generatedAt), 'utf8'), compress: true });
  add(
    json('manifest.json', {
      format: DATA_EXPORT_FORMAT,
      generatedAt,
      subject: { userId, email: account.email },
      files: listed,
    }),
  );
}

/**
 * data/verification.json of a person's copy (docs/data-export.md "What is in it"): their levels,
 * re-verification, submissions with their details opened and their documents' files, decisions with the
 * reasons they were told, what verification providers reported (never a raw payload, D75), reuse
 * offers, notices, acknowledged announcements and products.
 */
import { openDetails } from '../kyc/data-keys.ts';
import { iso, openOrNull, type PersonSources } from './collect-format.ts';

export async function verificationOf(
  { repos, key, userId }: PersonSources,
  documentPaths: Map<string, string | null>,
) {
  const src = repos.dataExportSources;
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
  return {
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
  };
}

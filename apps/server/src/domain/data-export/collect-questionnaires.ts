/**
 * data/questionnaires.json of a person's copy (docs/data-export.md "What is in it"): their questionnaire
 * responses with drafts opened, submissions with answers opened and their evidence files, the tasks
 * asked of them and their wallet proofs. Internal reviews and EDD risk assessments stay out (D75).
 */
import { decryptBlob } from '../../lib/crypto/envelope.ts';
import { answersObject, draftObject } from '../questionnaires/sealed-answers.ts';
import { iso, openOrNull, type PersonSources } from './collect-format.ts';

export async function questionnairesOf(
  { repos, key, userId }: PersonSources,
  evidencePaths: Map<string, string | null>,
) {
  const src = repos.dataExportSources;
  const evidence = await src.evidence(userId);
  return {
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
  };
}

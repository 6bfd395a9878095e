/**
 * The document checks in a person's copy (issue 20 with issue 19; docs/data-export.md "What is in it",
 * D107): each of their submissions' check run and results — outcome, score against threshold, and what
 * the check found, the personal part (what they typed, what their document's MRZ says, its expiry) opened
 * under their own data key. Nothing of anyone else: a duplicate check says only whether the same document
 * was found on another account, never which, how many, or the keyed hash it was found by. A finding of a
 * kind this module does not know (a check added later) is given by its code alone, so a new check's
 * detail cannot leak another account into a copy before someone decides what of it is the person's.
 * With each submission, the person's answers to the correction step (D125): what they corrected or
 * kept, what they had typed and what the document says, their reason, the zone they typed.
 */
import { checkDetail, type CheckDetail } from '@kyc/contracts';
import type { Repositories } from '../../data/repositories/index.ts';
import { decryptBlob } from '../../lib/crypto/envelope.ts';
import { correctionObject, type SealedAnswer } from '../checks/correction/case-corrections.ts';
import { evidenceObject } from '../checks/run/case-checks.ts';

const iso = (ms: number | string | bigint | null | undefined) =>
  ms === null || ms === undefined ? null : new Date(Number(ms)).toISOString();

/** What a check found, as the person may read it. */
function findingOf(name: string, outcome: string, detail: CheckDetail | { code: string }): unknown {
  const parsed = checkDetail.safeParse(detail);
  if (name.startsWith('duplicate_') || detail.code.startsWith('duplicate_'))
    return {
      code: detail.code,
      duplicateFound:
        parsed.success && parsed.data.code === 'duplicate_document'
          ? parsed.data.otherAccounts > 0
          : outcome === 'fail' || outcome === 'warn',
    };
  if (!parsed.success) return { code: detail.code };
  const d = parsed.data;
  switch (d.code) {
    case 'image_quality':
      return { code: d.code, images: d.images };
    case 'mrz_read':
      return { code: d.code, format: d.format, side: d.side, repairs: d.repairs };
    case 'mrz_not_readable':
      return { code: d.code, reason: d.reason };
    case 'data_compared':
      return {
        code: d.code,
        fields: d.fields.map((f) => ({
          field: f.field,
          outcome: f.outcome,
          youTyped: f.typed,
          documentSays: f.document,
        })),
      };
    case 'expiry_date':
      return { code: d.code, expired: d.expired, expiryDate: d.expiryDate };
    case 'not_run':
      return { code: d.code, reason: d.reason };
    case 'duplicate_document':
      return { code: d.code, duplicateFound: d.otherAccounts > 0 };
  }
}

/** The stored detail, replaced by the sealed evidence when it opens under the person's key. */
function detailOf(
  row: {
    submission_id: number | string;
    name: string;
    detail: string;
    evidence_enc: Buffer | Uint8Array | null;
  },
  key: Buffer,
  userId: number,
): { code: string } {
  const clear = JSON.parse(row.detail) as { code?: unknown };
  const fallback = { code: typeof clear.code === 'string' ? clear.code : 'unknown' };
  if (row.evidence_enc) {
    try {
      const opened = decryptBlob(key, Buffer.from(row.evidence_enc), {
        userId,
        objectId: evidenceObject(Number(row.submission_id), row.name),
      });
      const value = JSON.parse(opened.toString('utf8')) as { code?: unknown };
      if (typeof value.code === 'string') return { ...value, code: value.code };
    } catch {
      // Evidence that does not open (moved, or written under a key since destroyed): the clear detail.
    }
  }
  return { ...clear, code: fallback.code };
}

interface CorrectionRow {
  submission_id: number | string;
  revision: number | string;
  kind: string;
  fields: string;
  answer_enc: Buffer | Uint8Array | null;
  data_match: string;
  created_at: number | string;
}

/**
 * One answer of the correction step as the person gave it, opened under their key. An answer whose
 * sealed part does not open (a key destroyed since) keeps what the clear columns say: which fields,
 * corrected or kept.
 */
function answerOf(row: CorrectionRow, key: Buffer, userId: number) {
  const submissionId = Number(row.submission_id);
  const revision = Number(row.revision);
  let sealed: SealedAnswer | null = null;
  if (row.answer_enc) {
    try {
      const opened = decryptBlob(key, Buffer.from(row.answer_enc), {
        userId,
        objectId: correctionObject(submissionId, revision),
      });
      sealed = JSON.parse(opened.toString('utf8')) as SealedAnswer;
    } catch {
      // Not openable: the clear part below.
    }
  }
  const clearFields = (JSON.parse(row.fields) as { field: string; action: string }[]).map((f) => ({
    field: f.field,
    action: f.action,
  }));
  return {
    revision,
    kind: row.kind,
    answeredAt: iso(row.created_at),
    fields: sealed
      ? sealed.fields.map((f) => ({
          field: f.field,
          action: f.action,
          youTyped: f.typed,
          documentSays: f.document,
          correctedTo: f.value,
          reason: f.reason,
        }))
      : clearFields,
    zoneTyped: sealed?.mrzLines ?? null,
    dataMatchAfter: row.data_match,
  };
}

/** `data/document-checks.json`: the runs of the person's submissions, each with its results. */
export async function documentChecksOf(repos: Repositories, key: Buffer, userId: number) {
  const src = repos.dataExportSources;
  const results = await src.documentCheckResults(userId);
  const corrections = await src.documentCheckCorrections(userId);
  return {
    submissions: (await src.documentCheckRuns(userId)).map((run) => ({
      submissionId: Number(run.submission_id),
      status: run.status,
      requestedAt: iso(run.requested_at),
      checkedAt: iso(run.checked_at),
      checks: results
        .filter((r) => Number(r.submission_id) === Number(run.submission_id))
        .map((r) => ({
          check: r.name,
          outcome: r.outcome,
          score: r.score === null ? null : Number(r.score),
          threshold: r.threshold === null ? null : Number(r.threshold),
          found: findingOf(r.name, r.outcome, detailOf(r, key, userId)),
          checkedAt: iso(r.checked_at),
        })),
      corrections: corrections
        .filter((c) => Number(c.submission_id) === Number(run.submission_id))
        .map((c) => answerOf(c, key, userId)),
    })),
  };
}

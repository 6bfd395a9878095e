/**
 * The person's answers to the correction step as the reviewer's case page shows them (issue 19;
 * docs/checks.md "The correction step"): for each answer, what was typed before it, what the document
 * says, and the correction or the reason for keeping the value; a typed zone's lines, marked typed by
 * the case page. The values are opened under the person's data key (the caller audits the view).
 */
import { caseCheckCorrection, type CaseCheckCorrection } from '@kyc/contracts';
import type { Repositories } from '../../../data/repositories/index.ts';
import { decryptBlob, type MasterKeyring } from '../../../lib/crypto/envelope.ts';
import { withStoredDataKey } from '../../kyc/data-keys.ts';
import type { CheckedAnswer } from './correction-rules.ts';

/** What an answer's sealed part holds. */
export interface SealedAnswer {
  fields: CheckedAnswer[];
  mrzLines: string[] | null;
}

/** What an answer's sealed part is bound to: the submission and the revision. */
export const correctionObject = (submissionId: number, revision: number) =>
  `document-correction:${submissionId}:${revision}`;

export async function caseCorrectionsOf(
  repos: Pick<Repositories, 'documentCorrections' | 'submissions'>,
  keyring: MasterKeyring,
  userId: number,
  submissionId: number,
): Promise<CaseCheckCorrection[]> {
  const rows = await repos.documentCorrections.answersOf(submissionId);
  if (rows.length === 0) return [];
  return withStoredDataKey(repos.submissions, keyring, userId, (key) =>
    rows.map((row) => {
      let sealed: SealedAnswer = { fields: [], mrzLines: null };
      if (row.answer_enc && key) {
        try {
          const opened = decryptBlob(key, Buffer.from(row.answer_enc), {
            userId,
            objectId: correctionObject(submissionId, row.revision),
          });
          sealed = JSON.parse(opened.toString('utf8')) as SealedAnswer;
        } catch {
          // A shredded data key: the answer's kind and outcome without its values.
        }
      }
      return caseCheckCorrection.parse({
        revision: row.revision,
        kind: row.kind,
        at: row.created_at,
        fields: sealed.fields.map((f) => ({
          field: f.field,
          typed: f.typed,
          document: f.document,
          action: f.action,
          value: f.value,
          reason: f.reason,
        })),
        mrzLines: sealed.mrzLines,
        dataMatch: row.data_match,
      });
    }),
  );
}

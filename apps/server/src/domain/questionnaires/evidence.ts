/**
 * Evidence for questionnaire answers (docs/questionnaires.md "Evidence"): uploaded through the one
 * encrypted-upload pipeline (domain/uploads, PDF allowed, no photo-quality rule), and checked when the
 * answers citing it are submitted.
 */
import type {
  QuestionnaireAnswers,
  QuestionnaireEvidenceResult,
  QuestionnaireTemplate,
} from '@kyc/contracts';
import type { QuestionnairesRepo } from '../../data/repositories/questionnaires-repo.ts';
import { AppError } from '../../lib/app-error.ts';
import { storeEncryptedUpload } from '../uploads/encrypted-upload.ts';
import { allQuestions } from './engine.ts';
import type { QuestionnaireContext } from './questionnaire-context.ts';

/**
 * The evidence of the answers that still has to be attached: each id must be the caller's own upload,
 * either new (unattached) or submitted before with this same template — an answer sent again after a
 * rejection keeps its documents (the earlier submission keeps them too, as the history shows them).
 * Anything else — unknown, another user's, given twice, or submitted with another template — is 30011.
 */
export async function checkedEvidence(
  repo: Pick<QuestionnairesRepo, 'evidenceOf'>,
  userId: number,
  template: QuestionnaireTemplate,
  answers: QuestionnaireAnswers,
): Promise<string[]> {
  const ids = allQuestions(template)
    .filter((q) => q.type === 'evidence_upload')
    .flatMap((q) => {
      const value = answers[q.id];
      return Array.isArray(value) ? value : [];
    });
  if (new Set(ids).size !== ids.length)
    throw new AppError('KYC_DOCUMENT_NOT_FOUND', 'an evidence document is given twice');
  const found = await repo.evidenceOf(userId, ids);
  if (
    found.length !== ids.length ||
    found.some((e) => e.submission_id !== null && e.template_code !== template.code)
  )
    throw new AppError('KYC_DOCUMENT_NOT_FOUND', 'an evidence document is unknown or submitted elsewhere');
  return found.filter((e) => e.submission_id === null).map((e) => e.id);
}

export function evidenceUseCases(ctx: QuestionnaireContext) {
  const { repos, blobs, keyring, now } = ctx;
  return {
    /** Evidence for an answer, sealed under the user's data key bound to user and document id. */
    async uploadEvidence(userId: number, bytes: Buffer): Promise<QuestionnaireEvidenceResult> {
      const file = await storeEncryptedUpload(
        { blobs, keys: repos.submissions, keyring },
        { userId, bytes, checks: { allowPdf: true }, at: now() },
        (stored) => repos.questionnaires.insertEvidence(stored),
      );
      return { documentId: file.id, mime: file.mime, size: file.size, sha256: file.sha256 };
    },
  };
}

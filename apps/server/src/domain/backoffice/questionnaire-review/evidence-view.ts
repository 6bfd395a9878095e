/**
 * One evidence document of a user's submissions of one template, decrypted for a reviewer ('view_cases')
 * through the encrypted-upload pipeline (bound to the user and the document id), audited as
 * 'questionnaire.evidence.view' before the bytes leave. An unknown id, another user's or another
 * template's, is the same 404.
 */
import type { StaffMe } from '@kyc/contracts';
import { AppError } from '../../../lib/app-error.ts';
import { openEncryptedUpload } from '../../uploads/encrypted-upload.ts';
import { accessNote, closedAccessGate, redactedKind } from '../../retention/closed-access.ts';
import { requirePermission } from '../permissions.ts';
import { caseRefOf, type ReviewContext } from './review-context.ts';

/** A decrypted evidence document ready to stream: the stored MIME type, and the bytes. */
export interface EvidenceContent {
  id: string;
  mime: string;
  bytes: Buffer;
}

export function evidenceViewUseCases(ctx: ReviewContext) {
  return {
    async evidence(
      staff: StaffMe,
      userId: number,
      code: string,
      evidenceId: string,
      now = Date.now(),
    ): Promise<EvidenceContent> {
      requirePermission(staff, 'view_cases');
      const gate = closedAccessGate(ctx.repos, ctx.files.keyring);
      const access = await gate.require(staff, userId, now);
      const row = (await ctx.repos.questionnaireReview.evidenceOf(userId, code)).find(
        (e) => e.id === evidenceId,
      );
      // Issue 20: the person's answers and evidence were erased: said so (62042, 410).
      if (!row && access && redactedKind(await gate.markers(userId), 'questionnaire_answers'))
        throw new AppError('RECORD_REDACTED', undefined, 410);
      if (!row) throw new AppError('PARAMS_ERROR', 'evidenceId: no such evidence', 404);
      const bytes = await openEncryptedUpload(ctx.files, userId, { id: row.id, blobId: row.blob_id });
      await ctx.repos.audit.insert(
        {
          staffId: staff.id,
          action: 'questionnaire.evidence.view',
          subjectUserId: userId,
          caseRef: caseRefOf(userId, code),
          details: {
            templateCode: code,
            evidenceId: row.id,
            submissionId: Number(row.submission_id),
            ...accessNote(access),
          },
        },
        now,
      );
      return { id: row.id, mime: row.mime, bytes };
    },
  };
}

/**
 * Answering a questionnaire (docs/questionnaires.md "Drafts"): the template version the user answers
 * with their draft or submitted answers and the status (template-detail), and the autosave: partial
 * validation against the pinned version (an answer to a hidden or unknown question, of the wrong type
 * or too long is refused), then the draft, sealed, written by compare-and-set — a stale tab
 * (baseUpdatedAt older than the stored draft) gets 51001 and reloads.
 */
import type {
  CreateQuestionnaireRequest,
  CreateQuestionnaireResult,
  QuestionnaireTemplateDetail,
} from '@kyc/contracts';
import { AppError } from '../../lib/app-error.ts';
import { acceptedAnswers, pinnedResponse } from './answering.ts';
import { progress } from './engine.ts';
import type { QuestionnaireContext } from './questionnaire-context.ts';
import { checkToken } from './questionnaire-token.ts';
import type { QuestionnaireResults } from './results.ts';
import { draftObject, open, seal, type StoredDraft } from './sealed-answers.ts';
import { casMove, rereadResponse } from './response-move.ts';
import { nextQuestionnaireStatus, questionnaireEditable } from './status-machine.ts';
import { answerable, asStatus, pinnedOf, versionsOf } from './template-versions.ts';

export function draftUseCases(ctx: QuestionnaireContext, results: QuestionnaireResults) {
  const { repos, keyring, load, now } = ctx;
  const repo = repos.questionnaires;
  const keysAt = (at: number) => ({ keys: repos.submissions, keyring, at });

  return {
    /** The template version the user answers, their draft or submitted answers, and the status. */
    async templateDetail(userId: number, templateCode: string): Promise<QuestionnaireTemplateDetail> {
      const versions = await versionsOf(repo, templateCode);
      const code = versions[0]?.code ?? templateCode;
      const response = await repo.findResponse(userId, code);
      const status = asStatus(response?.status);
      const editable = questionnaireEditable(status);
      const last = await results.submitted(userId, response);
      // Read-only: the exact version the person answered; editable: the pinned version.
      const version = !editable && last ? last.templateVersion : pinnedOf(versions, response);
      const template = await load(code, version);
      let draft: QuestionnaireTemplateDetail['draft'] = null;
      if (response?.draft_enc && response.template_version === version) {
        const stored = await open<StoredDraft>(keysAt(now()), userId, draftObject(code), response.draft_enc);
        draft = {
          templateCode: code,
          templateVersion: version,
          answers: stored.answers,
          pageIndex: response.page_index,
          updatedAt: response.updated_at,
        };
      }
      const shown = draft?.answers ?? (last?.templateVersion === version ? last.answers : {});
      return {
        template,
        status,
        editable,
        draft,
        submitted: last,
        reason: response?.reject_reason ?? '',
        retryAfter: response?.retry_after ?? null,
        progress: progress(template, shown),
      };
    },

    /** Autosave (save_draft). */
    async saveDraft(userId: number, request: CreateQuestionnaireRequest): Promise<CreateQuestionnaireResult> {
      const versions = await answerable(repo, request.templateCode);
      const code = versions[0]?.code ?? request.templateCode;
      checkToken(ctx, request.token, { userId, code, version: request.templateVersion });
      const { response, from, template } = await pinnedResponse(ctx, userId, code, versions);
      const at = now();
      const answers = await acceptedAnswers(ctx, template, request, { partial: true, at });
      const to = nextQuestionnaireStatus(from, 'save_draft', { actor: 'user' });
      const changedMeanwhile = () =>
        new AppError('QUESTIONNAIRE_ILLEGAL_TRANSITION', `${code} changed meanwhile; reload`);
      if (
        response &&
        request.baseUpdatedAt !== undefined &&
        request.baseUpdatedAt !== null &&
        request.baseUpdatedAt !== response.updated_at
      )
        throw new AppError(
          'QUESTIONNAIRE_ILLEGAL_TRANSITION',
          `${code}: the draft was saved elsewhere; reload`,
        );
      const pageIndex = request.pageIndex ?? 0;
      const draftEnc = await seal(keysAt(now()), userId, draftObject(code), {
        answers,
      } satisfies StoredDraft);
      const move = { userId, code, from, at, changedMeanwhile };
      const updatedAt = await repos.transaction(async (tx) => {
        const current = await rereadResponse(tx.questionnaires, move, template.version, response);
        return casMove(tx.questionnaires, move, current, {
          status: to,
          templateVersion: template.version,
          draftEnc,
          pageIndex,
        });
      });
      return {
        status: to,
        draft: { templateCode: code, templateVersion: template.version, answers, pageIndex, updatedAt },
        progress: progress(template, answers),
      };
    },
  };
}

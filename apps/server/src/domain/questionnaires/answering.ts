/**
 * The two steps every way of answering starts with (drafts, submissions, SATOS deposits): the user's
 * response with the template version they answer (their draft's while offered, else the current one),
 * and the answers judged by the engine against that version on the day — in part for a draft, in full
 * for a submission, country answers limited to the countries open to verification.
 */
import type { QuestionnaireAnswers, QuestionnaireTemplate } from '@kyc/contracts';
import type { TemplateVersionInfo } from '../../data/repositories/questionnaires-repo.ts';
import { acceptAnswers } from './engine.ts';
import type { QuestionnaireContext } from './questionnaire-context.ts';
import { asStatus, pinnedOf } from './template-versions.ts';

/** The UTC day of a moment (date answers are judged against it). */
const today = (at: number) => new Date(at).toISOString().slice(0, 10);

/** The user's response to `code`, its status, and the pinned template. */
export async function pinnedResponse(
  ctx: QuestionnaireContext,
  userId: number,
  code: string,
  versions: readonly TemplateVersionInfo[],
) {
  const response = await ctx.repos.questionnaires.findResponse(userId, code);
  const template = await ctx.load(code, pinnedOf(versions, response));
  return { response, from: asStatus(response?.status), template };
}

/** The answers the engine accepts at `at` (it refuses the rest with the question's error). */
export async function acceptedAnswers(
  ctx: QuestionnaireContext,
  template: QuestionnaireTemplate,
  set: { templateCode: string; templateVersion: number; answers: QuestionnaireAnswers },
  judged: { partial: boolean; at: number },
): Promise<QuestionnaireAnswers> {
  const countries = new Set((await ctx.repos.kyc.countries(true)).map((c) => c.code));
  return acceptAnswers(template, set, { partial: judged.partial, today: today(judged.at), countries });
}

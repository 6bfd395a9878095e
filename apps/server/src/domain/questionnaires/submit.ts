/**
 * Submitting answers (docs/questionnaires.md "Submit") and accepting an agreement: answers judged in
 * full against the pinned version, evidence checked, `submit` and (auto-reviewed templates) the
 * system's decision by the score, then in one transaction the keyed submission row, the response by
 * compare-and-set, the evidence, the closed tasks and whatever the template's follow-up adds (the EDD
 * case follows its questionnaire). Nothing is acknowledged before it is committed.
 */
import { RISK_TEMPLATES } from '../risk/risk-service.ts';
import type {
  QuestionnaireAnswers,
  QuestionnaireSubmissionResult,
  SubmitQuestionnaireRequest,
} from '@kyc/contracts';
import type { TxRepositories } from '../../data/repositories/index.ts';
import type { TemplateVersionInfo } from '../../data/repositories/questionnaires-repo.ts';
import { AppError } from '../../lib/app-error.ts';
import { idempotent } from '../kyc/idempotency.ts';
import { acceptedAnswers, pinnedResponse } from './answering.ts';
import { score } from './engine.ts';
import { checkedEvidence } from './evidence.ts';
import type { QuestionnaireContext, SubmitMeta } from './questionnaire-context.ts';
import { checkToken } from './questionnaire-token.ts';
import type { QuestionnaireResults } from './results.ts';
import { answersObject, seal } from './sealed-answers.ts';
import { casMove, rereadResponse } from './response-move.ts';
import { nextQuestionnaireStatus, retryAfterOf } from './status-machine.ts';
import { answerable } from './template-versions.ts';

/**
 * What one template adds to its submissions: read what it needs before the transaction, and answer
 * the write that runs inside it. Adding a template with its own consequence adds one of these.
 */
export interface SubmitFollowUp {
  templateCode: string;
  prepare(userId: number): Promise<(tx: TxRepositories, at: number) => Promise<void>>;
}

type AnswerSet = { templateCode: string; templateVersion: number; answers: QuestionnaireAnswers };

export function submitUseCases(
  ctx: QuestionnaireContext,
  results: QuestionnaireResults,
  followUps: readonly SubmitFollowUp[],
) {
  const { repos, keyring, now } = ctx;
  const repo = repos.questionnaires;

  /** One submission attempt under its key; `submit` turns a lost race on the key into the first answer. */
  async function attemptSubmit(
    userId: number,
    versions: readonly TemplateVersionInfo[],
    set: AnswerSet,
    idempotencyKey: string,
    meta: SubmitMeta,
  ): Promise<QuestionnaireSubmissionResult> {
    const code = versions[0]?.code ?? set.templateCode;
    const { response, from, template } = await pinnedResponse(ctx, userId, code, versions);
    const at = now();
    const answers = await acceptedAnswers(ctx, template, set, { partial: false, at });
    const evidence = await checkedEvidence(repo, userId, template, answers);
    let to = nextQuestionnaireStatus(from, 'submit', {
      actor: 'user',
      retryAfter: response?.retry_after ?? null,
      now: at,
    });
    const points = template.scoring ? score(template, answers) : null;
    let reason = '';
    let retryAfter: number | null = null;
    if (template.review === 'auto') {
      const passed = points?.passed ?? true;
      reason = passed
        ? ''
        : `score ${points?.score ?? 0} below the pass mark ${template.scoring?.passMark ?? 0}`;
      to = nextQuestionnaireStatus(to, passed ? 'approve' : 'reject', {
        actor: 'system',
        review: 'auto',
        reason,
      });
      if (!passed) retryAfter = retryAfterOf(at, template.retry?.coolDownHours);
    }
    const followUp = await followUps.find((f) => f.templateCode === code)?.prepare(userId);
    const answersEnc = await seal(
      { keys: repos.submissions, keyring, at: now() },
      userId,
      answersObject(idempotencyKey),
      answers,
    );

    const submissionId = await repos.transaction(async (tx) => {
      // The unique (user, key) insert comes first: a concurrent twin waits here and then fails.
      const id = await tx.questionnaires.insertSubmission({
        userId,
        templateCode: code,
        templateVersion: template.version,
        answersEnc,
        score: points?.score ?? null,
        maxScore: points?.max ?? null,
        passed: points?.passed ?? null,
        band: points?.band ?? null,
        status: to,
        language: meta.language,
        ipAddress: meta.ipAddress,
        userAgent: meta.userAgent,
        idempotencyKey,
        createdAt: at,
      });
      const move = {
        userId,
        code,
        from,
        at,
        changedMeanwhile: () => new AppError('QUESTIONNAIRE_ILLEGAL_TRANSITION', `${code} changed meanwhile`),
      };
      const current = await rereadResponse(tx.questionnaires, move, template.version, response);
      await casMove(tx.questionnaires, move, current, {
        status: to,
        templateVersion: template.version,
        draftEnc: null,
        pageIndex: 0,
        retryAfter,
        rejectReason: reason,
        decidedBy: null,
        decidedAt: template.review === 'auto' ? at : null,
        lastSubmissionId: id,
      });
      if ((await tx.questionnaires.attachEvidence(userId, evidence, id)) !== evidence.length)
        throw new AppError('KYC_DOCUMENT_NOT_FOUND', 'an evidence document was submitted meanwhile');
      if (to !== 'REJECTED') await tx.questionnaires.closeTasks(userId, code, at);
      if (followUp) await followUp(tx, at);
      return id;
    });
    // Issue 18: answers that are risk factors (PEP, US person, …) recompute the risk score, after the commit.
    if ((RISK_TEMPLATES as readonly string[]).includes(code))
      ctx.risk?.soon(userId, 'questionnaire_submitted');
    const row = await repo.findSubmission(userId, submissionId);
    if (!row) throw new Error('submission not stored');
    return results.resultOf(row);
  }

  /** The first result under this key, else one attempt; a twin that lost the race gets `conflict`. */
  function keyed(
    userId: number,
    key: string,
    attempt: () => Promise<QuestionnaireSubmissionResult>,
    conflict: string,
  ): Promise<QuestionnaireSubmissionResult> {
    return idempotent({
      earlier: async () => {
        const row = await repo.findSubmissionByKey(userId, key);
        return row ? results.resultOf(row) : undefined;
      },
      attempt,
      conflict: () => new AppError('QUESTIONNAIRE_ILLEGAL_TRANSITION', conflict),
    });
  }

  return {
    /** Submit with an Idempotency-Key: a key already used answers the first result and creates nothing. */
    submit(
      userId: number,
      request: SubmitQuestionnaireRequest,
      idempotencyKey: string,
      meta: SubmitMeta,
    ): Promise<QuestionnaireSubmissionResult> {
      return keyed(
        userId,
        idempotencyKey,
        async () => {
          const versions = await answerable(repo, request.templateCode);
          const code = versions[0]?.code ?? request.templateCode;
          checkToken(ctx, request.token, { userId, code, version: request.templateVersion });
          return attemptSubmit(userId, versions, { ...request, templateCode: code }, idempotencyKey, meta);
        },
        'submitted meanwhile',
      );
    },

    /**
     * Accepts an agreement (kind agreement) in the version shown: recorded with the version, time,
     * language and client address. Accepting the same version again answers the first acceptance.
     */
    async applyAgreement(
      userId: number,
      request: AnswerSet,
      meta: SubmitMeta,
    ): Promise<QuestionnaireSubmissionResult> {
      const versions = await answerable(repo, request.templateCode);
      if (versions[0]?.kind !== 'agreement')
        throw new AppError('QUESTIONNAIRE_TEMPLATE_NOT_FOUND', `${request.templateCode} is not an agreement`);
      const code = versions[0].code;
      const key = `agreement-${code}-v${request.templateVersion}`;
      return keyed(
        userId,
        key,
        () => attemptSubmit(userId, versions, { ...request, templateCode: code }, key, meta),
        'accepted meanwhile',
      );
    },
  };
}

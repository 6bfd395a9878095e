/**
 * SATOS deposit verification (docs/questionnaires.md "SATOS"): the travel-rule questionnaire of one
 * incoming deposit, judged in full against the current satos-deposit version and reviewed by staff. A
 * deposit has one verification: amended while PENDING, resubmitted after a rejection, refused (51001)
 * while a reviewer holds it or once approved. Also the public pop-up that announces it.
 */
import { randomBytes } from 'node:crypto';
import {
  SATOS_TEMPLATE_CODE,
  type CreateSatosQuestionnaireRequest,
  type SatosQuestionnaireResult,
} from '@kyc/contracts';
import { AppError } from '../../lib/app-error.ts';
import { acceptedAnswers } from './answering.ts';
import { checkTemplateVersion } from './engine.ts';
import { checkedEvidence } from './evidence.ts';
import type { QuestionnaireContext, SubmitMeta } from './questionnaire-context.ts';
import { answersObject, seal } from './sealed-answers.ts';
import { asStatus, currentOf, versionsOf } from './template-versions.ts';

export function satosUseCases(ctx: QuestionnaireContext) {
  const { repos, keyring, load, now } = ctx;
  const repo = repos.questionnaires;
  const currentTemplate = async () =>
    load(SATOS_TEMPLATE_CODE, currentOf(await versionsOf(repo, SATOS_TEMPLATE_CODE)));

  /** The verification of one deposit; UNDEFINED (with the version to answer) when none was sent. */
  async function querySatos(userId: number, depositRef: string): Promise<SatosQuestionnaireResult> {
    const row = await repo.findSatos(userId, depositRef);
    if (!row) {
      const versions = await versionsOf(repo, SATOS_TEMPLATE_CODE);
      return {
        depositRef,
        coin: '',
        network: '',
        status: 'UNDEFINED',
        templateCode: SATOS_TEMPLATE_CODE,
        templateVersion: currentOf(versions),
        reason: '',
        submittedAt: null,
      };
    }
    const submission = await repo.findSubmission(userId, row.submission_id);
    return {
      depositRef,
      coin: row.coin,
      network: row.network,
      status: asStatus(row.status),
      templateCode: SATOS_TEMPLATE_CODE,
      templateVersion: submission?.template_version ?? currentOf(await versionsOf(repo, SATOS_TEMPLATE_CODE)),
      reason: row.reject_reason,
      submittedAt: row.updated_at,
    };
  }

  return {
    querySatos,

    /** A deposit's questionnaire: its submission, the verification and the evidence in one transaction. */
    async createSatos(
      userId: number,
      request: CreateSatosQuestionnaireRequest,
      meta: SubmitMeta,
    ): Promise<SatosQuestionnaireResult> {
      const template = await currentTemplate();
      const set = {
        templateCode: SATOS_TEMPLATE_CODE,
        templateVersion: request.templateVersion,
        answers: request.answers,
      };
      checkTemplateVersion(template, set);
      const at = now();
      const answers = await acceptedAnswers(ctx, template, set, { partial: false, at });
      const evidence = await checkedEvidence(repo, userId, template, answers);
      const { depositRef } = request;
      const existing = await repo.findSatos(userId, depositRef);
      if (existing && existing.status !== 'PENDING' && existing.status !== 'REJECTED')
        throw new AppError(
          'QUESTIONNAIRE_ILLEGAL_TRANSITION',
          `deposit ${depositRef}: ${existing.status}, cannot be changed`,
        );
      const key = `satos-${depositRef}-${randomBytes(8).toString('hex')}`;
      const answersEnc = await seal(
        { keys: repos.submissions, keyring, at: now() },
        userId,
        answersObject(key),
        answers,
      );
      await repos.transaction(async (tx) => {
        const submissionId = await tx.questionnaires.insertSubmission({
          userId,
          templateCode: SATOS_TEMPLATE_CODE,
          templateVersion: template.version,
          answersEnc,
          score: null,
          maxScore: null,
          passed: null,
          band: null,
          status: 'PENDING',
          language: meta.language,
          ipAddress: meta.ipAddress,
          userAgent: meta.userAgent,
          idempotencyKey: key,
          createdAt: at,
        });
        const { coin, network } = request;
        if (!existing)
          await tx.questionnaires.insertSatos({
            userId,
            depositRef,
            coin,
            network,
            status: 'PENDING',
            submissionId,
            at,
          });
        else if (
          !(await tx.questionnaires.casSatos(
            userId,
            depositRef,
            existing.status,
            { status: 'PENDING', submissionId, coin, network },
            at,
          ))
        )
          throw new AppError('QUESTIONNAIRE_ILLEGAL_TRANSITION', `deposit ${depositRef} changed meanwhile`);
        if ((await tx.questionnaires.attachEvidence(userId, evidence, submissionId)) !== evidence.length)
          throw new AppError('KYC_DOCUMENT_NOT_FOUND', 'an evidence document was submitted meanwhile');
      });
      return querySatos(userId, depositRef);
    },

    /** The deposit-verification pop-up's content (public): the SATOS template's title and description. */
    async satosPopUp() {
      const template = await currentTemplate();
      return {
        type: 'satos_deposit_verify',
        enabled: true,
        title: template.title,
        body: template.description ? [template.description] : [],
        templateCode: SATOS_TEMPLATE_CODE,
        templateVersion: template.version,
      };
    },
  };
}

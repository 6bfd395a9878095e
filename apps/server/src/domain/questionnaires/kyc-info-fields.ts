/**
 * The questionnaire state other screens read (docs/questionnaires.md "kyc-info fields"): kyc-info's
 * questionnaire fields, derived from the responses, the tasks, the EDD case and the SATOS deposit
 * verifications, and the AML questionnaire's state (get-aml-result).
 */
import {
  isRegulatedSite,
  SATOS_TEMPLATE_CODE,
  type AmlResult,
  type QuestionnaireStatus,
} from '@kyc/contracts';
import type { KycInfoQuestionnaireRows } from '../../data/repositories/questionnaires-repo.ts';
import type { QuestionnaireContext } from './questionnaire-context.ts';
import { amlRequiredOf, TO_DO, type Level1State, type TaskReads, type TaskSources } from './tasks.ts';
import { AML_TEMPLATE_CODE, asStatus, EDD_TEMPLATE_CODE, versionsOf } from './template-versions.ts';

/**
 * Sites whose licence lets them offer peer-to-peer trading (and so the P2P trading rights agreement):
 * not Hong Kong (SFC-licensed platforms may not run P2P) nor the EU (MiCA CASP licence without P2P).
 */
export const P2P_SITES = ['GLOBAL', 'TUR', 'ARE', 'KAZ', 'GEO', 'IDN'] as const;

/** kyc-info's questionnaire fields (docs/questionnaires.md "kyc-info fields"). */
export interface KycQuestionnaireFields {
  questionnaireStatus: QuestionnaireStatus;
  mustQuestionnaire: boolean;
  amlQuestionnaire: { needQuestionnaire: boolean; templateCode: string };
  /** Submissions waiting for a reviewer: `QUESTIONNAIRE:<code>`, `SATOS:<depositRef>` ([] unless asked for). */
  inReview: string[];
  newSatosGray: boolean;
  isDisplayQuestionnaire: boolean;
  isDisplayNewSatos: boolean;
  isDisplayNewRcOnboarding: boolean;
  isDisplayP2pRights: boolean;
}

const waiting = (status: string) => status === 'PENDING' || status === 'PENDING_NO_EDIT';

export function kycInfoFieldUseCases(ctx: QuestionnaireContext, reads: TaskReads) {
  const repo = ctx.repos.questionnaires;
  return {
    /** The AML questionnaire's state (get-aml-result): whether it is needed, its status and reason. */
    async amlResult(userId: number, sceneCode: string): Promise<AmlResult> {
      const response = await repo.findResponse(userId, AML_TEMPLATE_CODE);
      const status = asStatus(response?.status);
      const { required } = amlRequiredOf(await reads.taskSources(userId));
      const last = response?.last_submission_id
        ? await repo.findSubmission(userId, response.last_submission_id)
        : undefined;
      const versions = await versionsOf(repo, AML_TEMPLATE_CODE);
      return {
        sceneCode,
        templateCode: versions[0]?.external_code ?? AML_TEMPLATE_CODE,
        status,
        needQuestionnaire: required && TO_DO.has(status),
        reason: response?.reject_reason ?? '',
        submittedAt: last?.created_at ?? null,
      };
    },

    /**
     * The questionnaire part of kyc-info. `site`, `level` and `custody` are kyc-info's own (the user's
     * site, verified level, custody kind), and so is level 1's state. The person's `rows` are read by
     * kyc-info's one statement (issue 14, D117), the template versions from memory (D98). `inReview` is
     * answered only for `verificationProcess` (kyc-info's obtain_verification_process), else [].
     */
    async kycInfoFields(
      rows: KycInfoQuestionnaireRows,
      ctxOfInfo: {
        site: string;
        level: number;
        custody: string;
        level1: Level1State;
        verificationProcess: boolean;
      },
    ): Promise<KycQuestionnaireFields> {
      const versions = await repo.templateVersions();
      const sources: TaskSources = {
        responses: rows.responses,
        stored: rows.tasks,
        edd: rows.edd,
        versions,
        level1: ctxOfInfo.level1,
      };
      const { responses } = rows;
      const statusOf = (code: string) => asStatus(responses.find((r) => r.template_code === code)?.status);
      const amlStatus = statusOf(AML_TEMPLATE_CODE);
      const aml = amlRequiredOf(sources);
      const tasks = await reads.tasksFrom(sources);
      const openTasks = tasks.filter((t) => t.open);
      const amlExternal =
        versions.find((t) => t.code === AML_TEMPLATE_CODE)?.external_code ?? AML_TEMPLATE_CODE;
      const satosLive = versions.some((t) => t.code === SATOS_TEMPLATE_CODE && t.retired_at === null);
      // Submitted and waiting for a reviewer: the questionnaire side of "a verification in process".
      const staffReviewed = new Set(versions.filter((t) => t.review === 'staff').map((t) => t.code));
      const inReview = [
        ...responses
          .filter(
            (r) =>
              staffReviewed.has(r.template_code) &&
              waiting(r.status) &&
              r.template_code !== SATOS_TEMPLATE_CODE,
          )
          .map((r) => `QUESTIONNAIRE:${r.template_code}`),
        ...rows.satos.filter((v) => waiting(v.status)).map((v) => `SATOS:${v.deposit_ref}`),
      ];
      const newSatosGray = satosLive && ctxOfInfo.custody === 'CUSTODY_SATOS';
      const rcOpen = openTasks.some(
        (t) => t.templateCode === AML_TEMPLATE_CODE || t.templateCode === EDD_TEMPLATE_CODE,
      );
      return {
        questionnaireStatus: amlStatus,
        mustQuestionnaire: openTasks.length > 0,
        amlQuestionnaire: {
          needQuestionnaire: aml.required && TO_DO.has(amlStatus),
          templateCode: amlExternal,
        },
        inReview: ctxOfInfo.verificationProcess ? inReview : [],
        newSatosGray,
        isDisplayQuestionnaire: aml.required || tasks.length > 0,
        isDisplayNewSatos: newSatosGray && ctxOfInfo.level >= 1,
        isDisplayNewRcOnboarding: isRegulatedSite(ctxOfInfo.site) && rcOpen,
        isDisplayP2pRights: ctxOfInfo.level >= 1 && (P2P_SITES as readonly string[]).includes(ctxOfInfo.site),
      };
    },
  };
}

import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import fastifyMultipart from '@fastify/multipart';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  IDEMPOTENCY_KEY_HEADER,
  UPLOAD_FILE_FIELD,
  agreementApplyRequest,
  amlResult,
  amlResultQuery,
  channelPopUp,
  channelPopUpQuery,
  complianceTasksResult,
  createQuestionnaireRequest,
  createQuestionnaireResult,
  createSatosQuestionnaireRequest,
  eddInfo,
  idempotencyKey,
  kycPopupInfo,
  kycPopupInfoRequest,
  questionnaireEvidenceResult,
  questionnaireSubmissionResult,
  questionnaireTemplateDetail,
  questionnaireTemplateDetailQuery,
  questionnaireTokenQuery,
  questionnaireTokenResult,
  satosQuestionnaireQuery,
  satosQuestionnaireResult,
  submitQuestionnaireRequest,
  taskListRequest,
  taskListResult,
  taskRegionResult,
} from '@kyc/contracts';
import { requireSession, subjectOf } from '../../http/auth.ts';
import { envelopeOf, ok } from '../../http/envelope.ts';
import { AppError } from '../../lib/app-error.ts';
import type { SubmitMeta } from '../../domain/questionnaires/questionnaire-service.ts';
import { UPLOAD_LIMITS } from '../kyc/kyc-submit-routes.ts';
import type { Services } from '../services.ts';
import { documentRoutes } from '../../http/openapi.ts';
import { named } from '../../http/plugin-name.ts';

/** What a submission records about its sender: language, client address, user agent (agreements). */
export function submitMetaOf(request: FastifyRequest): SubmitMeta {
  const language = String(request.headers['accept-language'] ?? '')
    .split(',')[0]
    ?.split(';')[0]
    ?.trim()
    .slice(0, 16);
  return {
    language: language ?? '',
    ipAddress: request.ip,
    userAgent: String(request.headers['user-agent'] ?? '').slice(0, 256),
  };
}

/**
 * The signed-in user's questionnaires, tests, agreements, EDD, tasks and SATOS deposit checks (spec §7,
 * docs/questionnaires.md "Endpoints"). Every route answers for the session's own user only.
 */
export function questionnaireRoutes(services: Services): FastifyPluginAsync {
  const { questionnaires, sessions } = services;
  return async (app) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    documentRoutes(app, { tag: 'questionnaires', access: 'session' });

    // Public: the deposit-verification pop-up's content (no personal data).
    r.get(
      '/fiat/public/channel/pop-up',
      {
        schema: {
          summary: 'Content of the deposit-verification pop-up',
          security: [],
          description: 'The SATOS deposit-verification pop-up: translation keys and the template version.',
          querystring: channelPopUpQuery,
          response: { 200: envelopeOf(channelPopUp) },
        },
      },
      async () => ok(await questionnaires.satosPopUp()),
    );

    await r.register(
      named('questionnairePrivateRoutes', async (priv) => {
        const p = priv.withTypeProvider<ZodTypeProvider>();
        // Before validation: without a session the answer is 10007, whatever the body.
        p.addHook('preValidation', requireSession(sessions));

        await p.register(named('evidenceRoute', evidenceRoute(services)));

        p.get(
          '/v3/private/kyc/questionnaire-template-detail',
          {
            schema: {
              summary: "A questionnaire template with the person's draft or answers",
              description:
                'The template version the user answers (template_code: 200 or a template code), their draft or submitted answers, status and progress.',
              querystring: questionnaireTemplateDetailQuery,
              response: { 200: envelopeOf(questionnaireTemplateDetail) },
            },
          },
          async (request) =>
            ok(await questionnaires.templateDetail(subjectOf(request), request.query.template_code)),
        );

        p.get(
          '/v3/private/kyc/questionnaire-token',
          {
            schema: {
              summary: 'A questionnaire token for the pinned template version',
              description:
                'A one-hour token binding the user, the template and the pinned version (51006 once expired).',
              querystring: questionnaireTokenQuery,
              response: { 200: envelopeOf(questionnaireTokenResult) },
            },
          },
          async (request) => ok(await questionnaires.token(subjectOf(request), request.query.template_code)),
        );

        p.post(
          '/v3/private/kyc/create-questionnaire',
          {
            schema: {
              summary: 'Autosave a questionnaire draft',
              description:
                'Autosaves the draft: partial validation (51002 for hidden, unknown or malformed answers), compare-and-set on baseUpdatedAt (51001 when stale).',
              body: createQuestionnaireRequest,
              response: { 200: envelopeOf(createQuestionnaireResult) },
            },
          },
          async (request) => ok(await questionnaires.saveDraft(subjectOf(request), request.body)),
        );

        p.post(
          '/v3/private/kyc/submit-questionnaire',
          {
            schema: {
              summary: 'Submit a questionnaire',
              description:
                'Submits against the pinned version (51002, 51003); tests are scored and decided at once (cool-down 51005), agreements accepted. The same Idempotency-Key answers the first result.',
              headers: z.looseObject({ [IDEMPOTENCY_KEY_HEADER]: idempotencyKey }),
              body: submitQuestionnaireRequest,
              response: { 200: envelopeOf(questionnaireSubmissionResult) },
            },
          },
          async (request) =>
            ok(
              await questionnaires.submit(
                subjectOf(request),
                request.body,
                request.headers[IDEMPOTENCY_KEY_HEADER],
                submitMetaOf(request),
              ),
            ),
        );

        p.post(
          '/option/asset/amp/agreement/apply',
          {
            schema: {
              summary: 'Accept an agreement',
              description:
                'Accepts an agreement in the version shown; recorded with version, time, language and client address. Accepting the same version again answers the first acceptance.',
              body: agreementApplyRequest,
              response: { 200: envelopeOf(questionnaireSubmissionResult) },
            },
          },
          async (request) =>
            ok(await questionnaires.applyAgreement(subjectOf(request), request.body, submitMetaOf(request))),
        );

        p.get(
          '/v3/private/kyc/get-aml-result',
          {
            schema: {
              summary: 'AML questionnaire status of a scene',
              querystring: amlResultQuery,
              response: { 200: envelopeOf(amlResult) },
            },
          },
          async (request) =>
            ok(await questionnaires.amlResult(subjectOf(request), request.query.sceneCode ?? '')),
        );

        p.get(
          '/v3/private/aml/get-edd-info',
          {
            schema: {
              summary: 'Enhanced due diligence (EDD) status',
              response: { 200: envelopeOf(eddInfo) },
            },
          },
          async (request) => ok(await questionnaires.eddInfo(subjectOf(request))),
        );

        p.post(
          '/v3/private/kyc/compliance-tasks',
          {
            schema: {
              summary: "The person's compliance tasks, open first",
              response: { 200: envelopeOf(complianceTasksResult) },
            },
          },
          async (request) => ok({ tasks: await questionnaires.tasks(subjectOf(request)) }),
        );

        p.post(
          '/segw/task/v1/task/list',
          {
            schema: {
              summary: 'Compliance tasks, paged',
              body: taskListRequest.nullish(),
              response: { 200: envelopeOf(taskListResult) },
            },
          },
          async (request) =>
            ok(await questionnaires.taskList(subjectOf(request), taskListRequest.parse(request.body ?? {}))),
        );

        p.post(
          '/segw/task/v1/task/region',
          {
            schema: {
              summary: "The person's region and number of open tasks",
              response: { 200: envelopeOf(taskRegionResult) },
            },
          },
          async (request) => ok(await questionnaires.taskRegion(subjectOf(request))),
        );

        p.post(
          '/v3/private/vip/kycpopupinfo',
          {
            schema: {
              summary: 'The most urgent open compliance task for the pop-up',
              body: kycPopupInfoRequest,
              response: { 200: envelopeOf(kycPopupInfo) },
            },
          },
          async (request) => ok(await questionnaires.popupInfo(subjectOf(request))),
        );

        p.post(
          '/v3/private/kyc/create-satos-questionnaire',
          {
            schema: {
              summary: 'Answer the travel-rule questionnaire of a deposit',
              description: 'The travel-rule questionnaire of one incoming deposit (satos-deposit template).',
              body: createSatosQuestionnaireRequest,
              response: { 200: envelopeOf(satosQuestionnaireResult) },
            },
          },
          async (request) =>
            ok(await questionnaires.createSatos(subjectOf(request), request.body, submitMetaOf(request))),
        );

        p.get(
          '/v3/private/kyc/query-satos-questionnaire',
          {
            schema: {
              summary: 'The travel-rule questionnaire of a deposit',
              querystring: satosQuestionnaireQuery,
              response: { 200: envelopeOf(satosQuestionnaireResult) },
            },
          },
          async (request) =>
            ok(await questionnaires.querySatos(subjectOf(request), request.query.depositRef)),
        );
      }),
    );
  };
}

/** POST /v3/private/kyc/questionnaire-evidence: multipart (this child plugin only), one field `file`. */
function evidenceRoute(services: Services): FastifyPluginAsync {
  const { questionnaires } = services;
  return async (uploads) => {
    await uploads.register(fastifyMultipart, { limits: UPLOAD_LIMITS });
    uploads.withTypeProvider<ZodTypeProvider>().post(
      '/v3/private/kyc/questionnaire-evidence',
      {
        bodyLimit: UPLOAD_LIMITS.fileSize + 64 * 1024,
        schema: {
          summary: 'Upload one evidence file for a questionnaire answer',
          description:
            'multipart/form-data with one file field `file` (JPEG, PNG or PDF, at most 10 MB): checked by content, re-encoded, stored encrypted; its id goes into an evidence answer.',
          consumes: ['multipart/form-data'],
          response: { 200: envelopeOf(questionnaireEvidenceResult) },
        },
      },
      async (request) => ok(await questionnaires.uploadEvidence(subjectOf(request), await readFile(request))),
    );
  };
}

async function readFile(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart())
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'multipart/form-data expected', 415);
  let bytes: Buffer | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file') continue;
      if (part.fieldname !== UPLOAD_FILE_FIELD) {
        part.file.resume();
        throw new AppError('PARAMS_ERROR', `file field must be named ${UPLOAD_FILE_FIELD}`, 400);
      }
      bytes = await part.toBuffer();
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = (error as { code?: string } | undefined)?.code;
    if (code === 'FST_REQ_FILE_TOO_LARGE')
      throw new AppError('UPLOAD_TOO_LARGE', 'the file is larger than 10 MB', 413);
    if (code === 'FST_FILES_LIMIT' || code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT')
      throw new AppError('PARAMS_ERROR', 'one file only', 400);
    if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE')
      throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'multipart/form-data expected', 415);
    throw error;
  }
  if (!bytes) throw new AppError('PARAMS_ERROR', `${UPLOAD_FILE_FIELD}: required`, 400);
  return bytes;
}

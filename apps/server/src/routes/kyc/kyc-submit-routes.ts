import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import fastifyMultipart from '@fastify/multipart';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  DOCUMENT_SIDES,
  IDEMPOTENCY_KEY_HEADER,
  RISK_TOKEN_HEADER,
  SECURITY_SCENES,
  UPLOAD_FILE_FIELD,
  UPLOAD_LIVENESS_FIELD,
  UPLOAD_SIDE_FIELD,
  LIVENESS_LIMITS,
  documentCorrectionResult,
  idempotencyKey,
  kycPersonalInfo,
  kycPersonalInfoRequest,
  sdkAccessRequest,
  sdkAccessResult,
  selfResetResult,
  submitDocumentCorrectionRequest,
  submitDocumentCorrectionResult,
  submitKycRequest,
  submitKycResult,
  updateIdRequest,
  updateIdResult,
  updatePoaRequest,
  updatePoaResult,
  uploadDocumentForm,
  uploadDocumentResult,
  type DocumentSide,
  type LivenessEvidence,
} from '@kyc/contracts';
import { requireSession, subjectOf } from '../../http/auth.ts';
import { envelopeOf, ok } from '../../http/envelope.ts';
import { AppError } from '../../lib/app-error.ts';
import { MAX_UPLOAD_BYTES } from '../../lib/uploads/inspect-upload.ts';
import { parseLivenessEvidence } from '../../domain/checks/faces/liveness-evidence.ts';
import type { SubmissionUseCases } from '../../domain/kyc/submission-service.ts';
import type { Services } from '../services.ts';
import { documentRoutes } from '../../http/openapi.ts';
import { riskTokenOf, stepUpSubjectOf } from '../security-verification/security-verification-routes.ts';
import { named } from '../../http/plugin-name.ts';

/**
 * Multipart limits: one file of at most 10 MB (a little more, so inspectUpload answers 40002 itself); a
 * field as long as a selfie's liveness evidence may be (a little more, so 63010 answers it itself).
 */
export const UPLOAD_LIMITS = {
  fileSize: MAX_UPLOAD_BYTES + 64 * 1024,
  files: 1,
  fields: 5,
  parts: 6,
  fieldSize: LIVENESS_LIMITS.maxFieldChars + 1024,
};

/**
 * The signed-in user's KYC writes with the in-house provider (docs/kyc.md "Submitting a level").
 * Multipart is registered inside this plugin only, so every other route still refuses it with 415.
 */
export function kycSubmitRoutes(services: Services): FastifyPluginAsync {
  const { submissions, sessions, updates, sdkAccess, securityVerification, corrections } = services;
  // Issue 15: reset (30331) and update (70029) spend a risk token first (docs/security-verification.md).
  const riskHeader = { [RISK_TOKEN_HEADER]: z.string().max(128).optional() };
  return async (app) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    documentRoutes(app, { tag: 'kyc', access: 'session' });
    // Before validation: without a session the answer is 10007, whatever the body.
    r.addHook('preValidation', requireSession(sessions));

    // Multipart is registered in this child plugin only: the upload route accepts it, no other does.
    await r.register(
      named('uploadRoute', uploadRoute(submissions, '/v3/private/kyc/upload-document', subjectOf)),
    );

    r.post(
      '/v3/private/kyc/submit',
      {
        schema: {
          summary: 'Submit a KYC level with uploaded documents',
          headers: z.looseObject({ [IDEMPOTENCY_KEY_HEADER]: idempotencyKey }),
          body: submitKycRequest,
          response: { 200: envelopeOf(submitKycResult) },
        },
      },
      async (request) =>
        ok(
          await submissions.submitLevel(
            subjectOf(request),
            request.body,
            request.headers[IDEMPOTENCY_KEY_HEADER],
          ),
        ),
    );

    r.post(
      '/v3/private/kyc/update-id',
      {
        schema: {
          summary: 'Submit a new identity document (verified person)',
          description:
            'A new identity document for a verified person (docs/kyc.md "Updating the ID document"); refusals 1045–1053 and 1062.',
          headers: z.looseObject({ [IDEMPOTENCY_KEY_HEADER]: idempotencyKey, ...riskHeader }),
          body: updateIdRequest,
          response: { 200: envelopeOf(updateIdResult) },
        },
      },
      async (request) => {
        await securityVerification.consume(
          stepUpSubjectOf(request),
          SECURITY_SCENES.update,
          riskTokenOf(request),
        );
        return ok(
          await updates.updateId(subjectOf(request), request.body, request.headers[IDEMPOTENCY_KEY_HEADER]),
        );
      },
    );

    r.post(
      '/v3/private/kyc/update-poa',
      {
        schema: {
          summary: 'Submit a new proof of address (level 2 verified)',
          description:
            'A new proof of address for a person verified at level 2; hkgPoaAgreement must be true on the Hong Kong site.',
          headers: z.looseObject({ [IDEMPOTENCY_KEY_HEADER]: idempotencyKey }),
          body: updatePoaRequest,
          response: { 200: envelopeOf(updatePoaResult) },
        },
      },
      async (request) =>
        ok(
          await updates.updatePoa(subjectOf(request), request.body, request.headers[IDEMPOTENCY_KEY_HEADER]),
        ),
    );

    r.post(
      '/v3/private/kyc/sdk-access',
      {
        schema: {
          summary: "An SDK access token for the person's own verification flow",
          description:
            'A 30-minute SDK access token for the signed-in user\'s own verification flow (business exchange-web, from web; docs/kyc.md "sdk-access").',
          body: sdkAccessRequest,
          response: { 200: envelopeOf(sdkAccessResult) },
        },
      },
      async (request) => ok(await sdkAccess.sdkAccess(subjectOf(request), request.body)),
    );

    r.post(
      '/v3/private/kyc/self-reset',
      {
        schema: {
          summary: 'Reset verification to level 0 (scene 30331)',
          description:
            'Behind a risk token for scene 30331 (header x-risk-token; docs/security-verification.md).',
          headers: z.looseObject(riskHeader),
          response: { 200: envelopeOf(selfResetResult) },
        },
      },
      async (request) => {
        await securityVerification.consume(
          stepUpSubjectOf(request),
          SECURITY_SCENES.reset,
          riskTokenOf(request),
        );
        return ok(await submissions.selfReset(subjectOf(request)));
      },
    );

    // Issue 19: the correction step of the document checks (docs/checks.md "The correction step").
    r.post(
      '/v3/private/kyc/document-correction',
      {
        schema: {
          summary: 'What the document checks ask of the person (a field to correct, the MRZ to type)',
          description:
            'null when nothing is asked; pending while the checks of the latest level-1 submission run.',
          response: { 200: envelopeOf(documentCorrectionResult) },
        },
      },
      async (request) => ok(await corrections.asked(subjectOf(request))),
    );

    r.post(
      '/v3/private/kyc/submit-document-correction',
      {
        schema: {
          summary: 'Answer the document checks: correct or keep a field, or type the MRZ lines',
          description:
            'One answer per revision (63005 when it is stale or nothing is asked; 63006 for refused input; 61007 frozen).',
          headers: z.looseObject({ [IDEMPOTENCY_KEY_HEADER]: idempotencyKey }),
          body: submitDocumentCorrectionRequest,
          response: { 200: envelopeOf(submitDocumentCorrectionResult) },
        },
      },
      async (request) =>
        ok(
          await corrections.answer(subjectOf(request), request.body, request.headers[IDEMPOTENCY_KEY_HEADER]),
        ),
    );

    r.post(
      '/v3/private/kyc/kyc-personal-info',
      {
        schema: {
          summary: 'Read or update the personal information of the applicant',
          body: kycPersonalInfoRequest.nullish(),
          response: { 200: envelopeOf(kycPersonalInfo) },
        },
      },
      async (request) => ok(await submissions.personalInfo(subjectOf(request), request.body ?? {})),
    );
  };
}

/**
 * Registers upload-document at `url` (multipart only inside this child plugin): the session route and
 * the SDK variant share it; `userOf` names the caller.
 */
export function uploadRoute(
  submissions: SubmissionUseCases,
  url: string,
  userOf: (request: FastifyRequest) => number,
  extra: {
    preHandler?: (request: FastifyRequest) => Promise<void>;
    config?: { sdkAuth: 'token' };
    headers?: z.ZodType;
  } = {},
): FastifyPluginAsync {
  const { headers, ...options } = extra;
  return async (uploads) => {
    await uploads.register(fastifyMultipart, { limits: UPLOAD_LIMITS });
    uploads.withTypeProvider<ZodTypeProvider>().post(
      url,
      {
        ...options,
        bodyLimit: UPLOAD_LIMITS.fileSize + UPLOAD_LIMITS.fieldSize + 64 * 1024,
        // The form schema describes the parts for /docs; readUpload checks them while streaming.
        validatorCompiler: (route) =>
          route.httpPart === 'body'
            ? (data: unknown) => ({ value: data })
            : validatorCompiler(route as unknown as Parameters<typeof validatorCompiler>[0]),
        schema: {
          ...(headers ? { headers } : {}),
          summary: 'Upload one document image (or a PDF proof of address)',
          body: uploadDocumentForm,
          description:
            'multipart/form-data with a field `side` (front, back, selfie, poa) and one file field `file` (JPEG or PNG; PDF for poa; at most 10 MB). The file is checked by its content, re-encoded and stored encrypted. A selfie may add the field `liveness`: the liveness challenge\'s evidence as JSON (docs/checks.md "Liveness"; refused whole with 63010).',
          consumes: ['multipart/form-data'],
          response: { 200: envelopeOf(uploadDocumentResult) },
        },
      },
      async (request) => {
        const { side, bytes, liveness } = await readUpload(request);
        return ok(await submissions.uploadDocument(userOf(request), side, bytes, liveness));
      },
    );
  };
}

const isSide = (v: string): v is DocumentSide => (DOCUMENT_SIDES as readonly string[]).includes(v);

/** Reads the `side` field, a selfie's `liveness` field and the one file, in whichever order the client sent them. */
async function readUpload(
  request: FastifyRequest,
): Promise<{ side: DocumentSide; bytes: Buffer; liveness?: LivenessEvidence }> {
  if (!request.isMultipart())
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'multipart/form-data expected', 415);
  let side: string | undefined;
  let bytes: Buffer | undefined;
  let livenessField: string | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== UPLOAD_FILE_FIELD) {
          part.file.resume();
          throw new AppError('PARAMS_ERROR', `file field must be named ${UPLOAD_FILE_FIELD}`, 400);
        }
        bytes = await part.toBuffer();
      } else if (part.fieldname === UPLOAD_SIDE_FIELD && typeof part.value === 'string') {
        side = part.value;
      } else if (part.fieldname === UPLOAD_LIVENESS_FIELD && typeof part.value === 'string') {
        if (part.valueTruncated)
          throw new AppError('LIVENESS_EVIDENCE_INVALID', 'liveness: the evidence is too large');
        livenessField = part.value;
      }
    }
  } catch (error) {
    throw multipartError(error);
  }
  if (side === undefined || !isSide(side))
    throw new AppError('PARAMS_ERROR', `${UPLOAD_SIDE_FIELD}: one of ${DOCUMENT_SIDES.join(', ')}`, 400);
  if (!bytes) throw new AppError('PARAMS_ERROR', `${UPLOAD_FILE_FIELD}: required`, 400);
  if (livenessField === undefined) return { side, bytes };
  if (side !== 'selfie')
    throw new AppError('LIVENESS_EVIDENCE_INVALID', 'liveness: only a selfie carries liveness evidence');
  return { side, bytes, liveness: await parseLivenessEvidence(livenessField) };
}

function multipartError(error: unknown): unknown {
  if (error instanceof AppError) return error;
  const code = (error as { code?: string } | undefined)?.code;
  switch (code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return new AppError('UPLOAD_TOO_LARGE', 'the file is larger than 10 MB', 413);
    case 'FST_FILES_LIMIT':
    case 'FST_FIELDS_LIMIT':
    case 'FST_PARTS_LIMIT':
      return new AppError('PARAMS_ERROR', 'one file and the side field only', 400);
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return new AppError('UNSUPPORTED_MEDIA_TYPE', 'multipart/form-data expected', 415);
    default:
      return error;
  }
}

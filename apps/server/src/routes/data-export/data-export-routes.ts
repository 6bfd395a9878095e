/**
 * The person's own copy of their data (issue 20; docs/data-export.md), ours, under the person's private
 * API beside the security log and the authenticator app (`/v3/private/user/…`): ask for a copy behind a
 * risk token of scene 30034 with an Idempotency-Key, poll its status, take a single-use download link
 * (again behind 30034) and download the zip once. Session and CSRF as every private route; every call is
 * scoped to the session's person (no user id in any path).
 */
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  DATA_EXPORTS_URL,
  IDEMPOTENCY_KEY_HEADER,
  RISK_TOKEN_HEADER,
  SECURITY_SCENES,
  dataExportLinkResult,
  dataExportStatusResult,
  dataExportView,
  idempotencyKey,
} from '@kyc/contracts';
import { requireSession, subjectOf } from '../../http/auth.ts';
import { envelopeOf, ok } from '../../http/envelope.ts';
import { documentRoutes } from '../../http/openapi.ts';
import type { DownloadedExport } from '../../domain/data-export/data-export.ts';
import type { Services } from '../services.ts';
import { riskTokenOf, stepUpSubjectOf } from '../security-verification/security-verification-routes.ts';

const riskHeader = { [RISK_TOKEN_HEADER]: z.string().max(128).optional() };
const exportParams = z.object({ id: z.coerce.number().int().positive() });
const tokenParams = z.object({ token: z.string().min(1).max(128) });

/** The zip as an attachment that no browser renders or sniffs. */
export function sendZip(reply: FastifyReply, file: DownloadedExport) {
  return reply
    .type('application/zip')
    .headers({
      'content-disposition': `attachment; filename="${file.fileName}"`,
      'content-length': String(file.bytes.length),
      'x-content-type-options': 'nosniff',
      'cache-control': 'no-store',
      'content-security-policy': "default-src 'none'; sandbox",
    })
    .send(file.bytes);
}

export function dataExportRoutes(services: Services): FastifyPluginAsync {
  const { dataExports, securityVerification, sessions } = services;
  return async (app) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    documentRoutes(app, { tag: 'account', access: 'session' });
    r.addHook('preValidation', requireSession(sessions));

    r.post(
      DATA_EXPORTS_URL,
      {
        schema: {
          summary: 'Ask for a copy of my data (GDPR Art. 15 and 20; scene 30034)',
          description:
            'Behind a risk token for scene 30034 (header x-risk-token; email code or authenticator app). The same Idempotency-Key answers the same copy; one copy is prepared at a time (62020) and one may be asked for every 24 hours (62021). A job builds the zip (JSON of everything we hold about the person and their documents), kept 7 days.',
          headers: z.looseObject({ [IDEMPOTENCY_KEY_HEADER]: idempotencyKey, ...riskHeader }),
          response: { 200: envelopeOf(dataExportView) },
        },
      },
      async (request) => {
        await securityVerification.consume(
          stepUpSubjectOf(request),
          SECURITY_SCENES.dataExport,
          riskTokenOf(request),
        );
        return ok(await dataExports.request(subjectOf(request), request.headers[IDEMPOTENCY_KEY_HEADER]));
      },
    );

    r.get(
      `${DATA_EXPORTS_URL}/latest`,
      {
        schema: {
          summary: 'My latest data copy: its status, when it expires, when I may ask again',
          response: { 200: envelopeOf(dataExportStatusResult) },
        },
      },
      async (request) => ok(await dataExports.status(subjectOf(request))),
    );

    r.post(
      `${DATA_EXPORTS_URL}/:id/link`,
      {
        schema: {
          summary: 'A single-use download link of my ready copy (scene 30034)',
          description:
            "Behind a risk token for scene 30034. The link works once, for 15 minutes and never past the copy's 7 days; a new link replaces the previous one. 62023 not ready, 62024 downloaded already, 62025 expired, 62027 failed.",
          params: exportParams,
          headers: z.looseObject(riskHeader),
          response: { 200: envelopeOf(dataExportLinkResult) },
        },
      },
      async (request) => {
        await securityVerification.consume(
          stepUpSubjectOf(request),
          SECURITY_SCENES.dataExport,
          riskTokenOf(request),
        );
        return ok(await dataExports.link(subjectOf(request), request.params.id));
      },
    );

    r.get(
      `${DATA_EXPORTS_URL}/download/:token`,
      {
        schema: {
          summary: 'Download my copy (application/zip), once',
          description:
            'The zip; a second download is 62024, an expired copy or link 62025, an unknown or replaced link 62026 (in the JSON envelope).',
          params: tokenParams,
        },
      },
      async (request, reply) =>
        sendZip(reply, await dataExports.download(subjectOf(request), request.params.token)),
    );
  };
}

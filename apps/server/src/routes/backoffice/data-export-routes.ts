import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import {
  IDEMPOTENCY_KEY_HEADER,
  dataExportLinkResult,
  idempotencyKey,
  subjectAccessExportRequest,
  subjectAccessExportStatus,
  subjectAccessExportView,
} from '@kyc/contracts';
import { envelopeOf, ok } from '../../http/envelope.ts';
import type { Services } from '../services.ts';
import { sendZip } from '../data-export/data-export-routes.ts';
import { staffApi } from './staff-api.ts';

const userIdParams = z.object({ userId: z.coerce.number().int().positive() });
const exportParams = z.object({ id: z.coerce.number().int().positive() });
const tokenParams = z.object({ token: z.string().min(1).max(128) });

/**
 * A person's copy of their data for a subject access request (issue 20; docs/data-export.md "The back
 * office"): compliance (`export_subject_data`: senior reviewers and admins, D75) asks with a reason, polls,
 * takes a single-use link and downloads the zip once; the request, the link and the download are audited.
 */
export function dataExportBackofficeRoutes(services: Services): FastifyPluginAsync {
  const { dataExports } = services;
  return async (app) => {
    const { r, guarded, me } = staffApi(app, services);

    r.post(
      '/backoffice/api/cases/:userId/data-exports',
      guarded({
        summary: "A copy of the person's data for a subject access request, with the reason (audited)",
        params: userIdParams,
        headers: z.looseObject({ [IDEMPOTENCY_KEY_HEADER]: idempotencyKey.optional() }),
        body: subjectAccessExportRequest,
        response: { 200: envelopeOf(subjectAccessExportView) },
      }),
      async (request) =>
        ok(
          await dataExports.staffRequest(
            await me(request),
            request.params.userId,
            request.body.reason,
            request.headers[IDEMPOTENCY_KEY_HEADER],
          ),
        ),
    );

    r.get(
      '/backoffice/api/cases/:userId/data-exports',
      guarded({
        summary: "The person's latest subject access copy and its status",
        params: userIdParams,
        response: { 200: envelopeOf(subjectAccessExportStatus) },
      }),
      async (request) => ok(await dataExports.staffStatus(await me(request), request.params.userId)),
    );

    r.post(
      '/backoffice/api/data-exports/:id/link',
      guarded({
        summary: 'A single-use download link of a ready subject access copy (audited)',
        params: exportParams,
        response: { 200: envelopeOf(dataExportLinkResult) },
      }),
      async (request) => ok(await dataExports.staffLink(await me(request), request.params.id)),
    );

    r.get(
      '/backoffice/api/data-exports/download/:token',
      guarded({
        summary: 'Download a subject access copy (application/zip), once; audited before the bytes leave',
        params: tokenParams,
      }),
      async (request, reply) =>
        sendZip(reply, await dataExports.staffDownload(await me(request), request.params.token)),
    );
  };
}

import { Readable } from 'node:stream';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { auditExportQuery, dashboardExportQuery, dashboardFigures, dashboardQuery } from '@kyc/contracts';
import { clientGone } from '../../http/client-gone.ts';
import { envelopeOf, ok } from '../../http/envelope.ts';
import type { Services } from '../services.ts';
import { staffApi } from './staff-api.ts';

/** A CSV download: never cached, never sniffed, always an attachment. */
function csvReply(reply: FastifyReply, filename: string) {
  return reply.type('text/csv; charset=utf-8').headers({
    'content-disposition': `attachment; filename="${filename}"`,
    'x-content-type-options': 'nosniff',
    'cache-control': 'no-store',
  });
}

/**
 * The back-office dashboard (issue 17, docs/backoffice-at-volume.md "The dashboard"): the figures of a
 * period, one figure as CSV, and an audit-log range as CSV streamed as it is read. A bad period is
 * 55031 / 55032 and an unknown figure 55033, in the envelope; the use-case checks the permission (10005).
 */
export function dashboardRoutes(services: Services): FastifyPluginAsync {
  const { dashboard } = services;
  return async (app) => {
    const { r, guarded, me } = staffApi(app, services);

    r.get(
      '/backoffice/api/dashboard',
      guarded({
        summary: 'The compliance figures of a period (default the last 30 days, at most 366)',
        querystring: dashboardQuery,
        response: { 200: envelopeOf(dashboardFigures) },
      }),
      async (request, reply) =>
        ok(await dashboard.dashboard(await me(request), request.query, clientGone(reply))),
    );

    r.get(
      '/backoffice/api/dashboard/export',
      guarded({
        summary: 'One figure of the dashboard as CSV (audited as a data export)',
        querystring: dashboardExportQuery,
      }),
      async (request, reply) => {
        const { filename, csv } = await dashboard.exportFigure(await me(request), request.query);
        return csvReply(reply, filename).send(csv);
      },
    );

    r.get(
      '/backoffice/api/audit/export',
      guarded({
        summary: 'A filtered range of the audit log as CSV, streamed (audited as a data export)',
        querystring: auditExportQuery,
      }),
      async (request, reply) => {
        const { filename, lines } = await dashboard.exportAudit(await me(request), request.query);
        return csvReply(reply, filename).send(Readable.from(lines));
      },
    );
  };
}

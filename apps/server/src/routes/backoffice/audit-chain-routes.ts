import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { auditChainStatus } from '@kyc/contracts';
import { requireSession, subjectOf } from '../../http/auth.ts';
import { envelopeOf, ok } from '../../http/envelope.ts';
import { documentRoutes } from '../../http/openapi.ts';
import type { Services } from '../services.ts';

/**
 * The audit page's chain indication (issue 11, docs/security.md "Tamper-evident audit log"):
 * 'read_audit' (auditors, admins; others 10005). Each answer logs the chain head, so the request log
 * (shipped off the host) keeps an outside record of it that a database rewrite cannot change.
 */
export function auditChainRoutes(services: Services): FastifyPluginAsync {
  const { staff, sessions, auditChain } = services;
  return async (app) => {
    documentRoutes(app, { tag: 'backoffice', access: 'staff' });
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.get(
      '/backoffice/api/audit/chain',
      {
        schema: {
          summary: "The audit log's hash chain: verified up to which entry and when, or where it breaks",
          tags: ['backoffice'],
          response: { 200: envelopeOf(auditChainStatus) },
        },
        preHandler: requireSession(sessions),
      },
      async (request) => {
        const report = await auditChain.status(await staff.me(subjectOf(request)), Date.now());
        request.log.info({ auditChainHead: report.head, auditChain: report.status.state }, 'audit chain');
        return ok(report.status);
      },
    );
  };
}

import type { FastifyPluginAsync } from 'fastify';
import { auditChainStatus } from '@kyc/contracts';
import { envelopeOf, ok } from '../../http/envelope.ts';
import type { Services } from '../services.ts';
import { staffApi } from './staff-api.ts';

/**
 * The audit page's chain indication (issue 11, docs/security.md "Tamper-evident audit log"):
 * 'read_audit' (auditors, admins; others 10005). Each answer logs the chain head, so the request log
 * (shipped off the host) keeps an outside record of it that a database rewrite cannot change.
 */
export function auditChainRoutes(services: Services): FastifyPluginAsync {
  const { auditChain } = services;
  return async (app) => {
    const { r, guarded, me } = staffApi(app, services);

    r.get(
      '/backoffice/api/audit/chain',
      guarded({
        summary: "The audit log's hash chain: verified up to which entry and when, or where it breaks",
        response: { 200: envelopeOf(auditChainStatus) },
      }),
      async (request) => {
        const report = await auditChain.status(await me(request), Date.now());
        request.log.info({ auditChainHead: report.head, auditChain: report.status.state }, 'audit chain');
        return ok(report.status);
      },
    );
  };
}

import type { FastifyPluginAsync } from 'fastify';
import { RET_CODES } from '@kyc/contracts';
import { errorEnvelope, ok } from '../http/envelope.ts';
import { documentRoutes } from '../http/openapi.ts';
import type { Services } from './services.ts';

/**
 * Liveness (the process answers) and readiness (the database answers).
 *
 * Never rate-limited (issue 11): a load balancer probes from one address, and an address that floods the
 * API must not make a healthy instance look dead. The exemption is the matched route's own config
 * (`rateLimit: false`, read by @fastify/rate-limit per route), not a URL prefix a request could imitate.
 */
const UNLIMITED = { rateLimit: false } as const;

export function healthRoutes(services: Services): FastifyPluginAsync {
  return async (app) => {
    documentRoutes(app, { tag: 'health', access: 'public' });
    app.get(
      '/healthz',
      { config: UNLIMITED, schema: { summary: 'Liveness: the process answers' } },
      async () => ok({ status: 'ok' }),
    );
    app.get(
      '/readyz',
      { config: UNLIMITED, schema: { summary: 'Readiness: the database answers' } },
      async (_request, reply) => {
        if (await services.readiness.ping())
          return ok({ status: 'ready', database: services.readiness.dialect });
        return reply
          .code(503)
          .send(errorEnvelope(RET_CODES.SERVICE_UNAVAILABLE.code, 'database unreachable'));
      },
    );
  };
}

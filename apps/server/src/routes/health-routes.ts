import type { FastifyPluginAsync } from 'fastify';
import { RET_CODES } from '@kyc/contracts';
import { errorEnvelope, ok } from '../http/envelope.ts';
import { documentRoutes } from '../http/openapi.ts';
import type { Services } from './services.ts';

/**
 * Liveness (the process answers) and readiness (the database answers). With REDIS_URL, Redis down makes
 * the answer `degraded` (still 200: the instance serves, on local limits; issue 14, D48), naming it.
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
      {
        config: UNLIMITED,
        schema: { summary: 'Readiness: the database answers (and Redis, when configured)' },
      },
      async (_request, reply) => {
        const { readiness } = services;
        // Both checks at once, each bounded (data/readiness.ts): the answer comes within 1 s.
        const [database, redis] = await Promise.all([readiness.ping(), readiness.shared?.()]);
        if (!database)
          return reply
            .code(503)
            .send(errorEnvelope(RET_CODES.SERVICE_UNAVAILABLE.code, 'database unreachable'));
        if (redis === undefined) return ok({ status: 'ready', database: readiness.dialect });
        // Redis down: still in service (limits fall back to this instance's memory, D48), but said so.
        if (!redis)
          return ok({ status: 'degraded', database: readiness.dialect, redis: 'down', degraded: ['redis'] });
        return ok({ status: 'ready', database: readiness.dialect, redis: 'up' });
      },
    );
  };
}

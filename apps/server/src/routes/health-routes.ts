import type { FastifyPluginAsync } from 'fastify';
import { RET_CODES } from '@kyc/contracts';
import { errorEnvelope, ok } from '../http/envelope.ts';
import { documentRoutes } from '../http/openapi.ts';
import type { Services } from './services.ts';

/** Liveness (the process answers) and readiness (the database answers). */
export function healthRoutes(services: Services): FastifyPluginAsync {
  return async (app) => {
    documentRoutes(app, { tag: 'health', access: 'public' });
    app.get('/healthz', { schema: { summary: 'Liveness: the process answers' } }, async () =>
      ok({ status: 'ok' }),
    );
    app.get(
      '/readyz',
      { schema: { summary: 'Readiness: the database answers' } },
      async (_request, reply) => {
        if (await services.database.ping())
          return ok({ status: 'ready', database: services.database.dialect });
        return reply
          .code(503)
          .send(errorEnvelope(RET_CODES.SERVICE_UNAVAILABLE.code, 'database unreachable'));
      },
    );
  };
}

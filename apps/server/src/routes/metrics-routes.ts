import type { FastifyPluginAsync } from 'fastify';
import { RET_CODES } from '@kyc/contracts';
import { errorEnvelope } from '../http/envelope.ts';
import { hideFromDocument } from '../http/openapi.ts';
import type { MetricsUseCases } from '../domain/operations/metrics.ts';

/**
 * `GET /metrics` for Prometheus (issue 14, D51; docs/operations.md "What to watch"). Registered only with
 * METRICS_TOKEN, so without it the path is as unknown as any other (404). A scraper sends the token as
 * `Authorization: Bearer …`; a missing or wrong one answers 401 in the usual envelope. Not in the API
 * document: it is for operators' tools, not for clients.
 */
export function metricsRoutes(metrics: MetricsUseCases): FastifyPluginAsync {
  return async (app) => {
    hideFromDocument(app);
    app.get('/metrics', async (request, reply) => {
      reply.header('cache-control', 'no-store');
      if (!metrics.authorized(request.headers.authorization))
        return reply
          .code(401)
          .header('www-authenticate', 'Bearer realm="metrics"')
          .send(errorEnvelope(RET_CODES.NOT_LOGGED_IN.code, 'metrics token missing or wrong'));
      const { contentType, body } = await metrics.render();
      return reply.type(contentType).send(body);
    });
  };
}

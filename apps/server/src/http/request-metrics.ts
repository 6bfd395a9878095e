import type { FastifyInstance } from 'fastify';
import type { MetricsUseCases } from '../domain/operations/metrics.ts';

/**
 * Times every answered request for GET /metrics (issue 14): the matched route's pattern, never the URL
 * (`routeOptions.url` is `/v3/private/kyc/kyc-info` or `/user/accounts/*`, undefined when nothing
 * matched), the method and the status class; the time is Fastify's, from arrival to the end of the answer.
 */
export function installRequestMetrics(app: FastifyInstance, metrics: MetricsUseCases): void {
  app.addHook('onResponse', async (request, reply) => {
    metrics.observeRequest(
      request.method,
      request.routeOptions.url,
      reply.statusCode,
      reply.elapsedTime / 1000,
    );
  });
}

import type { FastifyReply } from 'fastify';

/**
 * Issue 17: a signal aborted when the client goes away before its answer is written (the connection
 * closed, a tab closed, a newer request replaced this one), so a list can cancel its statement instead
 * of finishing work nobody will read (data/list-limits.ts).
 */
export function clientGone(reply: FastifyReply): AbortSignal {
  const controller = new AbortController();
  const response = reply.raw;
  response.once('close', () => {
    if (!response.writableFinished) controller.abort();
  });
  return controller.signal;
}

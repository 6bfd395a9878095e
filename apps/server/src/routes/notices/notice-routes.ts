import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { noticesReadRequest, noticesReadResult, noticesResult } from '@kyc/contracts';
import { requireSession, subjectOf } from '../../http/auth.ts';
import { envelopeOf, ok } from '../../http/envelope.ts';
import { documentRoutes } from '../../http/openapi.ts';
import type { Services } from '../services.ts';

/**
 * The signed-in person's notices (docs/kyc.md "Notices"): the unread marker of decisions. Both answer
 * for the session's own user; marking read is a POST under the usual Origin and CSRF checks.
 */
export function noticeRoutes(services: Services): FastifyPluginAsync {
  const { notices, sessions } = services;
  return async (app) => {
    documentRoutes(app, { tag: 'kyc', access: 'session' });
    const r = app.withTypeProvider<ZodTypeProvider>();
    r.addHook('preValidation', requireSession(sessions));

    r.post(
      '/v3/private/kyc/notices',
      {
        schema: {
          summary: 'Unread notices of staff decisions',
          description: "The person's unread notices of staff decisions, newest first, and the unread count.",
          response: { 200: envelopeOf(noticesResult) },
        },
      },
      async (request) => ok(await notices.unread(subjectOf(request))),
    );

    r.post(
      '/v3/private/kyc/notices/read',
      {
        schema: {
          summary: 'Mark notices read',
          description:
            "Marks the person's own notices read; idempotent (unknown, already read or another person's ids change nothing).",
          body: noticesReadRequest,
          response: { 200: envelopeOf(noticesReadResult) },
        },
      },
      async (request) => ok(await notices.markRead(subjectOf(request), request.body)),
    );
  };
}

import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { agreementDocumentQuery } from '@kyc/contracts';
import { requireSession, subjectOf } from '../../http/auth.ts';
import { documentRoutes } from '../../http/openapi.ts';
import type { Services } from '../services.ts';

/** A download, never a page of this origin: no script, no resource, sandboxed even if opened directly. */
const DOCUMENT_CSP = "default-src 'none'; style-src 'unsafe-inline'; sandbox";

/**
 * GET /v3/private/kyc/agreement-document (issue 10): the signed-in person's accepted agreement as an
 * HTML file (version, acceptance time, clauses, acceptances). Errors answer in the envelope (30051).
 */
export function agreementDocumentRoutes(services: Services): FastifyPluginAsync {
  const { agreementDocuments, sessions } = services;
  return async (app) => {
    documentRoutes(app, { tag: 'questionnaires', access: 'session' });
    const r = app.withTypeProvider<ZodTypeProvider>();
    r.addHook('preValidation', requireSession(sessions));
    r.get(
      '/v3/private/kyc/agreement-document',
      {
        schema: {
          summary: 'Download an accepted agreement again',
          description:
            "The person's accepted version of an agreement as an HTML download, in the given language (30051 when none was accepted).",
          querystring: agreementDocumentQuery,
        },
      },
      async (request, reply) => {
        const { template_code: code, lang } = request.query;
        const doc = await agreementDocuments.document(subjectOf(request), code, lang ?? '');
        return reply
          .type('text/html; charset=utf-8')
          .headers({
            'content-disposition': `attachment; filename="${doc.fileName}.html"`,
            'x-content-type-options': 'nosniff',
            'cache-control': 'no-store',
            'content-security-policy': DOCUMENT_CSP,
          })
          .send(doc.html);
      },
    );
  };
}

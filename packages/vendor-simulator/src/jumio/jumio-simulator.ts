/**
 * The Jumio simulator (docs/providers-jumio.md "The simulator"), mounted at <publicBase>/jumio: Jumio's
 * KYX platform as its API guide describes it. POST /oauth2/token (client credentials, HTTP Basic);
 * bearer-checked account creation and update (each opens a workflow execution) and the retrieval of an
 * execution; the web client page /web/v4/app?authorizationToken=… (a page the portal frames or navigates
 * to, not a script) whose demo decision is stored, then the execution is ACQUIRED and PROCESSED with a
 * callback each to /webhooks/jumio, unsigned like Jumio's. The outcome lives only in the retrieval answer.
 */
import { timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { stringFields, type SimulatorContext } from '../context.ts';
import { jumioExtractionData } from '../document-shapes.ts';
import { ACCESS_TOKEN_SECONDS, jumioStore, type Execution, type JumioDecision } from './jumio-store.ts';

const DECISIONS: readonly JumioDecision[] = ['approve', 'retry', 'final'];

const sameText = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

interface AccountBody {
  customerInternalReference?: unknown;
  userReference?: unknown;
  callbackUrl?: unknown;
  workflowDefinition?: { key?: unknown };
  web?: { locale?: unknown; successUrl?: unknown; errorUrl?: unknown };
}

const text = (v: unknown) => (typeof v === 'string' ? v : '');

export function jumioSimulator(context: SimulatorContext): FastifyPluginAsync {
  const store = jumioStore();
  const base = `${context.options.publicBase}/jumio`;

  function sendCallback(execution: Execution) {
    const account = store.account(execution.accountId);
    const accountHref = `${base}/api/v1/accounts/${execution.accountId}`;
    const body = JSON.stringify({
      callbackSentAt: new Date(context.now()).toISOString(),
      userReference: account?.userReference,
      workflowExecution: {
        id: execution.id,
        href: `${accountHref}/workflow-executions/${execution.id}`,
        definitionKey: execution.definitionKey,
        status: execution.status,
      },
      account: { id: execution.accountId, href: accountHref },
    });
    context.sendWebhook('jumio', '/webhooks/jumio', body, {});
  }

  /** The account answer of Jumio: the account, the new execution, the web client's address and token. */
  function accountAnswer(execution: Execution) {
    const href = `${base}/web/v4/app?authorizationToken=${encodeURIComponent(execution.webToken)}&locale=${encodeURIComponent(execution.locale)}`;
    return {
      timestamp: new Date(context.now()).toISOString(),
      account: { id: execution.accountId },
      web: {
        href,
        ...(execution.successUrl ? { successUrl: execution.successUrl } : {}),
        ...(execution.errorUrl ? { errorUrl: execution.errorUrl } : {}),
      },
      sdk: { token: execution.webToken },
      workflowExecution: {
        id: execution.id,
        credentials: [
          { id: `${execution.id}-id`, category: 'ID', allowedChannels: ['WEB', 'API', 'SDK'] },
          { id: `${execution.id}-facemap`, category: 'FACEMAP', allowedChannels: ['WEB', 'SDK'] },
        ],
      },
    };
  }

  function executionFields(body: AccountBody) {
    return {
      definitionKey: text(body.workflowDefinition?.key),
      locale: text(body.web?.locale) || 'en',
      successUrl: text(body.web?.successUrl),
      errorUrl: text(body.web?.errorUrl),
    };
  }

  const badRequest = (reply: FastifyReply, message: string) =>
    reply.code(400).send({ message, errorCode: 'INVALID_REQUEST' });

  return async (app) => {
    // Jumio's token endpoint takes a form body; this parser is this plugin's only.
    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string' },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );

    app.post('/oauth2/token', async (request, reply) => {
      const [scheme, encoded = ''] = String(request.headers.authorization ?? '').split(' ');
      const expected = `${context.options.jumio?.clientId}:${context.options.jumio?.clientSecret}`;
      const given = Buffer.from(encoded, 'base64').toString('utf8');
      if (scheme !== 'Basic' || !context.options.jumio || !sameText(given, expected))
        return reply.code(401).send({ error: 'invalid_client' });
      const grant = (request.body as Record<string, string> | undefined)?.grant_type;
      if (grant !== 'client_credentials') return reply.code(400).send({ error: 'unsupported_grant_type' });
      return {
        access_token: store.issueAccessToken(context.now()),
        expires_in: ACCESS_TOKEN_SECONDS,
        token_type: 'Bearer',
      };
    });

    await app.register(async (api) => {
      api.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
        const [scheme, token = ''] = String(request.headers.authorization ?? '').split(' ');
        if (scheme !== 'Bearer' || !store.validAccessToken(token, context.now()))
          return reply.code(401).send({ message: 'Unauthorized' });
      });

      api.post('/api/v1/accounts', async (request, reply) => {
        const body = (request.body ?? {}) as AccountBody;
        const userReference = text(body.userReference);
        if (!text(body.workflowDefinition?.key) || !userReference)
          return badRequest(reply, 'workflowDefinition.key and userReference are required');
        const account = store.createAccount({
          customerInternalReference: text(body.customerInternalReference),
          userReference,
          callbackUrl: text(body.callbackUrl),
        });
        return accountAnswer(store.openExecution(account.id, executionFields(body), context.now()));
      });

      api.put<{ Params: { accountId: string } }>('/api/v1/accounts/:accountId', async (request, reply) => {
        const account = store.account(request.params.accountId);
        if (!account) return reply.code(404).send({ message: 'account not found' });
        const body = (request.body ?? {}) as AccountBody;
        if (!text(body.workflowDefinition?.key))
          return badRequest(reply, 'workflowDefinition.key is required');
        return accountAnswer(store.openExecution(account.id, executionFields(body), context.now()));
      });

      api.get<{ Params: { accountId: string; executionId: string } }>(
        '/api/v1/accounts/:accountId/workflow-executions/:executionId',
        async (request, reply) => {
          const execution = store.execution(request.params.executionId);
          if (!execution || execution.accountId !== request.params.accountId)
            return reply.code(404).send({ message: 'workflow execution not found' });
          return store.retrieval(execution);
        },
      );
    });

    app.get<{ Querystring: { authorizationToken?: string; locale?: string } }>(
      '/web/v4/app',
      async (request, reply) => {
        const execution = store.byWebToken(request.query.authorizationToken ?? '', context.now());
        if (!execution) return reply.code(401).type('text/plain').send('This link has expired.');
        return reply.type('text/html; charset=utf-8').send(
          context.hostedPage({
            brand: 'Jumio',
            vendor: 'jumio',
            actionPath: `${base}/web/v4/app/decision`,
            fields: { token: execution.webToken },
            lang: request.query.locale || execution.locale,
          }),
        );
      },
    );

    app.post<{
      Body: Record<string, unknown> & { token?: unknown; decision?: unknown; extracted?: unknown };
    }>('/web/v4/app/decision', async (request, reply) => {
      const execution = store.byWebToken(text(request.body?.token), context.now());
      if (!execution) return reply.code(401).send({ ok: false, error: 'token expired or unknown' });
      const decision = request.body?.decision as JumioDecision;
      if (!DECISIONS.includes(decision))
        return reply.code(400).send({ ok: false, error: 'unknown decision' });
      if (execution.status !== 'INITIATED')
        return reply.code(409).send({ ok: false, error: 'this workflow execution was already submitted' });
      // Acquired: the captures are in, Jumio processes them; its notice goes first and is answered first.
      execution.status = 'ACQUIRED';
      execution.startedAt = context.now();
      execution.decision = decision;
      // What the extraction read: a test's `extracted` as given, else the hosted page's document
      // fields (issue 19, D118).
      const read = context.readDocument(request.body as Record<string, unknown>);
      const extracted = stringFields(request.body?.extracted) ?? (read && jumioExtractionData(read));
      if (extracted) execution.extracted = extracted;
      sendCallback(execution);
      await context.control.settled();
      execution.status = 'PROCESSED';
      execution.completedAt = context.now();
      sendCallback(execution);
      return { ok: true, ...(execution.successUrl ? { redirectUrl: execution.successUrl } : {}) };
    });
  };
}

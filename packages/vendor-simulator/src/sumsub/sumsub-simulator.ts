/**
 * The Sumsub simulator (docs/providers.md "The simulator"), mounted at <publicBase>/sumsub: the parts of
 * Sumsub's API the adapter uses, checked as Sumsub checks them — X-App-Token, X-App-Access-Ts no older
 * than 5 minutes, X-App-Access-Sig = hex HMAC-SHA256(secret, ts + METHOD + URI + body) — with Sumsub's
 * error shape {description, code, correlationId}; applicants in memory; the WebSDK shim and its hosted
 * page, whose decision sends applicantPending then applicantReviewed back to the portal, signed.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { stringFields, type SimulatorContext } from '../context.ts';
import { sumsubState, type SimIdDoc, type SimReviewResult } from './sumsub-state.ts';
import { webSdkScript } from './sumsub-websdk.ts';
import { sumsubIdDoc } from '../document-shapes.ts';

/** How far X-App-Access-Ts may be from the simulator's clock. */
const MAX_SKEW_SECONDS = 5 * 60;
const TOKEN_TTL_MAX = 24 * 3600;

export const SIM_REVIEWS: Record<'approve' | 'retry' | 'final', SimReviewResult> = {
  approve: { reviewAnswer: 'GREEN' },
  retry: {
    reviewAnswer: 'RED',
    reviewRejectType: 'RETRY',
    rejectLabels: ['UNSATISFACTORY_PHOTOS'],
    moderationComment: 'The photo of your document is blurry. Please take it again in good light.',
    clientComment: 'Simulator: the person asked for a retry.',
  },
  final: {
    reviewAnswer: 'RED',
    reviewRejectType: 'FINAL',
    rejectLabels: ['FORGERY'],
    moderationComment: 'We could not verify your profile.',
    clientComment: 'Simulator: the person asked for a final rejection.',
  },
};

/** An idDoc sent with the decision (tests): its string fields, with a type and a country. */
function simIdDoc(value: unknown): SimIdDoc | undefined {
  const fields = stringFields(value);
  if (!fields?.idDocType || !fields.country) return undefined;
  return fields as unknown as SimIdDoc;
}

type Req = FastifyRequest & { rawBody?: string };

function sumsubError(reply: FastifyReply, code: number, description: string) {
  return reply.code(code).send({ description, code, correlationId: randomBytes(16).toString('hex') });
}

const header = (request: FastifyRequest, name: string) => {
  const v = request.headers[name];
  return Array.isArray(v) ? v[0] : v;
};

export function sumsubSimulator(context: SimulatorContext): FastifyPluginAsync {
  return async (app) => {
    const credentials = context.options.sumsub;
    if (!credentials) return;
    const { appToken, secretKey } = credentials;
    const state = sumsubState(context);

    // The raw body is what the signature covers: keep it, then parse.
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
      (request as Req).rawBody = String(body);
      try {
        done(null, body === '' ? {} : JSON.parse(String(body)));
      } catch {
        done(Object.assign(new Error('invalid JSON'), { statusCode: 400 }), undefined);
      }
    });

    /** Sumsub's app-token authentication of every /resources call. */
    async function authenticate(request: Req, reply: FastifyReply) {
      const token = header(request, 'x-app-token');
      const ts = header(request, 'x-app-access-ts') ?? '';
      const sig = (header(request, 'x-app-access-sig') ?? '').toLowerCase();
      if (token !== appToken) return sumsubError(reply, 401, 'App token is invalid');
      if (!/^\d+$/.test(ts) || Math.abs(context.now() / 1000 - Number(ts)) > MAX_SKEW_SECONDS)
        return sumsubError(reply, 401, 'Request timestamp is too old or in the future');
      const expected = createHmac('sha256', secretKey)
        .update(`${ts}${request.method.toUpperCase()}${request.url}`)
        .update(request.rawBody ?? '')
        .digest('hex');
      const a = Buffer.from(sig);
      const b = Buffer.from(expected);
      if (a.length !== b.length || !timingSafeEqual(a, b))
        return sumsubError(reply, 401, 'Request signature mismatch');
      return undefined;
    }

    /** `{id}` or `-;externalUserId={externalUserId}`. */
    const find = (ref: string) => {
      const m = /^-;externalUserId=(.+)$/.exec(ref);
      return m ? state.byExternalUserId(decodeURIComponent(m[1] ?? '')) : state.applicant(ref);
    };

    await app.register(async (api) => {
      api.addHook('preHandler', authenticate);

      api.post<{ Querystring: { levelName?: string }; Body: { externalUserId?: unknown } }>(
        '/resources/applicants',
        async (request, reply) => {
          const levelName = request.query.levelName;
          const externalUserId = request.body?.externalUserId;
          if (!levelName) return sumsubError(reply, 400, 'levelName is required');
          if (typeof externalUserId !== 'string' || externalUserId === '')
            return sumsubError(reply, 400, 'externalUserId is required');
          const existing = state.byExternalUserId(externalUserId);
          if (existing)
            return sumsubError(
              reply,
              409,
              `Applicant with external user id '${externalUserId}' already exists: ${existing.id}`,
            );
          return state.view(state.create(externalUserId, levelName));
        },
      );

      api.get<{ Params: { ref: string } }>('/resources/applicants/:ref/one', async (request, reply) => {
        const found = find(request.params.ref);
        return found ? state.view(found) : sumsubError(reply, 404, 'Applicant not found');
      });

      api.get<{ Params: { ref: string } }>('/resources/applicants/:ref/status', async (request, reply) => {
        const found = find(request.params.ref);
        if (!found) return sumsubError(reply, 404, 'Applicant not found');
        const { review } = state.view(found);
        return { ...review, reviewId: review.reviewId, levelName: found.levelName };
      });

      api.post<{ Params: { ref: string }; Querystring: { name?: string } }>(
        '/resources/applicants/:ref/moveToLevel',
        async (request, reply) => {
          const found = find(request.params.ref);
          if (!found) return sumsubError(reply, 404, 'Applicant not found');
          if (!request.query.name) return sumsubError(reply, 400, 'name is required');
          if (found.reviewStatus === 'pending' || found.reviewStatus === 'onHold')
            return sumsubError(
              reply,
              400,
              `Cannot change the level of an applicant in ${found.reviewStatus}`,
            );
          state.moveToLevel(found, request.query.name);
          return state.view(found);
        },
      );

      api.post<{ Body: { userId?: unknown; levelName?: unknown; ttlInSecs?: unknown } }>(
        '/resources/accessTokens/sdk',
        async (request, reply) => {
          const { userId, levelName } = request.body ?? {};
          const ttl = Number(request.body?.ttlInSecs ?? 600);
          if (typeof userId !== 'string' || userId === '')
            return sumsubError(reply, 400, 'userId is required');
          if (typeof levelName !== 'string' || levelName === '')
            return sumsubError(reply, 400, 'levelName is required');
          if (!Number.isInteger(ttl) || ttl <= 0 || ttl > TOKEN_TTL_MAX)
            return sumsubError(reply, 400, 'ttlInSecs is out of range');
          // Like Sumsub, a token for an unknown userId creates its applicant at that level.
          if (!state.byExternalUserId(userId)) state.create(userId, levelName);
          return { token: state.issueToken(userId, levelName, ttl), userId };
        },
      );
    });

    app.get('/websdk/sns-websdk-builder.js', async (_request, reply) =>
      reply
        .type('text/javascript; charset=utf-8')
        .header('cache-control', 'no-cache')
        .send(webSdkScript(context.options.publicBase)),
    );

    app.get<{ Querystring: { accessToken?: string; lang?: string } }>(
      '/websdk/flow',
      async (request, reply) => {
        const accessToken = request.query.accessToken ?? '';
        if (!state.tokenOf(accessToken)) return sumsubError(reply, 401, 'Access token is invalid or expired');
        const html = context.hostedPage({
          brand: 'Sumsub',
          vendor: 'sumsub',
          actionPath: `${context.options.publicBase}/sumsub/websdk/flow`,
          fields: { accessToken },
          lang: request.query.lang ?? 'en',
        });
        return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(html);
      },
    );

    app.post<{ Body: { decision?: unknown; accessToken?: unknown; idDoc?: unknown } }>(
      '/websdk/flow',
      async (request, reply) => {
        const { decision, accessToken, idDoc } = request.body ?? {};
        const session = typeof accessToken === 'string' ? state.tokenOf(accessToken) : undefined;
        if (!session) return sumsubError(reply, 401, 'Access token is invalid or expired');
        if (decision !== 'approve' && decision !== 'retry' && decision !== 'final')
          return sumsubError(reply, 400, 'decision must be approve, retry or final');
        const applicant = state.byExternalUserId(session.userId);
        if (!applicant) return sumsubError(reply, 404, 'Applicant not found');
        if (applicant.levelName !== session.levelName) state.moveToLevel(applicant, session.levelName);
        // What the "vendor" read from the document, kept for GET …/one's info.idDocs: a test's idDoc as
        // given, else what the hosted page's document fields say (issue 19, D118).
        const read = context.readDocument(request.body as Record<string, unknown>);
        const given = simIdDoc(idDoc) ?? (read && (sumsubIdDoc(read) as unknown as SimIdDoc));
        state.submit(applicant, SIM_REVIEWS[decision], given);
        return { ok: true };
      },
    );
  };
}

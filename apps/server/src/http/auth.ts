import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  CSRF_COOKIE,
  CSRF_HEADER,
  HOST_COOKIE_PREFIX,
  SESSION_COOKIE,
  STAFF_CSRF_COOKIE,
  STAFF_SESSION_COOKIE,
} from '@kyc/contracts';
import type { Config } from '../config.ts';
import type {
  Audience,
  ResolvedSession,
  SessionJoin,
  SessionService,
} from '../domain/sessions/session-service.ts';
import { AppError, notLoggedIn } from '../lib/app-error.ts';
import { openToken, signToken } from '../lib/crypto/signed-token.ts';
import { randomToken, safeEqual } from '../lib/tokens.ts';
import { isHeaderAuthenticatedRoute } from './sdk-auth.ts';
import { isVendorWebhookRoute } from './vendor-webhooks.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The live session for this request's audience, once resolved (null: none). */
    session: ResolvedSession | null;
    sessionResolved: boolean;
    /** What the route's `sessionJoin` read with the live session (D117); read it with `joinedOf`. */
    sessionJoined: unknown;
  }
  interface FastifyContextConfig {
    /** A read made in the same statement as the session's lookup (D117), for the route's own use. */
    sessionJoin?: SessionJoin<unknown>;
  }
}

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export interface AudienceCookies {
  session: string;
  csrf: string;
  path: string;
  /** The plain names still read (and cleared at sign-in and sign-out) once the prefixed ones are set. */
  legacy?: { session: string; csrf: string; path: string };
}

const PLAIN_COOKIES: Record<Audience, AudienceCookies> = {
  user: { session: SESSION_COOKIE, csrf: CSRF_COOKIE, path: '/' },
  staff: { session: STAFF_SESSION_COOKIE, csrf: STAFF_CSRF_COOKIE, path: '/backoffice' },
};

/**
 * The cookie names of an audience (issue 11). Secure cookies are `__Host-` cookies: Secure, Path=/ and no
 * Domain, or browsers refuse them, so no sibling subdomain or plain-http answer can plant or shadow a
 * session or CSRF cookie. Path=/ for staff too (the prefix demands it); the staff cookie still only opens
 * /backoffice routes, which alone read it (audienceOf). Over plain http (development, e2e) the names stay.
 */
export function cookiesOf(config: Pick<Config, 'cookieSecure'>, audience: Audience): AudienceCookies {
  const plain = PLAIN_COOKIES[audience];
  if (!config.cookieSecure) return plain;
  return {
    session: `${HOST_COOKIE_PREFIX}${plain.session}`,
    csrf: `${HOST_COOKIE_PREFIX}${plain.csrf}`,
    path: '/',
    legacy: { session: plain.session, csrf: plain.csrf, path: plain.path },
  };
}

export function audienceOf(url: string): Audience {
  return url.startsWith('/backoffice') ? 'staff' : 'user';
}

/**
 * Sessions and CSRF for both populations.
 *
 * CSRF (ASVS 4.2.2, 50.x): every state-changing request must carry X-CSRF-Token. With a session, it must
 * equal the session's own token (a synchroniser token, delivered in a script-readable cookie). Without a
 * session (sign-in, sign-up) it must equal the CSRF cookie and be a signed token of ours (purpose
 * 'csrf', lib/crypto/signed-token.ts: signed double submit), so an attacker cannot plant one. An Origin header naming a foreign origin is refused outright.
 *
 * The one exception: integration routes that authenticate by header (SDK token or partner API key) and
 * read no cookie skip both checks, and get no CSRF cookie (http/sdk-auth.ts, docs/sdk.md).
 */
export function installAuth(app: FastifyInstance, config: Config, sessions: SessionService): void {
  app.decorateRequest('session', null);
  app.decorateRequest('sessionResolved', false);
  app.decorateRequest('sessionJoined', undefined);

  app.addHook('onRequest', async (request) => {
    if (!STATE_CHANGING.has(request.method)) return;
    if (isHeaderAuthenticatedRoute(request) || isVendorWebhookRoute(request)) return;
    checkOrigin(request, config);
    const audience = audienceOf(request.url);
    const session = await resolveSession(request, sessions);
    // No live session (expired, signed out elsewhere, never signed in) on a route that needs one: the
    // request can do nothing, so no ambient credential is at stake and CSRF cannot matter. Answer what
    // the route itself would, 10007, so the app keeps the person's draft and sends them to /login
    // instead of showing a CSRF refusal (issue 11). Public routes (sign-in) keep the token check.
    if (!session && routeNeedsSession(request)) throw notLoggedIn();
    const header = request.headers[CSRF_HEADER];
    const sent = typeof header === 'string' ? header : undefined;
    if (!sent) throw new AppError('CSRF_TOKEN_INVALID', 'missing CSRF token', 403);
    const valid = session
      ? safeEqual(sent, session.csrfToken)
      : safeEqual(sent, request.cookies[cookiesOf(config, audience).csrf] ?? '') &&
        isSignedAnonymousToken(sent, config.sessionSecret);
    if (!valid) throw new AppError('CSRF_TOKEN_INVALID', 'invalid CSRF token', 403);
  });

  // Hand out a CSRF cookie to any client that has none (pages and API alike), and mend a cookie that does
  // not match the live session (for instance after the cookie was cleared while the session lived on).
  app.addHook('onSend', async (request, reply, payload) => {
    // Cacheable static files (assets, translations) never carry cookies.
    if (/public|immutable/.test(String(reply.getHeader('cache-control') ?? ''))) return payload;
    // Header-authenticated integration calls (partner servers, SDK mode) use no cookie at all.
    if (isHeaderAuthenticatedRoute(request) || isVendorWebhookRoute(request)) return payload;
    const audience = audienceOf(request.url);
    const { csrf, path } = cookiesOf(config, audience);
    if (reply.hasHeader('set-cookie') && String(reply.getHeader('set-cookie')).includes(`${csrf}=`))
      return payload;
    const current = request.cookies[csrf];
    // Only a request that looked its session up knows which token is right; others only fill a gap.
    const wanted = request.sessionResolved ? request.session?.csrfToken : undefined;
    const stale =
      request.sessionResolved &&
      (wanted ? current !== wanted : !current || !isSignedAnonymousToken(current, config.sessionSecret));
    if (!current || stale) {
      void reply.setCookie(
        csrf,
        wanted ?? signedAnonymousToken(config.sessionSecret),
        csrfCookieOptions(config, path),
      );
    }
    return payload;
  });
}

/**
 * Whether the matched route needs a session, as its plugin declares through documentRoutes (the
 * OpenAPI security statement sessionCookie / staffSessionCookie); openapi.int.test.ts checks that every
 * route stated so refuses a request without a session (10007).
 */
function routeNeedsSession(request: FastifyRequest): boolean {
  const security = (request.routeOptions.schema as { security?: Record<string, unknown>[] } | undefined)
    ?.security;
  return (security ?? []).some((r) => 'sessionCookie' in r || 'staffSessionCookie' in r);
}

/** Loads the session for the request's audience once per request. */
export async function resolveSession(
  request: FastifyRequest,
  sessions: SessionService,
): Promise<ResolvedSession | null> {
  if (request.sessionResolved) return request.session;
  const audience = audienceOf(request.url);
  // The __Host- name first; the plain name of before the change is still read (cookiesOf).
  const plain = PLAIN_COOKIES[audience].session;
  const token = request.cookies[`${HOST_COOKIE_PREFIX}${plain}`] ?? request.cookies[plain];
  // The route may read what it needs in the session's own statement (D117); the session is checked alike.
  const join = request.routeOptions.config?.sessionJoin;
  if (join && join.audience === audience) {
    const { session, joined } = await sessions.resolveJoined(join, token);
    request.session = session;
    request.sessionJoined = joined;
  } else {
    request.session = await sessions.resolve(audience, token);
  }
  request.sessionResolved = true;
  return request.session;
}

/** What `join`, the route's sessionJoin, read with this request's live session; undefined otherwise. */
export function joinedOf<T>(request: FastifyRequest, join: SessionJoin<T>): T | undefined {
  return request.session && request.routeOptions.config?.sessionJoin === join
    ? (request.sessionJoined as T | undefined)
    : undefined;
}

/** preHandler for private routes: 10007 unless a live session of the route's audience exists. */
export function requireSession(sessions: SessionService) {
  return async (request: FastifyRequest): Promise<void> => {
    const session = await resolveSession(request, sessions);
    if (!session) throw notLoggedIn();
  };
}

export function subjectOf(request: FastifyRequest): number {
  if (!request.session) throw notLoggedIn();
  return request.session.subjectId;
}

export function setSessionCookies(
  reply: FastifyReply,
  config: Config,
  audience: Audience,
  token: string,
  csrfToken: string,
): void {
  const { session, csrf, path, legacy } = cookiesOf(config, audience);
  void reply.setCookie(session, token, {
    path,
    httpOnly: true,
    sameSite: 'lax',
    secure: config.cookieSecure,
    maxAge: Math.floor(config.sessionAbsoluteMs / 1000),
  });
  void reply.setCookie(csrf, csrfToken, csrfCookieOptions(config, path));
  if (legacy) clearLegacyCookies(reply, config, legacy);
}

export function clearSessionCookies(reply: FastifyReply, config: Config, audience: Audience): void {
  const { session, csrf, path, legacy } = cookiesOf(config, audience);
  void reply.clearCookie(session, { path, httpOnly: true, sameSite: 'lax', secure: config.cookieSecure });
  void reply.setCookie(csrf, signedAnonymousToken(config.sessionSecret), csrfCookieOptions(config, path));
  if (legacy) clearLegacyCookies(reply, config, legacy);
}

/** The plain-named cookies of before the __Host- change, when the browser sent them: gone at the next sign-in or sign-out. */
function clearLegacyCookies(
  reply: FastifyReply,
  config: Config,
  legacy: NonNullable<AudienceCookies['legacy']>,
): void {
  const sent = reply.request.cookies;
  const options = { path: legacy.path, sameSite: 'lax' as const, secure: config.cookieSecure };
  if (sent[legacy.session] !== undefined)
    void reply.clearCookie(legacy.session, { ...options, httpOnly: true });
  if (sent[legacy.csrf] !== undefined) void reply.clearCookie(legacy.csrf, options);
}

function csrfCookieOptions(config: Config, path: string) {
  return { path, httpOnly: false, sameSite: 'strict' as const, secure: config.cookieSecure };
}

/** The signed-token purpose of the anonymous CSRF token (docs/security.md "Signed tokens"). */
const CSRF_PURPOSE = 'csrf';

/** A fresh anonymous CSRF token: a random nonce, signed so that only this server can make one. */
function signedAnonymousToken(secret: string): string {
  return signToken(secret, CSRF_PURPOSE, { nonce: randomToken(18) });
}

function isSignedAnonymousToken(token: string, secret: string): boolean {
  const claims = openToken<{ nonce?: unknown }>(secret, CSRF_PURPOSE, token);
  return typeof claims?.nonce === 'string' && claims.nonce !== '';
}

/** A browser sends Origin on cross-site POSTs: it must be our public origin or the host the request came to. */
function checkOrigin(request: FastifyRequest, config: Config): void {
  const origin = request.headers.origin;
  if (!origin) return;
  let host: string;
  try {
    host = new URL(origin).host;
  } catch {
    throw new AppError('CSRF_TOKEN_INVALID', 'invalid Origin', 403);
  }
  if (origin === config.publicOrigin || host === request.headers.host) return;
  throw new AppError('CSRF_TOKEN_INVALID', 'cross-origin request refused', 403);
}

/**
 * The OpenAPI document and its viewer (docs/api.md "OpenAPI document"). The zod schemas of the routes
 * become the document through fastify-type-provider-zod; each route plugin names its feature group and
 * how its routes authenticate once (`documentRoutes`), and each route gives its own `summary`. The
 * integration test openapi.int.test.ts validates the document and refuses an operation without summary,
 * tags or security, so a new route cannot be left out of the documentation.
 */
import type { FastifyInstance, HTTPMethods } from 'fastify';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import {
  CSRF_HEADER,
  SDK_BUSINESS_HEADER,
  SDK_ORIGIN_HEADER,
  SDK_SIGN_HEADER,
  SDK_TS_HEADER,
  SDK_TOKEN_HEADER,
  SESSION_COOKIE,
  STAFF_SESSION_COOKIE,
} from '@kyc/contracts';

/** Where the viewer lives; the document is at `${DOCS_PREFIX}/openapi.json` (and `/json` for the viewer). */
export const DOCS_PREFIX = '/docs';

/** The feature groups (OpenAPI tags), in the viewer's order. */
export const OPENAPI_TAGS = [
  { name: 'account', description: 'Sign-up, sign-in, sign-out and the profile of the signed-in person.' },
  { name: 'kyc', description: 'Identity verification of the signed-in person (docs/kyc.md).' },
  { name: 'questionnaires', description: 'Questionnaires, tests, agreements and compliance tasks.' },
  {
    name: 'sdk-integration',
    description:
      'SDK (embedded) mode: partner servers (signed calls) and the embedded flow (SDK token); docs/sdk.md.',
  },
  {
    name: 'backoffice',
    description: 'Compliance console: staff sign-in, review, audit (docs/backoffice.md).',
  },
  {
    name: 'webhooks',
    description:
      "Verification vendors' webhooks (Sumsub, Onfido, Jumio), each checked by the vendor's signature over the raw body or its addresses; docs/providers.md.",
  },
  { name: 'static', description: 'Translation files of the front ends.' },
  { name: 'health', description: 'Liveness and readiness probes.' },
] as const;

export type OpenApiTag = (typeof OPENAPI_TAGS)[number]['name'];

const SECURITY_SCHEMES = {
  sessionCookie: {
    type: 'apiKey',
    in: 'cookie',
    name: SESSION_COOKIE,
    description:
      'The end user session, set by sign-in (HttpOnly). Over https it is named __Host-kyc_sid (Secure, Path=/).',
  },
  csrfToken: {
    type: 'apiKey',
    in: 'header',
    name: CSRF_HEADER,
    description:
      'Every POST, PUT, PATCH and DELETE: the value of the kyc_csrf cookie (kyc_staff_csrf for /backoffice/api/*; over https __Host-kyc_csrf and __Host-kyc_staff_csrf).',
  },
  staffSessionCookie: {
    type: 'apiKey',
    in: 'cookie',
    name: STAFF_SESSION_COOKIE,
    description:
      'The staff session of the back office, set by /backoffice/api/login (Path=/backoffice; over https __Host-kyc_staff_sid, Path=/).',
  },
  sdkToken: {
    type: 'apiKey',
    in: 'header',
    name: SDK_TOKEN_HEADER,
    description: 'SDK access token of the embedded flow (30 minutes), with the two headers below.',
  },
  sdkBusiness: {
    type: 'apiKey',
    in: 'header',
    name: SDK_BUSINESS_HEADER,
    description: 'The partner business id the SDK token or the signed call belongs to.',
  },
  sdkOrigin: {
    type: 'apiKey',
    in: 'header',
    name: SDK_ORIGIN_HEADER,
    description: 'The app the SDK token was issued for (its `from`).',
  },
  partnerTimestamp: {
    type: 'apiKey',
    in: 'header',
    name: SDK_TS_HEADER,
    description:
      'Partner server calls: unix seconds when the request was signed; accepted 300 s either side of the server clock (54011 outside).',
  },
  partnerSignature: {
    type: 'apiKey',
    in: 'header',
    name: SDK_SIGN_HEADER,
    description:
      'Partner server calls: lower-case hex HMAC-SHA256 of ts + METHOD + path-with-query + raw body under one of the business\'s live secrets; each signature is accepted once (54012 again). Never sent by a browser; the old kyc-access-key is refused (10003). docs/sdk.md "Signed partner calls".',
  },
  vendorSignature: {
    type: 'apiKey',
    in: 'header',
    name: 'x-payload-digest',
    description:
      "A vendor's signature of the raw body under the webhook secret: Sumsub X-Payload-Digest (with X-Payload-Digest-Alg), Onfido X-SHA2-Signature; Jumio callbacks are accepted only from JUMIO_CALLBACK_ALLOWED_IPS and their outcome is read from Jumio. No cookie, no CSRF token (docs/providers.md).",
  },
} as const;

/**
 * How a group of routes authenticates. `public`: nobody, but state changes still carry the CSRF token
 * (signed double submit); `session` / `staff`: the cookie, plus the CSRF token on state changes;
 * `sdk-token` / `partner-signature`: headers only (no cookie, so no CSRF; http/sdk-auth.ts,
 * http/partner-signature.ts).
 */
export type RouteAccess =
  'public' | 'session' | 'staff' | 'sdk-token' | 'partner-signature' | 'vendor-signature';

type SecurityRequirement = Partial<Record<keyof typeof SECURITY_SCHEMES, string[]>>;

export function securityOf(access: RouteAccess, method: string): SecurityRequirement[] {
  const changesState = !['GET', 'HEAD', 'OPTIONS'].includes(method.toUpperCase());
  const csrf: SecurityRequirement = changesState ? { csrfToken: [] } : {};
  switch (access) {
    case 'public':
      return changesState ? [csrf] : [];
    case 'session':
      return [{ sessionCookie: [], ...csrf }];
    case 'staff':
      return [{ staffSessionCookie: [], ...csrf }];
    case 'sdk-token':
      return [{ sdkToken: [], sdkBusiness: [], sdkOrigin: [] }];
    case 'partner-signature':
      return [{ sdkBusiness: [], partnerTimestamp: [], partnerSignature: [] }];
    case 'vendor-signature':
      return [{ vendorSignature: [] }];
  }
}

/**
 * Called once at the top of a route plugin: every route it then adds is tagged with its feature group
 * and documents how it authenticates, unless the route says otherwise (a public sign-in route inside
 * a session group). `access` must match the plugin's own preHandler (requireSession, requireSdkToken…).
 */
export function documentRoutes(app: FastifyInstance, group: { tag: OpenApiTag; access: RouteAccess }): void {
  app.addHook('onRoute', (route) => {
    const schema = (route.schema ??= {}) as { hide?: boolean; tags?: string[]; security?: unknown };
    if (schema.hide) return;
    const method = ([] as HTTPMethods[]).concat(route.method)[0] ?? 'GET';
    schema.tags ??= [group.tag];
    schema.security ??= securityOf(group.access, method);
  });
}

/** Routes that are pages or files rather than API operations stay out of the document. */
export function hideFromDocument(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    route.schema = { ...route.schema, hide: true } as typeof route.schema;
  });
}

/**
 * Swagger UI's method badges and stamps are white on light colours (about 2:1); these darker shades give
 * at least 4.5:1 (WCAG AA), as every screen of the portal has.
 */
const CONTRAST_CSS = [
  ['get', '#0b5cad'],
  ['post', '#1b7340'],
  ['put', '#8a4b00'],
  ['patch', '#0e6b5c'],
  ['delete', '#b3261e'],
]
  .map(
    ([method, colour]) =>
      `.swagger-ui .opblock.opblock-${method} .opblock-summary-method{background:${colour};color:#fff}`,
  )
  .concat([
    '.swagger-ui .info .title small{background:#4d5562}',
    '.swagger-ui .info .title small.version-stamp{background-color:#3b6e00}',
    '.swagger-ui .info a,.swagger-ui .info .url,.swagger-ui .info .link{color:#1a4f8a}',
    '.swagger-ui .btn.authorize{color:#1b7340;border-color:#1b7340}',
    '.swagger-ui .btn.authorize span{color:#1b7340}',
    '.swagger-ui .btn.authorize svg{fill:#1b7340}',
  ])
  .join('\n');

const VIEWPORT_JS =
  'document.head.insertAdjacentHTML(\'afterbegin\', \'<meta name="viewport" content="width=device-width, initial-scale=1">\');';

/**
 * Registers the document generator (before the routes, so that it sees them) and the viewer at /docs:
 * Swagger UI served from the package's own files (no CDN), so the portal's CSP, which allows only our
 * origin, applies unchanged (no exception on /docs); the validator badge, the one third-party request
 * Swagger UI would make, is off.
 */
export async function installOpenApi(app: FastifyInstance, version: string): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'KYC portal API',
        version,
        description:
          'Every answer is the envelope {ret_code, ret_msg, result}: business outcomes, "not signed in" ' +
          '(10007) included, are HTTP 200 with a non-zero ret_code from the catalogue ' +
          '(packages/contracts ret-codes); transport failures keep their HTTP status. See docs/api.md.',
      },
      tags: OPENAPI_TAGS.map((tag) => ({ ...tag })),
      components: { securitySchemes: SECURITY_SCHEMES },
    },
    transform: jsonSchemaTransform,
    // Named schemas (z.meta({ id })), e.g. the recursive showWhen condition, become components/schemas.
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(fastifySwaggerUi, {
    routePrefix: DOCS_PREFIX,
    // BaseLayout: no top bar, whose Swagger logo carries an inline <style> the portal CSP refuses.
    uiConfig: { layout: 'BaseLayout', docExpansion: 'list', deepLinking: true, defaultModelsExpandDepth: 0 },
    validatorUrl: false,
    theme: {
      title: 'KYC portal API',
      css: [{ filename: 'contrast.css', content: CONTRAST_CSS }],
      // Swagger UI's page has no viewport meta, so phones drew it 980 pixels wide; a script file, as the
      // CSP allows no inline script.
      js: [{ filename: 'viewport.js', content: VIEWPORT_JS }],
    },
  });
  app.get(`${DOCS_PREFIX}/openapi.json`, { schema: { hide: true } }, async () => app.swagger());
}

import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  SDK_BUSINESS_HEADER,
  SDK_INTEGRATION_PREFIX,
  SDK_ORIGIN_HEADER,
  SDK_TOKEN_HEADER,
} from '@kyc/contracts';
import type { LinkFlowUseCases, LinkPrincipal } from '../domain/sdk/link-flow.ts';
import type { SdkPartner, SdkPrincipal } from '../domain/sdk/sdk-principal.ts';
import type { SdkUseCases } from '../domain/sdk/sdk-service.ts';
import { AppError, notLoggedIn } from '../lib/app-error.ts';

/**
 * How an integration route authenticates: the browser's SDK token, the partner server's signature, or
 * a link token (docs/sdk.md "Partner links": only the embedded sign-in and consent endpoints take one;
 * every 'token' route refuses it with 10007, since a link token is not in sdk_tokens until consent).
 */
export type SdkAuthKind = 'token' | 'partner' | 'link';

declare module 'fastify' {
  interface FastifyRequest {
    /** The SDK caller, once requireSdkToken has accepted the headers. */
    sdk: SdkPrincipal | null;
    /** The partner server, once its signature is accepted (http/partner-signature.ts). */
    partner: SdkPartner | null;
    /** The link token of the embedded link flow, once requireSdkLinkToken has accepted it. */
    sdkLink: LinkPrincipal | null;
  }
  interface FastifyContextConfig {
    /** Required on every route under /v1/s1/kyc/integration/ (checked when the route is added). */
    sdkAuth?: SdkAuthKind;
  }
}

/**
 * True for a matched integration route that authenticates by header (docs/sdk.md). Only these skip the
 * Origin and CSRF checks of http/auth.ts: they read no cookie, so there is no ambient credential for a
 * cross-site request to ride on, and a browser cannot add a custom header to a cross-site request
 * without a CORS preflight, which this server never grants. The matched route pattern is used, not the
 * raw URL, so no spelling of a path can borrow the exemption.
 */
export function isHeaderAuthenticatedRoute(request: FastifyRequest): boolean {
  const route = request.routeOptions;
  return (
    typeof route.url === 'string' &&
    route.url.startsWith(SDK_INTEGRATION_PREFIX) &&
    route.config.sdkAuth !== undefined
  );
}

/**
 * Decorates the request and refuses, at start-up, any integration route that does not declare how it
 * authenticates: every path under the prefix skips CSRF, so every one must check a header itself.
 */
export function installSdkAuth(app: FastifyInstance): void {
  app.decorateRequest('sdk', null);
  app.decorateRequest('partner', null);
  app.decorateRequest('sdkLink', null);
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith(SDK_INTEGRATION_PREFIX)) return;
    const kind = route.config?.sdkAuth;
    if (kind !== 'token' && kind !== 'partner' && kind !== 'link')
      throw new Error(`${route.method} ${route.url}: integration routes must set config.sdkAuth`);
  });
}

function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/** The spec §6 headers an access token or a link token is resolved from. */
function accessHeaders(request: FastifyRequest) {
  return {
    token: header(request, SDK_TOKEN_HEADER),
    business: header(request, SDK_BUSINESS_HEADER),
    origin: header(request, SDK_ORIGIN_HEADER),
  };
}

/**
 * preHandler of the browser's SDK calls (spec §6): kyc-access-token, kyc-access-business and
 * kyc-access-origin must fit one live token; the request then carries { userId, businessId, tokenId }.
 * Any failure is 10007 (HTTP 200), as for the private API; a disabled account is 10009.
 */
export function requireSdkToken(sdk: SdkUseCases) {
  return async (request: FastifyRequest): Promise<void> => {
    const check = await sdk.resolveToken(accessHeaders(request));
    if (check.ok) {
      request.sdk = check.principal;
      return;
    }
    request.log.info({ event: 'sdk.token.refused', reason: check.reason }, 'SDK token refused');
    if (check.reason === 'user_disabled') throw new AppError('ACCOUNT_DISABLED', 'account disabled');
    throw notLoggedIn();
  };
}

/**
 * preHandler of the embedded link flow: the spec §6 headers must fit one open link token (not answered,
 * not expired, its business active). Any failure is 10007, like an ordinary token's.
 */
export function requireSdkLinkToken(linkFlow: LinkFlowUseCases) {
  return async (request: FastifyRequest): Promise<void> => {
    const check = await linkFlow.resolveLinkToken(accessHeaders(request));
    if (check.ok) {
      request.sdkLink = check.principal;
      return;
    }
    request.log.info({ event: 'sdk.link_token.refused', reason: check.reason }, 'link token refused');
    throw notLoggedIn();
  };
}

export function linkPrincipalOf(request: FastifyRequest): LinkPrincipal {
  if (!request.sdkLink) throw notLoggedIn();
  return request.sdkLink;
}

export function sdkPrincipalOf(request: FastifyRequest): SdkPrincipal {
  if (!request.sdk) throw notLoggedIn();
  return request.sdk;
}

export function partnerOf(request: FastifyRequest): SdkPartner {
  if (!request.partner) throw new AppError('INVALID_API_KEY', 'invalid business id or signature');
  return request.partner;
}

/**
 * Signed partner calls at the HTTP edge (docs/sdk.md "Signed partner calls"). Every route that declares
 * `config.sdkAuth: 'partner'` gets, when it is added (so no route can forget either):
 *
 * - a preParsing hook that keeps a copy of the body bytes as they stream to the JSON parser. The
 *   signature covers the raw bytes, never a re-serialisation of the parsed body (key order, spaces and
 *   escapes would differ). The parser still enforces the body limit, so the copy is bounded by it, and
 *   only these routes keep one.
 * - a preValidation hook that checks the signature (domain/partners/partner-auth.ts) before the body is
 *   validated, so an unsigned caller learns nothing about the body's schema.
 */
import { Transform } from 'node:stream';
import type {
  FastifyInstance,
  FastifyRequest,
  preParsingHookHandler,
  preValidationHookHandler,
} from 'fastify';
import { SDK_BUSINESS_HEADER, SDK_KEY_HEADER, SDK_SIGN_HEADER, SDK_TS_HEADER } from '@kyc/contracts';
import type { PartnerAuthUseCases } from '../domain/partners/partner-auth.ts';
import { AppError } from '../lib/app-error.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The body's bytes as received, on partner routes only (http/partner-signature.ts). */
    partnerBody: Buffer[] | null;
  }
}

function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return typeof value === 'string' && value !== '' ? value : undefined;
}

const captureRawBody: preParsingHookHandler = async (request, _reply, payload) => {
  const chunks: Buffer[] = [];
  request.partnerBody = chunks;
  const copy = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      chunks.push(chunk);
      done(null, chunk);
    },
  });
  payload.on('error', (error) => copy.destroy(error));
  return payload.pipe(copy);
};

export const UNSIGNED_MESSAGE =
  'partner calls must be signed: send kyc-access-business, kyc-access-ts and kyc-access-sign (docs/sdk.md); kyc-access-key is no longer accepted';

function verifySignature(partners: PartnerAuthUseCases): preValidationHookHandler {
  return async (request) => {
    const check = await partners.authenticate({
      business: header(request, SDK_BUSINESS_HEADER),
      ts: header(request, SDK_TS_HEADER),
      sign: header(request, SDK_SIGN_HEADER),
      bareKey: header(request, SDK_KEY_HEADER) !== undefined,
      method: request.method,
      pathWithQuery: request.url,
      rawBody: Buffer.concat(request.partnerBody ?? []),
    });
    if (check.ok) {
      request.partner = check.partner;
      return;
    }
    // Never the signature or a secret; the business only when the signature proved it (not free text).
    request.log.warn(
      { event: 'sdk.partner.refused', reason: check.reason, business: check.business },
      'partner refused',
    );
    switch (check.reason) {
      case 'unsigned_key':
        throw new AppError('INVALID_API_KEY', UNSIGNED_MESSAGE);
      case 'inactive':
        throw new AppError('PERMISSION_DENIED', 'business is inactive');
      case 'out_of_window':
        throw new AppError(
          'PARTNER_TIMESTAMP_OUT_OF_WINDOW',
          'kyc-access-ts is more than 300 seconds from the server time; check the clock and sign again',
        );
      case 'replayed':
        throw new AppError(
          'PARTNER_SIGNATURE_REPLAYED',
          'this signed request was already accepted; sign each call afresh',
        );
      case 'refused':
        throw new AppError('INVALID_API_KEY', 'invalid business id or signature');
    }
  };
}

const asArray = <T>(value: T | T[] | undefined): T[] =>
  value === undefined ? [] : Array.isArray(value) ? value : [value];

/** Installs the two hooks on every partner route added after this call. */
export function installPartnerSignatures(app: FastifyInstance, partners: PartnerAuthUseCases): void {
  app.decorateRequest('partnerBody', null);
  const verify = verifySignature(partners);
  app.addHook('onRoute', (route) => {
    if (route.config?.sdkAuth !== 'partner') return;
    route.preParsing = [captureRawBody, ...asArray(route.preParsing)];
    route.preValidation = [verify, ...asArray(route.preValidation)];
  });
}

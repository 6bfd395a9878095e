import { createHmac } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { SDK_BUSINESS_HEADER, SDK_SIGN_HEADER, SDK_TS_HEADER, partnerSigningString } from '@kyc/contracts';
import type { Database } from '../../src/data/db.ts';
import { partnerSecretsRepo } from '../../src/data/repositories/partner-secrets-repo.ts';
import { sealPartnerSecret, secretFingerprint } from '../../src/domain/partners/partner-secrets.ts';
import { createKeyring } from '../../src/lib/crypto/envelope.ts';
import { DEMO_FIRST_PARTY_APP, DEMO_PARTNER } from '../../src/seed/demo.ts';
import { TEST_MASTER_KEY } from './test-app.ts';

/**
 * How integration tests make a partner server's call (docs/sdk.md "Signed partner calls"): every test
 * goes through these, so the way a partner authenticates is written once for the whole suite. The
 * signature is computed here independently of the server's code (only the signing string's layout is
 * shared, from the contracts).
 */
export interface PartnerCredentials {
  id: string;
  secret: string;
}

export const DEMO_PARTNER_CREDENTIALS: PartnerCredentials = {
  id: DEMO_PARTNER.id,
  secret: DEMO_PARTNER.secret,
};

/** The exchange's own app (first party): it names any user by uid or email (docs/sdk.md "Partner links"). */
export const FIRST_PARTY_APP_CREDENTIALS: PartnerCredentials = {
  id: DEMO_FIRST_PARTY_APP.id,
  secret: DEMO_FIRST_PARTY_APP.secret,
};

/** The three headers of a signed call. */
export interface PartnerAuthHeaders {
  'kyc-access-business': string;
  'kyc-access-ts': string;
  'kyc-access-sign': string;
  [header: string]: string;
}

export interface SigningOptions {
  /** Unix seconds to sign with (default: now). */
  ts?: number | string;
}

/** Signatures this process made without an explicit ts (see partnerAuthHeaders). */
const made = new Set<string>();

/**
 * The headers that authenticate one partner request (method, path with query, raw body). The same
 * request signed twice in one second is the same signature, which the server refuses the second time
 * (54012, docs/sdk.md). Tests make identical calls back to back, so without an explicit `ts` a repeat
 * is signed with the nearest earlier second not yet used: what a partner's client does by waiting.
 */
export function partnerAuthHeaders(
  credentials: PartnerCredentials,
  request: { method: string; url: string; body: string },
  options: SigningOptions = {},
): PartnerAuthHeaders {
  const signAt = (ts: string) =>
    createHmac('sha256', credentials.secret)
      .update(partnerSigningString(ts, request.method, request.url, request.body), 'utf8')
      .digest('hex');
  let ts = String(options.ts ?? Math.floor(Date.now() / 1000));
  let sign = signAt(ts);
  if (options.ts === undefined) {
    while (made.has(sign)) {
      ts = String(Number(ts) - 1);
      sign = signAt(ts);
    }
    made.add(sign);
  }
  return {
    [SDK_BUSINESS_HEADER]: credentials.id,
    [SDK_TS_HEADER]: ts,
    [SDK_SIGN_HEADER]: sign,
  } as PartnerAuthHeaders;
}

/** A partner server's call: no cookie, no CSRF header, no Origin; JSON body. */
export async function partnerInject(
  app: FastifyInstance,
  credentials: PartnerCredentials,
  request: {
    url: string;
    body?: unknown;
    method?: 'GET' | 'POST';
    headers?: Record<string, string>;
  } & SigningOptions,
) {
  const method = request.method ?? 'POST';
  const body = request.body === undefined ? '' : JSON.stringify(request.body);
  return app.inject({
    method,
    url: request.url,
    headers: {
      ...(body === '' ? {} : { 'content-type': 'application/json' }),
      ...partnerAuthHeaders(credentials, { method, url: request.url, body }, request),
      ...request.headers,
    },
    ...(body === '' ? {} : { payload: body }),
  });
}

/**
 * Gives a business of a test a live signing secret, sealed as the app seals it (the test apps run with
 * TEST_MASTER_KEY). Answers the secret row's id.
 */
export async function storePartnerSecret(
  database: Database,
  businessId: string,
  secret: string,
  at = Date.now(),
): Promise<number> {
  const keyring = createKeyring(Buffer.from(TEST_MASTER_KEY, 'base64'));
  return partnerSecretsRepo(database.db).insertSecret(
    {
      businessId,
      sealed: sealPartnerSecret(keyring, businessId, secret),
      fingerprint: secretFingerprint(secret),
    },
    at,
  );
}

/** The first element, for tests that know there is one. */
export function firstOf<T>(items: readonly T[]): T {
  const [item] = items;
  if (item === undefined) throw new Error('expected at least one item');
  return item;
}

/** A well-formed secret for a test business, derived from a label so tests read the same every run. */
export function testPartnerSecret(label: string): string {
  return `kycs_${createHmac('sha256', 'test-partner-secret').update(label).digest('base64url')}`;
}

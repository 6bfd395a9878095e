/**
 * Jumio's API is called with an OAuth2 bearer token of the client-credentials grant (POST JUMIO_AUTH_URL,
 * HTTP Basic client_id:client_secret, answering {access_token, expires_in, token_type}; valid 60 minutes).
 * Asking for a token on every call would double the calls and hit Jumio's rate limit, so the token is kept
 * until shortly before it expires, and concurrent callers share one refresh instead of racing for many.
 */
import { VendorUnavailable } from '../provider.ts';
import type { JumioConfig } from '../settings.ts';
import { unexpectedAnswer, type VendorHttp } from '../vendor-http.ts';

export interface TokenSource {
  /** A bearer token valid for at least the safety margin. */
  get(): Promise<string>;
  /** Forgets the cached token (Jumio answered 401 with it). */
  invalidate(): void;
}

/** A token is renewed this long before it expires (or at half its life when that is shorter). */
export const TOKEN_MARGIN_MS = 60_000;

interface TokenAnswer {
  access_token?: unknown;
  expires_in?: unknown;
}

export function tokenSource(
  config: Pick<JumioConfig, 'authUrl' | 'clientId' | 'clientSecret'>,
  http: VendorHttp,
  now: () => number,
): TokenSource {
  let cached: { token: string; renewAt: number } | undefined;
  let refreshing: Promise<string> | undefined;
  const basic = Buffer.from(`${config.clientId}:${config.clientSecret}`, 'utf8').toString('base64');

  async function refresh(): Promise<string> {
    const response = await http({
      method: 'POST',
      url: config.authUrl,
      headers: {
        authorization: `Basic ${basic}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: 'grant_type=client_credentials',
    });
    const answer = (response.json ?? {}) as TokenAnswer;
    if (response.status !== 200) throw unexpectedAnswer('jumio', 'OAuth2 token', response);
    if (typeof answer.access_token !== 'string' || answer.access_token === '')
      throw new VendorUnavailable('jumio', 'OAuth2 token: no access_token in the answer');
    const lifetimeMs =
      (typeof answer.expires_in === 'number' && answer.expires_in > 0 ? answer.expires_in : 3600) * 1000;
    const margin = Math.min(TOKEN_MARGIN_MS, lifetimeMs / 2);
    cached = { token: answer.access_token, renewAt: now() + lifetimeMs - margin };
    return answer.access_token;
  }

  return {
    async get() {
      if (cached && now() < cached.renewAt) return cached.token;
      refreshing ??= refresh().finally(() => {
        refreshing = undefined;
      });
      return refreshing;
    },
    invalidate() {
      cached = undefined;
    },
  };
}

import { describe, expect, it } from 'vitest';
import { VendorUnavailable, WebhookRejected, type WebhookRequest } from '../provider.ts';
import type { JumioConfig } from '../settings.ts';
import { vendorHttp, type VendorRequest, type VendorResponse } from '../vendor-http.ts';
import { createJumioProvider, jumioLocale } from './jumio-provider.ts';
import { outcomeOf } from './retrieval.ts';
import { ACCOUNT_ANSWER, CALLBACK, RETRIEVAL, TOKEN_ANSWER } from './jumio-fixtures.ts';

const CONFIG: JumioConfig = {
  clientId: 'client',
  clientSecret: 'secret',
  authUrl: 'https://auth.test/oauth2/token',
  baseUrl: 'https://account.test',
  retrievalUrl: 'https://retrieval.test',
  workflowKeys: { 1: '10013', 2: '10011' },
  callbackAllowedIps: ['34.253.41.236', '127.0.0.1'],
};

const answer = (status: number, json: unknown): VendorResponse => ({
  status,
  headers: new Headers(),
  text: JSON.stringify(json),
  json,
});

/** A fake vendor: answers by "METHOD url" prefix, records every request. */
function fakeJumio(routes: Record<string, (r: VendorRequest) => VendorResponse>) {
  const calls: VendorRequest[] = [];
  const http = async (request: VendorRequest) => {
    calls.push(request);
    const key = Object.keys(routes).find((k) => `${request.method} ${request.url}`.startsWith(k));
    if (!key) throw new Error(`unexpected ${request.method} ${request.url}`);
    return (routes[key] as (r: VendorRequest) => VendorResponse)(request);
  };
  return { http, calls };
}

const tokenRoute = { 'POST https://auth.test/oauth2/token': () => answer(200, TOKEN_ANSWER) };
const hook = (body: unknown, remoteAddress = '34.253.41.236'): WebhookRequest => ({
  rawBody: Buffer.from(typeof body === 'string' ? body : JSON.stringify(body)),
  headers: {},
  remoteAddress,
});
const ref = { externalUserId: 'kyc_0123456789abcdef01234567', level: 1 as const };

describe('Jumio adapter', () => {
  describe('OAuth2 token', () => {
    it('when called twice within the token life, then one token call; near expiry, a new one; concurrent callers share it', async () => {
      let clock = 1_000_000;
      const { http, calls } = fakeJumio({
        ...tokenRoute,
        'GET https://retrieval.test/': () => answer(200, RETRIEVAL.initiated),
      });
      const jumio = createJumioProvider(CONFIG, http, () => clock);
      const fetchOnce = () => jumio.fetchResult({ ...ref, vendorApplicantId: 'acc', flowId: 'wfe' });
      await Promise.all([fetchOnce(), fetchOnce(), fetchOnce()]);
      clock += 58 * 60_000;
      await fetchOnce();
      const tokenCalls = () => calls.filter((c) => c.url === CONFIG.authUrl);
      expect(tokenCalls()).toHaveLength(1);
      const first = tokenCalls()[0];
      expect(first?.headers?.authorization).toBe(`Basic ${Buffer.from('client:secret').toString('base64')}`);
      expect(first?.headers?.['content-type']).toBe('application/x-www-form-urlencoded');
      expect(first?.body).toBe('grant_type=client_credentials');
      expect(calls.at(-1)?.headers?.authorization).toBe('Bearer YOUR_ACCESS_TOKEN');
      clock += 2 * 60_000;
      await fetchOnce();
      expect(tokenCalls()).toHaveLength(2);
    });

    it('when Jumio answers 401 with a cached token, then one new token and one more try', async () => {
      let retrievals = 0;
      const { http, calls } = fakeJumio({
        ...tokenRoute,
        'GET https://retrieval.test/': () =>
          ++retrievals === 1 ? answer(401, {}) : answer(200, RETRIEVAL.passed),
      });
      const jumio = createJumioProvider(CONFIG, http, () => 0);
      const result = await jumio.fetchResult({ ...ref, vendorApplicantId: 'acc', flowId: 'wfe' });
      expect(result.outcome).toEqual({ kind: 'approved' });
      expect(calls.filter((c) => c.url === CONFIG.authUrl)).toHaveLength(2);
    });

    it('when the credentials are refused, then VendorUnavailable', async () => {
      const { http } = fakeJumio({
        'POST https://auth.test/oauth2/token': () => answer(401, { error: 'invalid_client' }),
      });
      const jumio = createJumioProvider(CONFIG, http, () => 0);
      await expect(jumio.fetchResult({ ...ref, vendorApplicantId: 'a', flowId: 'w' })).rejects.toBeInstanceOf(
        VendorUnavailable,
      );
    });
  });

  describe('start', () => {
    it('when the person has no account, then POST accounts keyed by externalUserId (no email) and the web client as the flow', async () => {
      const { http, calls } = fakeJumio({
        ...tokenRoute,
        'POST https://account.test/api/v1/accounts': () => answer(200, ACCOUNT_ANSWER),
      });
      const jumio = createJumioProvider(CONFIG, http, () => 5_000);
      const started = await jumio.start({
        applicant: { ...ref, vendorApplicantId: null, flowId: null },
        level: 1,
        lang: 'pt-BR',
        country: 'DE',
      });
      const sent = JSON.parse(calls.at(-1)?.body ?? '{}') as Record<string, unknown>;
      expect(sent).toEqual({
        customerInternalReference: ref.externalUserId,
        userReference: ref.externalUserId,
        workflowDefinition: { key: '10013', credentials: [] },
        web: { locale: 'pt-BR' },
      });
      expect(started).toEqual({
        vendorApplicantId: ACCOUNT_ANSWER.account.id,
        flowId: ACCOUNT_ANSWER.workflowExecution.id,
        sdk: {
          token: 'xxx',
          apiUrl: 'https://account.test',
          flowName: '10013',
          sdkUrl: '',
          flowUrl: ACCOUNT_ANSWER.web.href,
          expiresAt: 5_000 + 30 * 60_000,
        },
      });
      expect(jumio.apiUrl).toBe('https://account.test');
      expect(jumio.flowNameOf(2)).toBe('10011');
    });

    it('when the account exists, then PUT it for a new workflow execution of the level; without sdk.token, the web token', async () => {
      const { sdk: _sdk, ...withoutSdk } = ACCOUNT_ANSWER;
      const { http, calls } = fakeJumio({
        ...tokenRoute,
        'GET https://retrieval.test/': () => answer(200, RETRIEVAL.blurred),
        'PUT https://account.test/api/v1/accounts/acc-1': () => answer(200, withoutSdk),
      });
      const jumio = createJumioProvider(CONFIG, http, () => 0);
      const started = await jumio.start({
        applicant: { ...ref, vendorApplicantId: 'acc-1', flowId: 'old' },
        level: 2,
        lang: 'ar-SA',
        country: '',
      });
      expect(JSON.parse(calls.at(-1)?.body ?? '{}')).toMatchObject({
        workflowDefinition: { key: '10011' },
        web: { locale: 'ar' },
      });
      expect(started.sdk.token).toBe('xxx');
    });

    it('when the current execution is being processed (ACQUIRED), then it is kept and nothing is opened', async () => {
      const { http, calls } = fakeJumio({
        ...tokenRoute,
        'GET https://retrieval.test/': () => answer(200, RETRIEVAL.acquired),
      });
      const jumio = createJumioProvider(CONFIG, http, () => 7);
      const started = await jumio.start({
        applicant: { ...ref, vendorApplicantId: 'acc-1', flowId: 'wfe-1' },
        level: 1,
        lang: 'en',
        country: '',
      });
      expect(started).toMatchObject({
        vendorApplicantId: 'acc-1',
        flowId: 'wfe-1',
        sdk: { token: '', flowUrl: '', expiresAt: 7 },
      });
      expect(
        calls.some((c) => c.method === 'PUT' || (c.method === 'POST' && c.url.includes('/accounts'))),
      ).toBe(false);
    });

    it('when Jumio keeps answering 503, then vendor-http retries and ends in VendorUnavailable; a 503 then 200 succeeds', async () => {
      let accounts = 0;
      const fetch503 = (async (url: string | URL | Request) => {
        const u = String(url);
        if (u === CONFIG.authUrl) return Response.json(TOKEN_ANSWER);
        accounts++;
        return accounts === 1 ? new Response('busy', { status: 503 }) : Response.json(ACCOUNT_ANSWER);
      }) as typeof fetch;
      const http = vendorHttp({
        vendor: 'jumio',
        timeoutMs: 5_000,
        fetch: fetch503,
        sleep: async () => undefined,
      });
      const input = {
        applicant: { ...ref, vendorApplicantId: null, flowId: null },
        level: 1 as const,
        lang: 'en',
        country: '',
      };
      await expect(createJumioProvider(CONFIG, http, Date.now).start(input)).resolves.toMatchObject({
        flowId: ACCOUNT_ANSWER.workflowExecution.id,
      });
      expect(accounts).toBe(2);

      const alwaysDown = (async (url: string | URL | Request) =>
        String(url) === CONFIG.authUrl
          ? Response.json(TOKEN_ANSWER)
          : new Response('down', { status: 503 })) as typeof fetch;
      const down = vendorHttp({
        vendor: 'jumio',
        timeoutMs: 5_000,
        fetch: alwaysDown,
        sleep: async () => undefined,
      });
      await expect(createJumioProvider(CONFIG, down, Date.now).start(input)).rejects.toBeInstanceOf(
        VendorUnavailable,
      );
    });
  });

  describe('callback', () => {
    const jumio = createJumioProvider(CONFIG, fakeJumio({}).http, () => 0);

    it('when a PROCESSED callback comes from an allowed address, then a notice whose outcome is fetched', () => {
      expect(jumio.parseWebhook(hook(CALLBACK))).toEqual({
        eventKey: `${CALLBACK.workflowExecution.id}:PROCESSED:${CALLBACK.callbackSentAt}`,
        type: 'workflowExecution.PROCESSED',
        occurredAt: Date.parse('2021-01-21T14:55:01.917Z'),
        vendorApplicantId: CALLBACK.account.id,
        externalUserId: CALLBACK.userReference,
        flowId: CALLBACK.workflowExecution.id,
        level: null,
        outcome: 'fetch',
      });
    });

    it('when the definition key names one level, then that level; an IPv4-mapped allowed address is accepted', () => {
      const body = {
        ...CALLBACK,
        workflowExecution: { ...CALLBACK.workflowExecution, definitionKey: '10011' },
      };
      expect(jumio.parseWebhook(hook(body, '::ffff:127.0.0.1')).level).toBe(2);
    });

    it('when the session or token expired, then nothing changes; a claimed decision in the body is ignored', () => {
      for (const status of ['SESSION_EXPIRED', 'TOKEN_EXPIRED', 'INITIATED']) {
        const body = { ...CALLBACK, workflowExecution: { ...CALLBACK.workflowExecution, status } };
        expect(jumio.parseWebhook(hook(body)).outcome).toEqual({ kind: 'none' });
      }
      const forged = { ...CALLBACK, decision: { type: 'PASSED' } };
      expect(jumio.parseWebhook(hook(forged)).outcome).toBe('fetch');
    });

    it('when the caller is not an allowed address, or the body is malformed, then WebhookRejected', () => {
      expect(() => jumio.parseWebhook(hook(CALLBACK, '203.0.113.9'))).toThrow(WebhookRejected);
      expect(() => jumio.parseWebhook(hook('{not json'))).toThrow(WebhookRejected);
      expect(() => jumio.parseWebhook(hook({ ...CALLBACK, account: undefined }))).toThrow(/account/);
      expect(() => jumio.parseWebhook(hook({ ...CALLBACK, callbackSentAt: 'yesterday' }))).toThrow(
        WebhookRejected,
      );
    });
  });

  describe('retrieval mapping (recorded examples of Jumio’s docs)', () => {
    it('when INITIATED or ACQUIRED, then nothing / in review', () => {
      expect(outcomeOf(RETRIEVAL.initiated)).toEqual({ kind: 'none' });
      expect(outcomeOf(RETRIEVAL.acquired)).toEqual({ kind: 'pending' });
      expect(outcomeOf(RETRIEVAL.notExecuted)).toEqual({ kind: 'none' });
    });

    it('when PROCESSED and PASSED, approved; WARNING, on hold', () => {
      expect(outcomeOf(RETRIEVAL.passed)).toEqual({ kind: 'approved' });
      expect(outcomeOf(RETRIEVAL.warning)).toEqual({ kind: 'on_hold' });
    });

    it.each([
      ['blurred', 'BLURRY_IMAGE', 'usability:BLURRED'],
      ['selfieMismatch', 'SELFIE_MISMATCH', 'similarity:NO_MATCH'],
      ['missingPage', 'INCOMPLETE_DOCUMENTS', 'usability:MISSING_PAGE'],
      ['unsupported', 'UNSUPPORTED_DOCUMENT', 'usability:UNSUPPORTED_DOCUMENT_TYPE'],
    ] as const)('when REJECTED for %s, then may retry with %s', (name, code, vendorLabel) => {
      const outcome = outcomeOf(RETRIEVAL[name]);
      expect(outcome).toMatchObject({ kind: 'rejected_retry', reasons: [{ code, vendorLabel }] });
    });

    it('when a capability says DIGITAL_COPY, then rejected as final with fraud first, other reasons kept', () => {
      const outcome = outcomeOf(RETRIEVAL.digitalCopy);
      expect(outcome).toMatchObject({
        kind: 'rejected_final',
        reasons: [
          { code: 'SUSPECTED_FRAUD', vendorLabel: 'imageChecks:DIGITAL_COPY' },
          { code: 'SELFIE_MISMATCH', vendorLabel: 'similarity:NO_MATCH' },
        ],
      });
    });

    it('when fetched, then the result key names execution, status and decision; the time is Jumio’s completion', async () => {
      const { http, calls } = fakeJumio({
        ...tokenRoute,
        'GET https://retrieval.test/': () => answer(200, RETRIEVAL.blurred),
      });
      const jumio = createJumioProvider(CONFIG, http, () => 0);
      const result = await jumio.fetchResult({ ...ref, vendorApplicantId: 'acc 1', flowId: 'wfe-1' });
      expect(calls.at(-1)?.url).toBe(
        'https://retrieval.test/api/v1/accounts/acc%201/workflow-executions/wfe-1',
      );
      expect(result.resultKey).toBe('wfe-1:PROCESSED:REJECTED');
      expect(result.occurredAt).toBe(Date.parse('2021-03-12T15:49:33.421Z'));
    });
  });

  it('maps our languages to the web client’s locales', () => {
    expect(jumioLocale('de')).toBe('de');
    expect(jumioLocale('zh-CN')).toBe('zh-CN');
    expect(jumioLocale('tr-TR')).toBe('tr');
    expect(jumioLocale('xx')).toBe('en');
  });
});

import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { RET_CODES, type Envelope } from '@kyc/contracts';
import { hostileRedirects } from '@kyc/contracts/hostile-redirects';
import { testDatabases } from './support/databases.ts';
import { TestClient, parseEnvelope, signedUpClient, sweepAll, testApp } from './support/test-app.ts';
import type { Database } from '../src/data/db.ts';
import { sdkRepo } from '../src/data/repositories/sdk-repo.ts';
import { usersRepo } from '../src/data/repositories/users-repo.ts';
import { createRateLimiter } from '../src/lib/rate-limiter.ts';
import { sha256Hex } from '../src/lib/tokens.ts';
import { seedDemoData } from '../src/seed/demo.ts';
import {
  DEMO_PARTNER_CREDENTIALS,
  partnerInject,
  storePartnerSecret,
  testPartnerSecret,
  type PartnerCredentials,
} from './support/partner-calls.ts';

const ACME = {
  id: 'acme',
  name: 'Acme Wallet',
  secret: testPartnerSecret('acme'),
  origins: ['https://acme.example', 'https://app.acme.example'],
};
const OTHER = {
  id: 'other-partner',
  name: 'Other Partner',
  secret: testPartnerSecret('other-partner'),
  origins: ['https://other.example'],
};

type Result = Record<string, unknown>;

describe.each(testDatabases())('SDK integration endpoints on $name', (testDb) => {
  let database: Database;
  let app: FastifyInstance;
  let userId: number;

  /**
   * The token mechanics below are those of every business; these two are first party so that they may
   * name the user by uid or email (third-party partners and their links: partner-links.int.test.ts).
   */
  async function addBusiness(b: typeof ACME, fields: { active?: boolean; accessOrigin?: string } = {}) {
    await sdkRepo(database.db).insertBusiness(
      {
        id: b.id,
        name: b.name,
        allowedOrigins: b.origins,
        apiKeyHash: sha256Hex(`retired-${b.id}`),
        firstParty: true,
        ...fields,
      },
      Date.now(),
    );
    await storePartnerSecret(database, b.id, b.secret);
  }

  async function addUser(email: string): Promise<number> {
    const now = Date.now();
    return usersRepo(database.db).insert({
      email,
      password_hash: 'not-used',
      site: 'TUR',
      created_at: now,
      updated_at: now,
      last_login_at: null,
    });
  }

  /** A partner server's signed call: no cookie, no CSRF header, no Origin. */
  async function partnerPost(url: string, body: unknown, credentials: PartnerCredentials) {
    const response = await partnerInject(app, credentials, { url, body });
    return { response, envelope: parseEnvelope(response) as Envelope<Result | null> };
  }

  const acme: PartnerCredentials = { id: ACME.id, secret: ACME.secret };
  const other: PartnerCredentials = { id: OTHER.id, secret: OTHER.secret };

  async function issue(body: Record<string, unknown> = {}, credentials: PartnerCredentials = acme) {
    return partnerPost(
      '/v1/s1/kyc/integration/access-token',
      { uid: userId, from: 'acme-app', ...body },
      credentials,
    );
  }

  async function issuedToken(body: Record<string, unknown> = {}): Promise<string> {
    const { envelope } = await issue(body);
    if (envelope.ret_code !== 0) throw new Error(`issue failed: ${JSON.stringify(envelope)}`);
    return String(envelope.result?.token);
  }

  /** A browser's SDK call (spec §6 headers), again with no cookie. */
  async function sdkGet(url: string, headers: Record<string, string>) {
    const response = await app.inject({ method: 'GET', url, headers });
    return { response, envelope: parseEnvelope(response) as Envelope<Result | null> };
  }

  const sdkHeaders = (token: string, business = 'acme-app') => ({
    'kyc-access-token': token,
    'kyc-access-business': business,
  });

  beforeEach(async () => {
    database = await testDb.open();
    app = await testApp(database);
    await addBusiness(ACME);
    await addBusiness(OTHER);
    userId = await addUser('zoe@example.com');
    return () => app.close();
  });
  afterAll(() => testDb.cleanup());

  describe('POST /v1/s1/kyc/integration/access-token', () => {
    it('when a partner asks with a good key, then it gets a token, its expiry and the landing link, and only the hash is stored', async () => {
      const before = Date.now();
      const { response, envelope } = await issue({
        lang: 'de-de',
        scene: 'onboarding',
        isUpdatePoi: true,
        hidden: true,
        extraParams: { redirect_url: 'https://app.acme.example/kyc/done?x=1' },
      });
      expect(response.statusCode).toBe(200);
      expect(envelope.ret_code).toBe(0);
      const result = envelope.result as { token: string; expiresAt: string; url: string };
      expect(result.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      const expires = Date.parse(result.expiresAt);
      expect(expires).toBeGreaterThanOrEqual(before + 30 * 60_000);
      expect(expires).toBeLessThanOrEqual(Date.now() + 30 * 60_000);
      expect(result.url).toBe(
        `http://localhost:8080/user/accounts/de-DE/auth/sdk?token=${result.token}&from=acme-app&lang=de-DE&isUpdatePoi=true&hidden=true`,
      );
      expect(response.headers['set-cookie']).toBeUndefined();

      const row = await sdkRepo(database.db).findToken(sha256Hex(result.token));
      expect(row).toMatchObject({
        business_id: 'acme',
        user_id: userId,
        sdk_from: 'acme-app',
        scene: 'onboarding',
        lang: 'de-DE',
        is_update_poi: 1,
        hidden: 1,
        redirect_url: 'https://app.acme.example/kyc/done?x=1',
        revoked_at: null,
      });
      expect(JSON.stringify(row)).not.toContain(result.token);
    });

    it('when the user is named by email, in any case, then the token is for that user; defaults apply', async () => {
      const { envelope } = await issue({ uid: undefined, email: ' ZOE@Example.com ' });
      expect(envelope.ret_code).toBe(0);
      const result = envelope.result as { token: string; url: string };
      expect(result.url).toBe(
        `http://localhost:8080/user/accounts/en/auth/sdk?token=${result.token}&from=acme-app&lang=en`,
      );
      expect(await sdkRepo(database.db).findToken(sha256Hex(result.token))).toMatchObject({
        user_id: userId,
        scene: '',
        is_update_poi: 0,
        hidden: 0,
        redirect_url: null,
      });
    });

    // Refusals of the signature itself (wrong secret, tampering, window, replay, bare key, inactive
    // business) are in partner-signing.int.test.ts.

    it.each([
      ['http://acme.example/done', 'not https'],
      ['https://evil.example/done', 'origin not allowed'],
      ['https://acme.example.evil.com/', 'look-alike host'],
      ['https://acme.example:8443/', 'other port'],
      ['https://user:pw@acme.example/', 'credentials'],
      ['javascript:alert(1)', 'script URL'],
      ['//evil.example/x', 'protocol-relative'],
      ['/\\evil.example/x', 'backslash'],
      ['acme.example/done', 'no scheme'],
    ])('when redirect_url is %s (%s), then it is refused with 10001 naming the field', async (url) => {
      const { response, envelope } = await issue({ extraParams: { redirect_url: url } });
      expect(response.statusCode).toBe(400);
      expect(envelope.ret_code).toBe(10001);
      expect(envelope.ret_msg).toMatch(/^body\.extraParams\.redirect_url: /);
    });

    it('when redirect_url is any of the hostile variants (issue 11), then each is refused with 10001', async () => {
      for (const url of hostileRedirects('http://localhost:8080').filter((v) => v.length > 0)) {
        const { response, envelope } = await issue({ extraParams: { redirect_url: url } });
        expect(response.statusCode, url).toBe(400);
        expect(envelope.ret_msg, url).toMatch(/^body\.extraParams\.redirect_url: /);
      }
    });

    it('when redirect_url is a path on this portal, then it is kept as a path', async () => {
      const token = await issuedToken({
        extraParams: { redirect_url: '/user/accounts/en/auth/personal?a=1' },
      });
      expect((await sdkRepo(database.db).findToken(sha256Hex(token)))?.redirect_url).toBe(
        '/user/accounts/en/auth/personal?a=1',
      );
    });

    it.each([
      [{ from: undefined }, /^body\.from: /],
      [{ from: 'has space' }, /^body\.from: /],
      [{ scene: 'x'.repeat(65) }, /^body\.scene: /],
      [{ lang: 'xx-XX' }, /^body\.lang: unsupported language/],
      [{ uid: undefined }, /^body\.userRef: give exactly one of userRef, uid, email/],
      [{ email: 'zoe@example.com' }, /^body\.email: give exactly one of userRef, uid, email/],
      [{ uid: undefined, email: 'not an email' }, /^body\.email: invalid email/],
      [{ uid: -1 }, /^body\.uid: /],
      [{ uid: '1' }, /^body\.uid: /],
      [{ isUpdatePoi: 'true' }, /^body\.isUpdatePoi: /],
      [{ extraParams: { redirect_url: 'x'.repeat(2049) } }, /^body\.extraParams\.redirect_url: /],
      [{ extraParams: { other: 1 } }, /other/],
      [{ isUpdatePOI: true }, /isUpdatePOI/],
    ])('when the body is %j, then 10001 names the field', async (change, message) => {
      const { response, envelope } = await issue(change);
      expect(response.statusCode).toBe(400);
      expect(envelope.ret_code).toBe(10001);
      expect(envelope.ret_msg).toMatch(message);
    });

    it('when the user does not exist, then 10001 names the field; a disabled user gets 10009', async () => {
      const missing = await issue({ uid: userId + 1000 });
      expect(missing.envelope).toMatchObject({ ret_code: 10001, ret_msg: 'body.uid: no such user' });
      const byEmail = await issue({ uid: undefined, email: 'nobody@example.com' });
      expect(byEmail.envelope).toMatchObject({ ret_code: 10001, ret_msg: 'body.email: no such user' });
      await usersRepo(database.db).update(userId, { disabled: 1 }, Date.now());
      expect((await issue()).envelope.ret_code).toBe(10009);
    });

    it('when a business goes over its issuance limit, then it gets 429 with Retry-After; other businesses and wrong signatures do not count', async () => {
      await app.close();
      app = await testApp(database, { sdkLimits: { issuesPerBusiness: createRateLimiter(2, 60_000) } });
      // Wrong signatures are refused before the business's budget is touched.
      for (let i = 0; i < 3; i += 1)
        expect((await issue({}, { id: ACME.id, secret: OTHER.secret })).envelope.ret_code).toBe(10003);
      expect((await issue()).envelope.ret_code).toBe(0);
      expect((await issue()).envelope.ret_code).toBe(0);
      const limited = await issue();
      expect(limited.response.statusCode).toBe(429);
      expect(limited.envelope.ret_code).toBe(10006);
      expect(Number(limited.response.headers['retry-after'])).toBeGreaterThan(0);
      const otherIssued = await issue({}, other);
      expect(otherIssued.envelope.ret_code).toBe(0);
    });
  });

  describe('GET /v1/s1/kyc/integration/token-info', () => {
    it('when the token is valid, then it answers the fields the SPA merges into its user (spec §3)', async () => {
      await usersRepo(database.db).update(userId, { member_tag_kyc: '1' }, Date.now());
      const token = await issuedToken({
        lang: 'tr-TR',
        scene: 'onboarding',
        hidden: true,
        extraParams: { redirect_url: 'https://acme.example/back' },
      });
      const { response, envelope } = await sdkGet('/v1/s1/kyc/integration/token-info', sdkHeaders(token));
      expect(response.statusCode).toBe(200);
      expect(response.headers['set-cookie']).toBeUndefined();
      expect(envelope.ret_code).toBe(0);
      expect(envelope.result).toEqual({
        sdkLang: 'tr-TR',
        sdkFrom: 'acme-app',
        sdkScene: 'onboarding',
        sdkBusiness: 'acme',
        isUpdatePoi: false,
        hidden: true,
        accessOrigin: 'bybit',
        level: 0,
        member_tag: { KYC: '1' },
        email: 'zo***@example.com',
        currency_code: 'USD',
        site: 'TUR',
        extraParams: { redirect_url: 'https://acme.example/back' },
        expiresAt: expect.any(String),
      });
      expect(JSON.stringify(envelope.result)).not.toContain('zoe@');
    });

    it('when asked with type=email_update_poi for a re-verification token, then it adds the masked email', async () => {
      const token = await issuedToken({ isUpdatePoi: true });
      const { envelope } = await sdkGet(
        '/v1/s1/kyc/integration/token-info?type=email_update_poi',
        sdkHeaders(token),
      );
      expect(envelope.ret_code).toBe(0);
      expect(envelope.result).toMatchObject({
        isUpdatePoi: true,
        email: 'zo***@example.com',
        email_update_poi: { email: 'zo***@example.com' },
      });
    });

    it('when type=email_update_poi is asked with a token not issued for re-verification, then 33003', async () => {
      const token = await issuedToken();
      const { envelope } = await sdkGet(
        '/v1/s1/kyc/integration/token-info?type=email_update_poi',
        sdkHeaders(token),
      );
      expect(envelope.ret_code).toBe(RET_CODES.SDK_NO_PERMISSION.code);
      const unknownType = await sdkGet('/v1/s1/kyc/integration/token-info?type=other', sdkHeaders(token));
      expect(unknownType.response.statusCode).toBe(400);
      expect(unknownType.envelope.ret_msg).toMatch(/^querystring\.type: /);
    });

    it('when the token has expired, then 10007 (HTTP 200), and the sweep removes it', async () => {
      const token = 'expired-token-0123456789-abcdefghijklmnopqrstu';
      const now = Date.now();
      await sdkRepo(database.db).insertToken({
        id: sha256Hex(token),
        business_id: ACME.id,
        user_id: userId,
        sdk_from: 'acme-app',
        scene: '',
        lang: 'en',
        is_update_poi: 0,
        hidden: 0,
        redirect_url: null,
        created_at: now - 31 * 60_000,
        expires_at: now - 60_000,
        revoked_at: null,
      });
      const { response, envelope } = await sdkGet('/v1/s1/kyc/integration/token-info', sdkHeaders(token));
      expect(response.statusCode).toBe(200);
      expect(envelope).toEqual({ ret_code: 10007, ret_msg: 'not logged in', result: null });
      const live = await issuedToken();
      expect(await sweepAll(app)).toBe(1);
      expect(await sdkRepo(database.db).findToken(sha256Hex(token))).toBeUndefined();
      expect((await sdkGet('/v1/s1/kyc/integration/token-info', sdkHeaders(live))).envelope.ret_code).toBe(0);
    });

    it.each([
      ['the token header', { 'kyc-access-business': 'acme-app' }],
      ['the business header', { 'kyc-access-token': 'TOKEN' }],
      ['both headers', {}],
    ])('when %s is missing, then 10007', async (_what, headers: Record<string, string>) => {
      const token = await issuedToken();
      const filled = Object.fromEntries(
        Object.entries(headers).map(([k, v]) => [k, v.replace('TOKEN', token)]),
      );
      for (const url of ['/v1/s1/kyc/integration/token-info', '/v1/s1/kyc/integration/business-info']) {
        const { response, envelope } = await sdkGet(url, filled);
        expect(response.statusCode).toBe(200);
        expect(envelope.ret_code).toBe(10007);
      }
    });

    it('when the token is unknown or malformed, then 10007', async () => {
      for (const token of [
        'A'.repeat(43),
        'short',
        'x'.repeat(200),
        'has space and more than thirty-two chars',
      ]) {
        expect((await sdkGet('/v1/s1/kyc/integration/token-info', sdkHeaders(token))).envelope.ret_code).toBe(
          10007,
        );
      }
    });

    it("when the business header names another business or the origin header another origin, then 10007; the token's scene, business id and from are accepted", async () => {
      const token = await issuedToken({ scene: 'onboarding' });
      const url = '/v1/s1/kyc/integration/token-info';
      for (const business of ['other-partner', 'other-app', 'ACME', ''])
        expect((await sdkGet(url, sdkHeaders(token, business))).envelope.ret_code).toBe(10007);
      for (const business of ['onboarding', 'acme', 'acme-app'])
        expect((await sdkGet(url, sdkHeaders(token, business))).envelope.ret_code).toBe(0);
      expect(
        (await sdkGet(url, { ...sdkHeaders(token), 'kyc-access-origin': 'bybit' })).envelope.ret_code,
      ).toBe(0);
      expect(
        (await sdkGet(url, { ...sdkHeaders(token), 'kyc-access-origin': 'someone-else' })).envelope.ret_code,
      ).toBe(10007);
    });

    it("when a business has its own access origin, then token-info tells it and that value and the default 'bybit' are accepted", async () => {
      await sdkRepo(database.db).insertBusiness(
        {
          id: 'brand',
          name: 'Brand',
          allowedOrigins: [],
          accessOrigin: 'brand-x',
          apiKeyHash: sha256Hex('retired-brand'),
          firstParty: true,
        },
        Date.now(),
      );
      await storePartnerSecret(database, 'brand', testPartnerSecret('brand'));
      const issued = await issue({}, { id: 'brand', secret: testPartnerSecret('brand') });
      const token = String(issued.envelope.result?.token);
      const url = '/v1/s1/kyc/integration/token-info';
      const first = await sdkGet(url, sdkHeaders(token));
      expect(first.envelope.result).toMatchObject({ accessOrigin: 'brand-x', sdkBusiness: 'brand' });
      expect(
        (await sdkGet(url, { ...sdkHeaders(token), 'kyc-access-origin': 'brand-x' })).envelope.ret_code,
      ).toBe(0);
      expect(
        (await sdkGet(url, { ...sdkHeaders(token), 'kyc-access-origin': 'brand-y' })).envelope.ret_code,
      ).toBe(10007);
    });

    it('when the token is revoked, its business deactivated or its user disabled, then it stops working', async () => {
      const url = '/v1/s1/kyc/integration/token-info';
      const revoked = await issuedToken();
      const revoke = await partnerPost('/v1/s1/kyc/integration/revoke-token', { token: revoked }, acme);
      expect(revoke.envelope).toMatchObject({ ret_code: 0, result: { revoked: 1 } });
      expect((await sdkGet(url, sdkHeaders(revoked))).envelope.ret_code).toBe(10007);

      const token = await issuedToken();
      await usersRepo(database.db).update(userId, { disabled: 1 }, Date.now());
      expect((await sdkGet(url, sdkHeaders(token))).envelope.ret_code).toBe(10009);
      await usersRepo(database.db).update(userId, { disabled: 0 }, Date.now());
      expect((await sdkGet(url, sdkHeaders(token))).envelope.ret_code).toBe(0);
      await sdkRepo(database.db).updateBusiness(ACME.id, { active: false }, Date.now());
      expect((await sdkGet(url, sdkHeaders(token))).envelope.ret_code).toBe(10007);
    });

    it("when a partner revokes by user, then all that user's tokens of that business end, and another business cannot revoke them", async () => {
      const url = '/v1/s1/kyc/integration/token-info';
      const first = await issuedToken();
      const second = await issuedToken();
      const foreign = await partnerPost('/v1/s1/kyc/integration/revoke-token', { token: first }, other);
      expect(foreign.envelope).toMatchObject({ ret_code: 0, result: { revoked: 0 } });
      expect((await sdkGet(url, sdkHeaders(first))).envelope.ret_code).toBe(0);

      const byUser = await partnerPost('/v1/s1/kyc/integration/revoke-token', { uid: userId }, acme);
      expect(byUser.envelope).toMatchObject({ ret_code: 0, result: { revoked: 2 } });
      expect((await sdkGet(url, sdkHeaders(first))).envelope.ret_code).toBe(10007);
      expect((await sdkGet(url, sdkHeaders(second))).envelope.ret_code).toBe(10007);
      const bad = await partnerPost(
        '/v1/s1/kyc/integration/revoke-token',
        { uid: userId, token: first },
        acme,
      );
      expect(bad.envelope.ret_code).toBe(10001);
    });
  });

  describe('GET /v1/s1/kyc/integration/business-info', () => {
    it('when the token is valid, then it answers the business of the token', async () => {
      const token = await issuedToken();
      const { envelope } = await sdkGet('/v1/s1/kyc/integration/business-info', sdkHeaders(token));
      expect(envelope).toEqual({
        ret_code: 0,
        ret_msg: 'OK',
        result: {
          businessId: 'acme',
          name: 'Acme Wallet',
          allowedOrigins: ['https://acme.example', 'https://app.acme.example'],
          accessOrigin: 'bybit',
        },
      });
    });
  });

  describe('cookies and CSRF', () => {
    it('when integration calls carry no cookie, CSRF header or Origin, then they work; other POSTs still need CSRF', async () => {
      const issued = await issue();
      expect(issued.envelope.ret_code).toBe(0);
      expect(issued.response.headers['set-cookie']).toBeUndefined();

      const client = await signedUpClient(app, 'csrf@example.com');
      const tag = await client.post(
        '/v3/private/user/member/tagmember',
        { tagName: 'registered_member_type', value: 'individual' },
        { noCsrf: true },
      );
      expect(tag.response.statusCode).toBe(403);
      expect(tag.envelope?.ret_code).toBe(10011);

      const anonymous = new TestClient(app);
      const login = await anonymous.post('/user/public/login', { email: 'x@example.com', password: 'y' });
      expect(login.response.statusCode).toBe(403);

      // The exemption follows the matched route, not a path prefix: an unknown integration path is not exempt.
      const unknown = await partnerPost('/v1/s1/kyc/integration/nothing-here', {}, acme);
      expect(unknown.response.statusCode).toBe(403);
    });

    it('when a signed-in browser calls an integration endpoint, then its session cookie is ignored', async () => {
      const client = await signedUpClient(app, 'cookie@example.com');
      const { envelope } = await client.get('/v1/s1/kyc/integration/token-info');
      expect(envelope?.ret_code).toBe(10007);
      const post = await client.post('/v1/s1/kyc/integration/access-token', { uid: userId, from: 'x' });
      expect(post.envelope?.ret_code).toBe(10003);
    });
  });

  it('when the demo data is seeded, then the documented demo partner secret signs calls that issue tokens for its own user references', async () => {
    await seedDemoData(database);
    // The app seals the seed's secret at start-up (the seed holds no master key), as server.ts runs it.
    await app.close();
    app = await testApp(database);
    const response = await partnerInject(app, DEMO_PARTNER_CREDENTIALS, {
      url: '/v1/s1/kyc/integration/access-token',
      body: { userRef: 'partner-user-1', from: 'demo-app' },
    });
    expect(parseEnvelope(response)?.ret_code).toBe(0);
  });
});

/** How the app declares its integration routes does not depend on the database: SQLite only. */
describe('SDK integration routes whatever the database', () => {
  const sqlite = testDatabases()[0] as ReturnType<typeof testDatabases>[number];
  let app: FastifyInstance;

  beforeEach(async () => {
    app = await testApp(await sqlite.open());
    return () => app.close();
  });
  afterAll(() => sqlite.cleanup());

  it('when an integration route is added without declaring how it authenticates, then the app refuses it', async () => {
    expect(() => app.get('/v1/s1/kyc/integration/unsafe', async () => ({ ok: true }))).toThrow(
      /config\.sdkAuth/,
    );
  });

  it('when the OpenAPI document is read, then it lists the integration endpoints with their headers', async () => {
    const doc = (await app.inject({ method: 'GET', url: '/docs/openapi.json' })).json() as {
      paths: Record<string, Record<string, { security?: Record<string, string[]>[] }>>;
      components: { securitySchemes: Record<string, { in: string; name: string }> };
    };
    // The credential headers are security schemes of the operation (@fastify/swagger leaves them out of
    // its parameters then), so a client generator knows they are credentials.
    const headersOf = (path: string, method: string) =>
      (doc.paths[path]?.[method]?.security ?? [])
        .flatMap((requirement) => Object.keys(requirement))
        .map((scheme) => doc.components.securitySchemes[scheme])
        .filter((scheme) => scheme?.in === 'header')
        .map((scheme) => scheme?.name);
    expect(headersOf('/v1/s1/kyc/integration/access-token', 'post')).toEqual(
      expect.arrayContaining(['kyc-access-business', 'kyc-access-ts', 'kyc-access-sign']),
    );
    expect(headersOf('/v1/s1/kyc/integration/access-token', 'post')).not.toContain('kyc-access-key');
    expect(headersOf('/v1/s1/kyc/integration/token-info', 'get')).toEqual(
      expect.arrayContaining(['kyc-access-token', 'kyc-access-business', 'kyc-access-origin']),
    );
    expect(doc.paths['/v1/s1/kyc/integration/business-info']?.get).toBeDefined();
    expect(doc.paths['/v1/s1/kyc/integration/revoke-token']?.post).toBeDefined();
  });
});

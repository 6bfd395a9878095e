import { describe, expect, it } from 'vitest';
import type { Envelope, KycInfo } from '@kyc/contracts';
import { useAppFixture } from './support/app-fixture.ts';
import { testDatabases } from './support/databases.ts';
import {
  ALL_INFO_FLAGS,
  TEST_CONSENT,
  jpeg,
  kycInfo,
  multipart,
  partnerToken,
  randomKey,
  sdkCall,
} from './support/kyc-flows.ts';
import { TestClient, parseEnvelope, testApp, signedInClient } from './support/test-app.ts';
import { kycRepo } from '../src/data/repositories/kyc-repo.ts';
import { usersRepo } from '../src/data/repositories/users-repo.ts';
import { DEMO_FIRST_PARTY_APP, DEMO_PASSWORD, seedDemoData } from '../src/seed/demo.ts';

type Result = Record<string, unknown>;

describe.each(testDatabases())('KYC read endpoints on $name', (testDb) => {
  const fixture = useAppFixture(testDb);

  const signedIn = (email: string): Promise<TestClient> => signedInClient(fixture.app, email);

  const kycInfoOf = async (email: string, flags: object = ALL_INFO_FLAGS) =>
    kycInfo(await signedIn(email), flags);

  const statuses = (info: KycInfo) => info.state?.map((s) => [s.level, s.status, s.type]);

  describe('POST /v3/private/kyc/kyc-info', () => {
    it('when a new user asks, then level 0, step 1 ALLOW, step 2 NOT_ALLOW, quota 0 and the spec defaults', async () => {
      const info = await kycInfoOf('new@demo.test');
      expect(info.applicant).toMatchObject({ level: 0, country: '', identifies: [] });
      expect(statuses(info)).toEqual([
        [1, 'ALLOW', 'INDIVIDUAL'],
        [2, 'NOT_ALLOW', 'INDIVIDUAL'],
      ]);
      expect(info.currentLevelQuota).toBe(0);
      expect(info).toMatchObject({
        provider: 'default',
        flowNames: { current: 'Level1_web', second: 'Level2_web' },
        opened: true,
        limitation: 'LIMITATION_DEFAULT',
        limitationInfo: null,
        custody: 'CUSTODY_UNSPECIFIED',
        custodyInfo: null,
        errorNotify: false,
        bannerTags: [],
        kybQuota: 0,
      });
      expect(info.displayControl.displayUpdatePOI.status).toBe('DisplayUpdatePOIStatus_No');
      expect(info.quotas?.map((q) => q.level)).toEqual([0, 1, 2]);
      expect(info.quotas?.[1]?.coinLimit).toEqual(
        expect.arrayContaining([
          { coin: 'BTC', limit: 2 },
          { coin: 'USDT', limit: 100000 },
        ]),
      );
      expect(info.kycToken).toBeUndefined();
    });

    it('when a level 1 user asks, then step 1 SUCCESS, step 2 ALLOW, the BTC limit of level 1 and Level2_web', async () => {
      const info = await kycInfoOf('l1@demo.test');
      expect(info.applicant).toMatchObject({
        level: 1,
        country: 'DE',
        firstname: 'Lena',
        lastname: 'Schmidt',
      });
      expect(statuses(info)).toEqual([
        [1, 'SUCCESS', 'INDIVIDUAL'],
        [2, 'ALLOW', 'INDIVIDUAL'],
      ]);
      expect(info.currentLevelQuota).toBe(2);
      expect(info.flowNames.current).toBe('Level2_web');
      expect(info.residenceCountry).toBe('DE');
      expect(info.displayControl.isDisplayP2pRights).toBe(true);
    });

    it('when a pending user asks, then step 1 PENDING, a verification process and the KYC_PENDING banner', async () => {
      const info = await kycInfoOf('pending@demo.test');
      expect(statuses(info)).toEqual([
        [1, 'PENDING', 'INDIVIDUAL'],
        [2, 'NOT_ALLOW', 'INDIVIDUAL'],
      ]);
      expect(info.verificationProcess).toEqual({ isVerificationProcess: true, tasks: ['LEVEL_1'] });
      expect(info.bannerTags).toEqual(['KYC_PENDING']);
      expect(info.currentLevelQuota).toBe(0);
    });

    it('when the Turkey re-verification user asks, then displayUpdatePOI is Needed with TUR / TR and a deadline', async () => {
      const before = Date.now();
      const info = await kycInfoOf('reverify@demo.test');
      const poi = info.displayControl.displayUpdatePOI;
      expect(poi).toMatchObject({
        status: 'DisplayUpdatePOIStatus_Needed',
        rejectReason: '',
        siteInfo: { site: 'TUR', country: 'TR' },
      });
      expect(poi.deadline).toBeGreaterThan(before);
      expect(info.bannerTags).toContain('REVERIFY_NEEDED');
      expect(statuses(info)?.[0]?.[1]).toBe('SUCCESS');
    });

    it('when the obtain_* flags are false, then their parts are left out; obtain_kyc_token adds kycToken', async () => {
      const info = await kycInfoOf('l1@demo.test', {
        obtain_kyc_token: true,
        obtain_current: false,
        obtain_quotas: false,
        obtain_state: false,
        obtain_aml_questionnaire: false,
        obtain_verification_process: false,
      });
      for (const key of [
        'applicant',
        'quotas',
        'currentLevelQuota',
        'state',
        'amlQuestionnaire',
        'verificationProcess',
      ])
        expect(info, key).not.toHaveProperty(key);
      expect(info).toHaveProperty('kycToken', null);
      expect(info.provider).toBe('default');
    });

    it('when the body is empty, then the spec defaults apply (all but the token)', async () => {
      const info = await kycInfoOf('l1@demo.test', {});
      expect(info).toHaveProperty('state');
      expect(info).toHaveProperty('quotas');
      expect(info).toHaveProperty('amlQuestionnaire', { needQuestionnaire: true, templateCode: '200' });
      expect(info).not.toHaveProperty('kycToken');
    });

    it("when member tag KYC is '1' or KYC is not opened, then both steps are NOT_ALLOW INDIVIDUAL", async () => {
      const users = usersRepo(fixture.database.db);
      const l1 = await users.findByEmail('l1@demo.test');
      await users.update(l1?.id ?? 0, { member_tag_kyc: '1' }, Date.now());
      expect(statuses(await kycInfoOf('l1@demo.test'))).toEqual([
        [1, 'NOT_ALLOW', 'INDIVIDUAL'],
        [2, 'NOT_ALLOW', 'INDIVIDUAL'],
      ]);
      const pending = await users.findByEmail('pending@demo.test');
      await kycRepo(fixture.database.db).upsertApplicant(pending?.id ?? 0, { kyc_opened: 0 }, Date.now());
      const info = await kycInfoOf('pending@demo.test');
      expect(info.opened).toBe(false);
      expect(statuses(info)).toEqual([
        [1, 'NOT_ALLOW', 'INDIVIDUAL'],
        [2, 'NOT_ALLOW', 'INDIVIDUAL'],
      ]);
    });

    it('when the applicant country is closed, then open steps are CERTIFICATION_DISABLED', async () => {
      const user = await usersRepo(fixture.database.db).findByEmail('new@demo.test');
      await kycRepo(fixture.database.db).upsertApplicant(user?.id ?? 0, { country: 'KP' }, Date.now());
      const info = await kycInfoOf('new@demo.test');
      expect(info.state?.map((s) => s.status)).toEqual(['CERTIFICATION_DISABLED', 'CERTIFICATION_DISABLED']);
      expect(info.bannerTags).toContain('KYC_COUNTRY_DISABLED');
    });

    it('when a step was rejected, then errorNotify, the reject reason and additionalRejectReason come from it', async () => {
      const user = await usersRepo(fixture.database.db).findByEmail('pending@demo.test');
      await kycRepo(fixture.database.db).setLevelState(
        user?.id ?? 0,
        1,
        {
          status: 'FAILED_AND_CAN_RETRY',
          rejectReasonCode: 'DOC_BLURRY',
          rejectReason: 'The photo is blurred.',
        },
        Date.now(),
      );
      const info = await kycInfoOf('pending@demo.test');
      expect(info.state?.[0]).toMatchObject({
        status: 'FAILED_AND_CAN_RETRY',
        rejectReasonCode: 'DOC_BLURRY',
        rejectReason: 'The photo is blurred.',
      });
      expect(info.errorNotify).toBe(true);
      expect(info.additionalRejectReason).toBe('The photo is blurred.');
      expect(info.bannerTags).toEqual(['KYC_REJECTED']);
    });

    it('when two users are signed in, then each sees only their own applicant', async () => {
      const a = await kycInfoOf('l1@demo.test');
      const b = await kycInfoOf('pending@demo.test');
      expect(a.applicant?.firstname).toBe('Lena');
      expect(b.applicant?.firstname).toBe('Chidi');
    });

    it('when not signed in, then 10007', async () => {
      const client = new TestClient(fixture.app);
      await client.visit();
      const { envelope } = await client.post('/v3/private/kyc/kyc-info', ALL_INFO_FLAGS);
      expect(envelope).toMatchObject({ ret_code: 10007, result: null });
    });

    it('when a flag is not a boolean or an unknown field is sent, then HTTP 400 / 10001 in the envelope', async () => {
      const client = await signedIn('l1@demo.test');
      for (const body of [{ obtain_state: 'yes' }, { obtain_everything: true }]) {
        const { response, envelope } = await client.post('/v3/private/kyc/kyc-info', body);
        expect(response.statusCode).toBe(400);
        expect(envelope).toMatchObject({ ret_code: 10001, result: null });
      }
    });
  });

  describe('the other KYC reads', () => {
    it('get-kyc-provider: the default provider and the next flow name', async () => {
      const { envelope } = await (
        await signedIn('new@demo.test')
      ).post('/v3/private/kyc/get-kyc-provider', {});
      expect(envelope).toMatchObject({
        ret_code: 0,
        result: { provider: 'default', apiUrl: '', flowName: 'Level1_web' },
      });
      const l1 = await (await signedIn('l1@demo.test')).post('/v3/private/kyc/get-kyc-provider', {});
      expect((l1.envelope?.result as Result).flowName).toBe('Level2_web');
    });

    it('supported-document-type: per issuing country; a closed country 30003; a bad code 10001', async () => {
      const client = await signedIn('new@demo.test');
      const tr = await client.post('/v3/private/kyc/supported-document-type', { country: 'tr' });
      expect(tr.envelope?.result).toEqual({
        country: 'TR',
        documentTypes: ['ID_CARD', 'PASSPORT', 'DRIVERS', 'RESIDENCE_PERMIT'],
      });
      const gb = await client.post('/v3/private/kyc/supported-document-type', { country: 'GB' });
      expect((gb.envelope?.result as Result).documentTypes).not.toContain('ID_CARD');
      const kp = await client.post('/v3/private/kyc/supported-document-type', { country: 'KP' });
      expect(kp.envelope).toMatchObject({ ret_code: 30003, result: null });
      const bad = await client.post('/v3/private/kyc/supported-document-type', { country: 'TUR' });
      expect(bad.response.statusCode).toBe(400);
      expect(bad.envelope?.ret_code).toBe(10001);
    });

    it('can-verify: answers what a submit would, for each demo state', async () => {
      const ask = async (email: string, level: 1 | 2) =>
        (await (await signedIn(email)).post('/v3/private/kyc/can-verify', { level })).envelope?.result;
      expect(await ask('new@demo.test', 1)).toEqual({
        level: 1,
        canVerify: true,
        status: 'ALLOW',
        reason: '',
      });
      expect(await ask('new@demo.test', 2)).toMatchObject({ canVerify: false, status: 'NOT_ALLOW' });
      expect(await ask('pending@demo.test', 1)).toMatchObject({
        canVerify: false,
        status: 'PENDING',
        reason: 'KYC_ILLEGAL_TRANSITION',
      });
      expect(await ask('l1@demo.test', 1)).toMatchObject({ canVerify: false, status: 'SUCCESS' });
      expect(await ask('l1@demo.test', 2)).toMatchObject({ canVerify: true, status: 'ALLOW' });
    });

    it('get-config: providers, levels with flow names, document types, custody kinds', async () => {
      const { envelope } = await (await signedIn('new@demo.test')).get('/v3/private/kyc/get-config');
      expect(envelope?.result).toMatchObject({
        defaultProvider: 'default',
        providers: ['sumsub', 'jumio', 'aai', 'onfido', 'default'],
        documentTypes: ['ID_CARD', 'PASSPORT', 'DRIVERS', 'RESIDENCE_PERMIT'],
        custodyKinds: ['CUSTODY_SATOS', 'CUSTODY_BYBIT', 'CUSTODY_UNSPECIFIED'],
      });
    });

    it('get-supported-ip-country-code: the proxy header is ignored unless the proxy is trusted', async () => {
      const client = await signedIn('new@demo.test');
      const { envelope } = await client.get('/v3/private/kyc/get-supported-ip-country-code', {
        headers: { 'cf-ipcountry': 'TR' },
      });
      const result = envelope?.result as Result;
      expect(result).toMatchObject({ countryCode: '', supported: false });
      expect(result.supportedCountryCodes).toEqual(
        expect.arrayContaining(['TR', 'AE', 'HK', 'KZ', 'GE', 'ID', 'DE', 'NG']),
      );
      expect(result.supportedCountryCodes).not.toContain('KP');

      const trusted = await testApp(fixture.database, { env: { TRUST_PROXY: 'true' } });
      try {
        const c = new TestClient(trusted);
        await c.visit();
        await c.post('/user/public/login', { email: 'new@demo.test', password: DEMO_PASSWORD });
        const tr = await c.get('/v3/private/kyc/get-supported-ip-country-code', {
          headers: { 'cf-ipcountry': 'tr' },
        });
        expect(tr.envelope?.result).toMatchObject({ countryCode: 'TR', supported: true });
        const ir = await c.get('/v3/private/kyc/get-supported-ip-country-code', {
          headers: { 'cf-ipcountry': 'IR' },
        });
        expect(ir.envelope?.result).toMatchObject({ countryCode: 'IR', supported: false });
      } finally {
        await trusted.close();
      }
    });

    it.each([
      ['POST', '/v3/private/kyc/get-kyc-provider'],
      ['POST', '/v3/private/kyc/supported-document-type'],
      ['POST', '/v3/private/kyc/can-verify'],
      ['GET', '/v3/private/kyc/get-config'],
      ['GET', '/v3/private/kyc/get-supported-ip-country-code'],
    ] as const)('%s %s without a session: 10007', async (method, url) => {
      const client = new TestClient(fixture.app);
      await client.visit();
      const { envelope } =
        method === 'GET'
          ? await client.get(url)
          : await client.post(url, url.endsWith('document-type') ? { country: 'DE' } : {});
      expect(envelope?.ret_code).toBe(10007);
    });

    it('GET /v2/public/country-list: open countries; with is_disable=1 also the closed ones, flagged', async () => {
      const client = new TestClient(fixture.app);
      const open = (await client.get('/v2/public/country-list')).envelope?.result as { list: Result[] };
      expect(open.list.some((c) => c.code === 'KP')).toBe(false);
      const all = (await client.get('/v2/public/country-list?is_disable=1')).envelope?.result as {
        list: Result[];
      };
      expect(all.list.length).toBeGreaterThanOrEqual(40);
      expect(all.list.find((c) => c.code === 'KP')).toMatchObject({
        isDisabled: true,
        nameKey: 'country.KP',
      });
      expect(all.list.find((c) => c.code === 'IR')).toMatchObject({ isDisabled: true });
      expect(all.list.find((c) => c.code === 'NG')).toMatchObject({
        isDisabled: false,
        documentTypes: ['ID_CARD', 'PASSPORT', 'DRIVERS'],
      });
      const bad = await client.get('/v2/public/country-list?is_disable=yes');
      expect(bad.response.statusCode).toBe(400);
      expect(bad.envelope?.ret_code).toBe(10001);
    });
  });

  describe('SDK variants under /v1/s1/kyc/integration/', () => {
    const sdkToken = (email: string) => partnerToken(fixture.app, email, 'demo-app');

    async function sdkPost(url: string, body: unknown, token: string | undefined) {
      const headers: Record<string, string> = {
        'content-type': 'application/json',
        'kyc-access-business': DEMO_FIRST_PARTY_APP.id,
      };
      if (token !== undefined) headers['kyc-access-token'] = token;
      const response = await fixture.app.inject({
        method: 'POST',
        url,
        headers,
        payload: JSON.stringify(body),
      });
      return { response, envelope: parseEnvelope(response) as Envelope<Result | null> };
    }

    it("info: the token's user's KYC info, no cookie and no CSRF header needed", async () => {
      const token = await sdkToken('reverify@demo.test');
      const { envelope } = await sdkPost('/v1/s1/kyc/integration/info', ALL_INFO_FLAGS, token);
      expect(envelope.ret_code).toBe(0);
      const info = envelope.result as unknown as KycInfo;
      expect(info.applicant?.firstname).toBe('Elif');
      expect(info.displayControl.displayUpdatePOI.status).toBe('DisplayUpdatePOIStatus_Needed');
    });

    it("token-info: level is the applicant's KYC level", async () => {
      const level = async (email: string) => {
        const response = await fixture.app.inject({
          method: 'GET',
          url: '/v1/s1/kyc/integration/token-info',
          headers: {
            'kyc-access-business': DEMO_FIRST_PARTY_APP.id,
            'kyc-access-token': await sdkToken(email),
          },
        });
        return (parseEnvelope(response) as Envelope<{ level: number }>).result?.level;
      };
      expect(await level('l1@demo.test')).toBe(1);
      expect(await level('new@demo.test')).toBe(0);
    });

    it("verification-sdk-info: the flow of the token's user's level, refused without a token", async () => {
      const token = await sdkToken('new@demo.test');
      const { envelope } = await sdkPost('/v1/s1/kyc/integration/verification-sdk-info', { level: 1 }, token);
      expect(envelope.ret_code).toBe(0);
      expect(envelope.result).toMatchObject({ level: 1, provider: 'default', vendorSdk: null });
      const refused = await sdkPost('/v1/s1/kyc/integration/verification-sdk-info', { level: 1 }, undefined);
      expect(refused.envelope.ret_code).not.toBe(0);
    });

    it('provider and supported-document-type answer as the private forms', async () => {
      const token = await sdkToken('l1@demo.test');
      expect((await sdkPost('/v1/s1/kyc/integration/provider', {}, token)).envelope.result).toMatchObject({
        provider: 'default',
        flowName: 'Level2_web',
      });
      expect(
        (await sdkPost('/v1/s1/kyc/integration/supported-document-type', { country: 'AE' }, token)).envelope
          .result,
      ).toEqual({ country: 'AE', documentTypes: ['ID_CARD', 'PASSPORT', 'RESIDENCE_PERMIT'] });
    });

    it("a partner's user with no portal session: details, uploads and the level-1 submission all go through the SDK variants", async () => {
      const token = await sdkToken('new@demo.test');
      const call = (url: string, options: Parameters<typeof sdkCall>[4]) =>
        sdkCall(fixture.app, url, token, DEMO_FIRST_PARTY_APP.id, options);
      const details = { firstName: 'Ada', lastName: 'Lovelace', dateOfBirth: '1990-12-10' };
      const stored = await call('/v1/s1/kyc/integration/kyc-personal-info', { body: details });
      expect(stored).toMatchObject({ ret_code: 0, result: details });
      expect((await call('/v1/s1/kyc/integration/kyc-personal-info', { body: {} })).result).toMatchObject(
        details,
      );
      const documentIds: string[] = [];
      for (const side of ['front', 'selfie']) {
        const upload = await call('/v1/s1/kyc/integration/upload-document', {
          multipart: multipart(side, await jpeg()),
        });
        expect(upload.ret_code, JSON.stringify(upload)).toBe(0);
        documentIds.push(String(upload.result?.documentId));
      }
      const submitted = await call('/v1/s1/kyc/integration/submit', {
        body: { level: 1, country: 'DE', documentType: 'PASSPORT', documentIds, consent: TEST_CONSENT },
        key: randomKey(),
      });
      expect(submitted).toMatchObject({ ret_code: 0, result: { level: 1, status: 'PENDING' } });
      const info = await sdkPost('/v1/s1/kyc/integration/info', ALL_INFO_FLAGS, token);
      expect((info.envelope.result as unknown as KycInfo).state?.[0]?.status).toBe('PENDING');
    });

    it('kyc-personal-info: without a token 10007, bad input 10001, and a token reads only its own user', async () => {
      expect(
        (await sdkPost('/v1/s1/kyc/integration/kyc-personal-info', {}, undefined)).envelope.ret_code,
      ).toBe(10007);
      const token = await sdkToken('l1@demo.test');
      const bad = await sdkPost(
        '/v1/s1/kyc/integration/kyc-personal-info',
        { dateOfBirth: 'yesterday' },
        token,
      );
      expect([bad.response.statusCode, bad.envelope.ret_code]).toEqual([400, 10001]);
      const own = await sdkPost('/v1/s1/kyc/integration/kyc-personal-info', {}, token);
      // l1 is verified: its own details, masked (the SDK has no reveal; security verification is not run there).
      expect(own.envelope.result).toMatchObject({ firstName: 'L***', masked: true });
    });

    it.each(['/v1/s1/kyc/integration/info', '/v1/s1/kyc/integration/provider'])(
      '%s without a token or with an unknown one: 10007',
      async (url) => {
        expect((await sdkPost(url, {}, undefined)).envelope.ret_code).toBe(10007);
        expect((await sdkPost(url, {}, 'x'.repeat(43))).envelope.ret_code).toBe(10007);
      },
    );

    it('bad input: HTTP 400 / 10001', async () => {
      const token = await sdkToken('l1@demo.test');
      const { response, envelope } = await sdkPost('/v1/s1/kyc/integration/info', { obtain_state: 1 }, token);
      expect(response.statusCode).toBe(400);
      expect(envelope.ret_code).toBe(10001);
    });
  });

  it('when the demo data is seeded twice, then nothing changes', async () => {
    expect((await seedDemoData(fixture.database)).created).toBe(0);
    const info = await kycInfoOf('pending@demo.test');
    expect(info.state?.[0]?.status).toBe('PENDING');
  });

  it('when the OpenAPI document is read, then it lists the KYC endpoints', async () => {
    const doc = (await fixture.app.inject({ method: 'GET', url: '/docs/openapi.json' })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    for (const [path, method] of [
      ['/v3/private/kyc/kyc-info', 'post'],
      ['/v3/private/kyc/get-kyc-provider', 'post'],
      ['/v3/private/kyc/supported-document-type', 'post'],
      ['/v3/private/kyc/can-verify', 'post'],
      ['/v3/private/kyc/get-config', 'get'],
      ['/v3/private/kyc/get-supported-ip-country-code', 'get'],
      ['/v2/public/country-list', 'get'],
      ['/v1/s1/kyc/integration/info', 'post'],
      ['/v1/s1/kyc/integration/provider', 'post'],
      ['/v1/s1/kyc/integration/supported-document-type', 'post'],
      ['/v1/s1/kyc/integration/kyc-personal-info', 'post'],
      ['/v1/s1/kyc/integration/upload-document', 'post'],
      ['/v1/s1/kyc/integration/submit', 'post'],
    ] as const)
      expect(doc.paths[path]?.[method], `${method} ${path}`).toBeDefined();
  });
});

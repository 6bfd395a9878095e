/**
 * Signed partner calls (issue 11, docs/sdk.md "Signed partner calls", D37): a partner's server proves
 * each call with an HMAC over ts + METHOD + path-with-query + raw body under a live secret, within five
 * minutes either way, once. The bare API key of before is refused.
 */
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { RET_CODES } from '@kyc/contracts';
import { useAppFixture } from './support/app-fixture.ts';
import { testDatabases } from './support/databases.ts';
import { parseEnvelope, sweepAll, testApp, testConfig } from './support/test-app.ts';
import {
  DEMO_PARTNER_CREDENTIALS,
  firstOf,
  partnerAuthHeaders,
  partnerInject,
  storePartnerSecret,
  testPartnerSecret,
} from './support/partner-calls.ts';
import { partnerSecretsRepo } from '../src/data/repositories/partner-secrets-repo.ts';
import { sdkRepo } from '../src/data/repositories/sdk-repo.ts';
import { loggerOptions } from '../src/http/request-log.ts';
import { DEMO_PARTNER } from '../src/seed/demo.ts';

const ISSUE = '/v1/s1/kyc/integration/access-token';
const BODY = { userRef: 'partner-user-1', from: 'demo-app' };
const nowSeconds = () => Math.floor(Date.now() / 1000);
const REFUSED = {
  ret_code: RET_CODES.INVALID_API_KEY.code,
  ret_msg: 'invalid business id or signature',
  result: null,
};

describe.each(testDatabases())('signed partner calls on $name', (testDb) => {
  const fixture = useAppFixture(testDb);

  /** A call with hand-made headers and raw payload (what a partner's HTTP client would send). */
  async function rawCall(url: string, payload: string, headers: Record<string, string>) {
    const response = await fixture.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/json', ...headers },
      payload,
    });
    return { response, envelope: parseEnvelope(response) };
  }

  const signed = (url: string, body: string, ts?: number) =>
    partnerAuthHeaders(DEMO_PARTNER_CREDENTIALS, { method: 'POST', url, body }, { ts });

  it('when a partner signs its call with its secret, then the call is accepted', async () => {
    const response = await partnerInject(fixture.app, DEMO_PARTNER_CREDENTIALS, { url: ISSUE, body: BODY });
    expect(parseEnvelope(response)).toMatchObject({ ret_code: 0 });
  });

  it('when a partner sends the bare API key of before, then 10003 says calls must be signed, even for the right key', async () => {
    const { envelope } = await rawCall(ISSUE, JSON.stringify(BODY), {
      'kyc-access-business': DEMO_PARTNER.id,
      'kyc-access-key': DEMO_PARTNER.apiKey,
    });
    expect(envelope).toMatchObject({ ret_code: 10003, result: null });
    expect(envelope?.ret_msg).toMatch(/must be signed/);
    expect(envelope?.ret_msg).toMatch(/kyc-access-key is no longer accepted/);
  });

  it('when the secret is wrong, the business unknown, or a header missing or malformed, then each gets the same 10003', async () => {
    const body = JSON.stringify(BODY);
    const good = signed(ISSUE, body);
    const wrongSecret = partnerAuthHeaders(
      { id: DEMO_PARTNER.id, secret: testPartnerSecret('not the secret') },
      { method: 'POST', url: ISSUE, body },
    );
    const answers = [
      await rawCall(ISSUE, body, wrongSecret),
      await rawCall(ISSUE, body, { ...good, 'kyc-access-business': 'nobody' }),
      await rawCall(ISSUE, body, { ...good, 'kyc-access-business': 'bad id!' }),
      await rawCall(ISSUE, body, { ...good, 'kyc-access-sign': good['kyc-access-sign'].toUpperCase() }),
      await rawCall(ISSUE, body, { ...good, 'kyc-access-sign': 'abc' }),
      await rawCall(ISSUE, body, { ...good, 'kyc-access-ts': `${good['kyc-access-ts']}.0` }),
      await rawCall(ISSUE, body, { ...good, 'kyc-access-ts': 'yesterday' }),
      await rawCall(ISSUE, body, {
        'kyc-access-business': DEMO_PARTNER.id,
        'kyc-access-sign': good['kyc-access-sign'],
      }),
      await rawCall(ISSUE, body, {
        'kyc-access-business': DEMO_PARTNER.id,
        'kyc-access-ts': good['kyc-access-ts'],
      }),
      await rawCall(ISSUE, body, {}),
    ];
    for (const { response, envelope } of answers) {
      expect(response.statusCode).toBe(200);
      expect(envelope).toEqual(REFUSED);
    }
  });

  it('when the body is changed after signing, even by one space, then 10003; the raw bytes signed are accepted as sent', async () => {
    const body = JSON.stringify(BODY);
    const headers = signed(ISSUE, body);
    expect(
      (await rawCall(ISSUE, JSON.stringify({ ...BODY, userRef: 'partner-user-2' }), headers)).envelope,
    ).toEqual(REFUSED);
    expect((await rawCall(ISSUE, JSON.stringify(BODY, null, 1), headers)).envelope).toEqual(REFUSED);
    // Spacing and key order of the partner's own serialisation are what is signed, not a re-serialisation.
    const spaced = '{ "from" : "demo-app",\n  "userRef": "partner-user-1" }';
    expect((await rawCall(ISSUE, spaced, signed(ISSUE, spaced))).envelope).toMatchObject({ ret_code: 0 });
  });

  it('when the path or query is changed after signing, then 10003; a query that was signed is accepted', async () => {
    const body = JSON.stringify(BODY);
    expect((await rawCall(`${ISSUE}?x=1`, body, signed(ISSUE, body))).envelope).toEqual(REFUSED);
    expect((await rawCall(`${ISSUE}?x=2`, body, signed(`${ISSUE}?x=1`, body))).envelope).toEqual(REFUSED);
    const revokePath = '/v1/s1/kyc/integration/revoke-token';
    expect((await rawCall(revokePath, body, signed(ISSUE, body))).envelope).toEqual(REFUSED);
    expect((await rawCall(`${ISSUE}?x=1`, body, signed(`${ISSUE}?x=1`, body))).envelope).toMatchObject({
      ret_code: 0,
    });
  });

  it('when the timestamp is more than five minutes past or ahead, then 54011; just inside the window it is accepted', async () => {
    const body = JSON.stringify(BODY);
    for (const skew of [-301, 301, -3600, 86_400]) {
      const { envelope } = await rawCall(ISSUE, body, signed(ISSUE, body, nowSeconds() + skew));
      expect(envelope).toMatchObject({
        ret_code: RET_CODES.PARTNER_TIMESTAMP_OUT_OF_WINDOW.code,
        result: null,
      });
    }
    for (const skew of [-290, 290]) {
      const { envelope } = await rawCall(ISSUE, body, signed(ISSUE, body, nowSeconds() + skew));
      expect(envelope).toMatchObject({ ret_code: 0 });
    }
  });

  it('when a signed call is sent again, to the same instance or another one on the same database, then 54012', async () => {
    const body = JSON.stringify(BODY);
    const headers = signed(ISSUE, body);
    expect((await rawCall(ISSUE, body, headers)).envelope).toMatchObject({ ret_code: 0 });
    const again = await rawCall(ISSUE, body, headers);
    expect(again.envelope).toMatchObject({
      ret_code: RET_CODES.PARTNER_SIGNATURE_REPLAYED.code,
      result: null,
    });

    const second = await testApp(fixture.database, { env: { DATA_DIR: fixture.dataDir } });
    try {
      const fresh = signed(ISSUE, body, nowSeconds() - 7);
      const first = await second.inject({
        method: 'POST',
        url: ISSUE,
        headers: { 'content-type': 'application/json', ...fresh },
        payload: body,
      });
      expect(parseEnvelope(first)).toMatchObject({ ret_code: 0 });
      expect((await rawCall(ISSUE, body, fresh)).envelope).toMatchObject({ ret_code: 54012 });
      const back = await second.inject({
        method: 'POST',
        url: ISSUE,
        headers: { 'content-type': 'application/json', ...headers },
        payload: body,
      });
      expect(parseEnvelope(back)).toMatchObject({ ret_code: 54012 });
    } finally {
      await second.close();
    }
  });

  it('when two copies of one signed call arrive at once, then exactly one is accepted', async () => {
    const body = JSON.stringify(BODY);
    const headers = signed(ISSUE, body);
    const answers = await Promise.all([1, 2, 3, 4].map(() => rawCall(ISSUE, body, headers)));
    const codes = answers.map((a) => a.envelope?.ret_code).sort();
    expect(codes).toEqual([0, 54012, 54012, 54012]);
  });

  it('when a second secret is made, then old and new both sign until the old one is revoked', async () => {
    const newer = testPartnerSecret('rotated');
    await storePartnerSecret(fixture.database, DEMO_PARTNER.id, newer);
    const withNew = { id: DEMO_PARTNER.id, secret: newer };
    expect(
      parseEnvelope(await partnerInject(fixture.app, withNew, { url: ISSUE, body: BODY }))?.ret_code,
    ).toBe(0);
    expect(
      parseEnvelope(await partnerInject(fixture.app, DEMO_PARTNER_CREDENTIALS, { url: ISSUE, body: BODY }))
        ?.ret_code,
    ).toBe(0);

    const repo = partnerSecretsRepo(fixture.database.db);
    const oldest = firstOf(await repo.liveSecrets(DEMO_PARTNER.id));
    expect(await repo.revokeSecret(DEMO_PARTNER.id, oldest.id, Date.now())).toBe(true);
    expect(
      parseEnvelope(await partnerInject(fixture.app, DEMO_PARTNER_CREDENTIALS, { url: ISSUE, body: BODY })),
    ).toEqual(REFUSED);
    // Another second: the same body at the same second would be the same signature, a replay.
    const later = { url: ISSUE, body: BODY, ts: nowSeconds() - 2 };
    expect(parseEnvelope(await partnerInject(fixture.app, withNew, later))?.ret_code).toBe(0);
  });

  it('when the business is inactive, then its right signature gets 10005 and its wrong one the same 10003', async () => {
    await sdkRepo(fixture.database.db).updateBusiness(DEMO_PARTNER.id, { active: false }, Date.now());
    const right = await partnerInject(fixture.app, DEMO_PARTNER_CREDENTIALS, { url: ISSUE, body: BODY });
    expect(parseEnvelope(right)).toEqual({ ret_code: 10005, ret_msg: 'business is inactive', result: null });
    const wrong = await partnerInject(
      fixture.app,
      { id: DEMO_PARTNER.id, secret: testPartnerSecret('guess') },
      { url: ISSUE, body: BODY },
    );
    expect(parseEnvelope(wrong)).toEqual(REFUSED);
  });

  it('when the sweep runs, then accepted signatures past their window are forgotten and recent ones kept', async () => {
    const repo = partnerSecretsRepo(fixture.database.db);
    expect(await repo.recordSignature('a'.repeat(64), DEMO_PARTNER.id, Date.now() - 1)).toBe(true);
    expect(await repo.recordSignature('b'.repeat(64), DEMO_PARTNER.id, Date.now() + 60_000)).toBe(true);
    expect(await sweepAll(fixture.app)).toBeGreaterThanOrEqual(1);
    expect(await repo.recordSignature('a'.repeat(64), DEMO_PARTNER.id, Date.now() + 60_000)).toBe(true);
    expect(await repo.recordSignature('b'.repeat(64), DEMO_PARTNER.id, Date.now() + 60_000)).toBe(false);
  });

  it('when a secret is stored, then the row holds it sealed, bound to its business', async () => {
    const rows = await fixture.database.db
      .selectFrom('sdk_business_secrets')
      .selectAll()
      .where('business_id', '=', 'demo-partner')
      .execute();
    expect(rows).toHaveLength(1);
    const row = firstOf(rows);
    expect(row.secret_sealed).toMatch(/^ps1:/);
    expect(JSON.stringify(rows)).not.toContain(DEMO_PARTNER.secret.slice(5));
    // Copied to another business, the sealed value does not open: calls signed with it are refused.
    await sdkRepo(fixture.database.db).insertBusiness(
      { id: 'copycat', name: 'Copycat', allowedOrigins: [], apiKeyHash: 'x' },
      Date.now(),
    );
    await partnerSecretsRepo(fixture.database.db).insertSecret(
      { businessId: 'copycat', sealed: row.secret_sealed, fingerprint: row.fingerprint },
      Date.now(),
    );
    const copied = await partnerInject(
      fixture.app,
      { id: 'copycat', secret: DEMO_PARTNER.secret },
      { url: ISSUE, body: BODY },
    );
    expect(parseEnvelope(copied)).toEqual(REFUSED);
  });

  it('when partner calls are logged, then neither the signature nor the secret appears in any line', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const config = testConfig({ DATA_DIR: fixture.dataDir, LOG_LEVEL: 'debug' });
    const logged = await testApp(fixture.database, {
      env: { DATA_DIR: fixture.dataDir },
      logger: { ...(loggerOptions(config, false) as object), level: 'debug', stream },
    });
    try {
      const body = JSON.stringify(BODY);
      const headers = signed(ISSUE, body);
      for (const extra of [{}, { 'kyc-access-business': 'nobody' }]) {
        await logged.inject({
          method: 'POST',
          url: ISSUE,
          headers: { 'content-type': 'application/json', ...headers, ...extra },
          payload: body,
        });
      }
      expect(lines.length).toBeGreaterThan(0);
      const all = lines.join('\n');
      expect(all).not.toContain(headers['kyc-access-sign']);
      expect(all).not.toContain(DEMO_PARTNER.secret);
      expect(all).toContain('sdk.partner.refused');
    } finally {
      await logged.close();
    }
  });
});

import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { LINK_PROOF_HEADER, PARTNER_CONSENT_VERSION, type Envelope } from '@kyc/contracts';
import type { Database } from '../src/data/db.ts';
import { repositories } from '../src/data/repositories/index.ts';
import type { AccountUseCases } from '../src/domain/accounts/accounts.ts';
import { linkFlowUseCases } from '../src/domain/sdk/link-flow.ts';
import { testDatabases } from './support/databases.ts';
import {
  DEMO_PARTNER_CREDENTIALS,
  FIRST_PARTY_APP_CREDENTIALS,
  partnerInject,
} from './support/partner-calls.ts';
import { TEST_SECRET, parseEnvelope, signedUpClient, testApp } from './support/test-app.ts';

/**
 * Issue 11 (High): a partner reaches only the people linked to it (docs/sdk.md "Partner links"). The
 * demo partner is third party; exchange-app is the exchange's own (first-party) app.
 */
type Answer = Envelope<Record<string, unknown> | null>;
const PASSWORD = 'correct horse battery';
const INTEGRATION = '/v1/s1/kyc/integration';
const DOCUMENT_ID = '0123456789abcdef0123456789abcdef';

describe.each(testDatabases())('partner links on $name', (testDb) => {
  let database: Database;
  let app: FastifyInstance;

  beforeEach(async () => {
    database = await testDb.open({ seeded: true });
    app = await testApp(database);
    return () => app.close();
  });
  afterAll(() => testDb.cleanup());

  async function mint(body: Record<string, unknown>, credentials = DEMO_PARTNER_CREDENTIALS) {
    const response = await partnerInject(app, credentials, {
      url: `${INTEGRATION}/access-token`,
      body: { from: 'demo-app', ...body },
    });
    return parseEnvelope(response) as Answer;
  }

  async function tokenFor(userRef: string): Promise<string> {
    const answer = await mint({ userRef });
    expect(answer.ret_code).toBe(0);
    return String(answer.result?.token);
  }

  /** A browser's call with a (link or SDK) token: the spec §6 headers, no cookie, no CSRF. */
  async function sdk(
    method: 'GET' | 'POST',
    path: string,
    token: string,
    body?: unknown,
    extra: Record<string, string> = {},
  ): Promise<Answer> {
    const response = await app.inject({
      method,
      url: `${INTEGRATION}/${path}`,
      headers: {
        ...extra,
        'kyc-access-token': token,
        'kyc-access-business': 'demo-app',
        'idempotency-key': `test-${path}-0123456789`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
    });
    return parseEnvelope(response) as Answer;
  }

  /** The consent of the browser that signed in: its proof travels in the kyc-link-proof header. */
  const agree = (token: string, proof = '') =>
    sdk(
      'POST',
      'link-consent',
      token,
      { decision: 'agree', consentVersion: PARTNER_CONSENT_VERSION },
      proof ? { [LINK_PROOF_HEADER]: proof } : {},
    );

  /** Signs in on a link token as the embedded flow does; answers the consent proof of that browser. */
  async function signInOn(token: string, email: string): Promise<string> {
    const answer = await sdk('POST', 'link-sign-in', token, { email, password: PASSWORD });
    expect(answer.ret_code, JSON.stringify(answer)).toBe(0);
    return String(answer.result?.proof);
  }

  /** The whole embedded flow for an existing account: sign in, agree. Answers the (now ordinary) token. */
  async function link(userRef: string, email: string): Promise<string> {
    const token = await tokenFor(userRef);
    const proof = await signInOn(token, email);
    expect(await agree(token, proof)).toMatchObject({ ret_code: 0, result: { linked: true } });
    return token;
  }

  async function linkedUsers(): Promise<number> {
    const row = await database.db
      .selectFrom('sdk_businesses')
      .select('linked_users')
      .where('id', '=', 'demo-partner')
      .executeTakeFirstOrThrow();
    return Number(row.linked_users);
  }

  async function liveLinks() {
    return database.db.selectFrom('partner_links').selectAll().where('revoked_at', 'is', null).execute();
  }

  describe('minting', () => {
    it('when a third-party partner names a user by email or uid, then 10001 and no token; the first-party app still reaches everyone', async () => {
      const byEmail = await mint({ email: 'l1@demo.test' });
      expect(byEmail).toMatchObject({ ret_code: 10001 });
      expect(byEmail.ret_msg).toMatch(/^body\.email: a partner names its users by userRef/);
      expect(await mint({ uid: 1 })).toMatchObject({ ret_code: 10001 });
      const revokeByUid = await partnerInject(app, DEMO_PARTNER_CREDENTIALS, {
        url: `${INTEGRATION}/revoke-token`,
        body: { uid: 1 },
      });
      expect(parseEnvelope(revokeByUid)?.ret_code).toBe(10001);
      // "No such user" never reaches a partner: an email that has no account answers the same 10001.
      const nobody = await mint({ email: 'nobody@example.com' });
      expect(nobody).toEqual(byEmail);

      const firstParty = await mint({ email: 'l1@demo.test' }, FIRST_PARTY_APP_CREDENTIALS);
      expect(firstParty.ret_code).toBe(0);
      const info = await sdk('GET', 'token-info', String(firstParty.result?.token));
      expect(info).toMatchObject({ ret_code: 0, result: { sdkBusiness: 'exchange-app' } });
    });

    it('when a reference is unknown, or known but not linked, or its link was revoked, then the answers are identical in shape', async () => {
      const client = await signedUpClient(app, 'ana@example.com', PASSWORD);
      await link('ref-revoked', 'ana@example.com');
      const { envelope } = await client.get('/v3/private/kyc/partner-links');
      const [only] = (envelope?.result as { links: { id: string }[] }).links;
      await client.post('/v3/private/kyc/partner-links/revoke', { id: only?.id });

      const shapes = [];
      for (const userRef of ['never-seen', 'ana@example.com', 'ref-revoked']) {
        const answer = await mint({ userRef });
        const result = answer.result as { token: string; expiresAt: string; url: string };
        shapes.push({
          ret_code: answer.ret_code,
          ret_msg: answer.ret_msg,
          keys: Object.keys(result).sort(),
          token: /^[A-Za-z0-9_-]{43}$/.test(result.token),
          url: result.url.replace(result.token, 'TOKEN'),
          // Each is a link token: the ordinary endpoints refuse it, the link flow opens at sign-in.
          tokenInfo: (await sdk('GET', 'token-info', result.token)).ret_code,
          step: (await sdk('GET', 'link-info', result.token)).result?.step,
        });
      }
      expect(shapes[1]).toEqual(shapes[0]);
      expect(shapes[2]).toEqual(shapes[0]);
      expect(shapes[0]).toMatchObject({ ret_code: 0, tokenInfo: 10007, step: 'sign_in' });
    });
  });

  describe('the link token', () => {
    it('when a link token calls kyc-info, upload, submit, self-reset or token-info, then 10007; after consent the same token works', async () => {
      await signedUpClient(app, 'ben@example.com', PASSWORD);
      const token = await tokenFor('ben-1');
      const refused = [
        await sdk('GET', 'token-info', token),
        await sdk('GET', 'business-info', token),
        await sdk('POST', 'info', token, {}),
        await sdk('POST', 'kyc-personal-info', token, {}),
        await sdk('POST', 'upload-document', token, {}),
        await sdk('POST', 'submit', token, {
          level: 1,
          documentType: 'PASSPORT',
          country: 'DE',
          documentIds: [DOCUMENT_ID],
        }),
        await sdk('POST', 'self-reset', token, {}),
      ];
      for (const [i, answer] of refused.entries())
        expect(answer.ret_code, `${i} ${answer.ret_msg}`).toBe(10007);

      const info = await sdk('GET', 'link-info', token);
      expect(info.result).toEqual({
        step: 'sign_in',
        businessName: 'Demo Partner',
        consentVersion: PARTNER_CONSENT_VERSION,
      });
      // Consent before anyone signed in: refused.
      expect((await agree(token)).ret_code).toBe(54004);
      const wrong = await sdk('POST', 'link-sign-in', token, {
        email: 'ben@example.com',
        password: 'nope-nope',
      });
      expect(wrong.ret_code).toBe(20001);
      const signedIn = await sdk('POST', 'link-sign-in', token, {
        email: 'ben@example.com',
        password: PASSWORD,
      });
      expect(signedIn).toMatchObject({
        ret_code: 0,
        result: { step: 'consent', email: 'be***@example.com', proof: expect.any(String) },
      });
      const proof = String(signedIn.result?.proof);
      expect((await sdk('GET', 'token-info', token)).ret_code).toBe(10007);
      const outdated = await sdk(
        'POST',
        'link-consent',
        token,
        { decision: 'agree', consentVersion: '2000-01' },
        { [LINK_PROOF_HEADER]: proof },
      );
      expect(outdated.ret_code).toBe(54005);

      const before = Date.now();
      expect(await agree(token, proof)).toMatchObject({ ret_code: 0, result: { linked: true } });
      expect(await sdk('GET', 'token-info', token)).toMatchObject({
        ret_code: 0,
        result: { sdkBusiness: 'demo-partner', email: 'be***@example.com' },
      });
      expect((await sdk('POST', 'info', token, {})).ret_code).toBe(0);
      // The link flow is closed to the now ordinary token.
      expect((await sdk('GET', 'link-info', token)).ret_code).toBe(10007);

      const [row] = await liveLinks();
      expect(row).toMatchObject({ business_id: 'demo-partner', partner_ref: 'ben-1' });
      expect(row?.consent_version).toBe(PARTNER_CONSENT_VERSION);
      expect(Number(row?.consented_at)).toBeGreaterThanOrEqual(before);
      expect(await linkedUsers()).toBe(1);

      // Now linked: minting for the reference gives an ordinary token straight away.
      const again = await tokenFor('ben-1');
      expect((await sdk('GET', 'token-info', again)).ret_code).toBe(0);
    });

    it('when the partner, who holds the link token too, tries to agree for the person who signed in, then 54004 and it learns nothing', async () => {
      await signedUpClient(app, 'mia@example.com', PASSWORD);
      const token = await tokenFor('mia-1');
      const proof = await signInOn(token, 'mia@example.com');
      // The partner's calls with the token alone: no consent step, no email, no agreement.
      expect((await sdk('GET', 'link-info', token)).result).toEqual({
        step: 'sign_in',
        businessName: 'Demo Partner',
        consentVersion: PARTNER_CONSENT_VERSION,
      });
      expect((await agree(token)).ret_code).toBe(54004);
      expect(
        (
          await agree(
            token,
            proof.replace(/^./, (c) => (c === 'A' ? 'B' : 'A')),
          )
        ).ret_code,
      ).toBe(54004);
      expect(await liveLinks()).toHaveLength(0);
      // The person's browser, with its proof, sees the consent step and agrees.
      const seen = await sdk('GET', 'link-info', token, undefined, { [LINK_PROOF_HEADER]: proof });
      expect(seen.result).toMatchObject({ step: 'consent', email: 'mi***@example.com' });
      expect((await agree(token, proof)).ret_code).toBe(0);
    });

    it('when a person signs up inside the embedded flow, then the portal password rules apply and the consent step follows', async () => {
      const token = await tokenFor('new-1');
      const weak = await sdk('POST', 'link-sign-up', token, { email: 'cat@example.com', password: 'short' });
      expect(weak.ret_code).not.toBe(0);
      const taken = await signedUpClient(app, 'dan@example.com', PASSWORD).then(() =>
        sdk('POST', 'link-sign-up', token, { email: 'dan@example.com', password: PASSWORD }),
      );
      expect(taken.ret_code).toBe(20002);
      const created = await sdk('POST', 'link-sign-up', token, {
        email: 'cat@example.com',
        password: PASSWORD,
      });
      expect(created).toMatchObject({ ret_code: 0, result: { step: 'consent' } });
      expect((await agree(token, String(created.result?.proof))).ret_code).toBe(0);
    });

    it('when the person declines, then there is no link and the token is spent', async () => {
      await signedUpClient(app, 'eve@example.com', PASSWORD);
      const token = await tokenFor('eve-1');
      await sdk('POST', 'link-sign-in', token, { email: 'eve@example.com', password: PASSWORD });
      const declined = await sdk('POST', 'link-consent', token, {
        decision: 'decline',
        consentVersion: PARTNER_CONSENT_VERSION,
      });
      expect(declined).toMatchObject({ ret_code: 0, result: { linked: false } });
      expect(await liveLinks()).toHaveLength(0);
      expect((await sdk('GET', 'link-info', token)).ret_code).toBe(10007);
      expect((await sdk('GET', 'token-info', token)).ret_code).toBe(10007);
      expect(await linkedUsers()).toBe(0);
    });

    it('when two consents arrive at once on the same link token, then exactly one link is made', async () => {
      await signedUpClient(app, 'fay@example.com', PASSWORD);
      const token = await tokenFor('fay-1');
      const proof = await signInOn(token, 'fay@example.com');
      // Over HTTP a loser either finds the token already spent (10007) or loses inside the transaction.
      const answers = await Promise.all([agree(token, proof), agree(token, proof), agree(token, proof)]);
      const codes = answers.map((a) => a.ret_code);
      expect(codes.filter((code) => code === 0)).toHaveLength(1);
      for (const code of codes.filter((c) => c !== 0)) expect([10007, 54003]).toContain(code);
      expect(await liveLinks()).toHaveLength(1);
      expect(await linkedUsers()).toBe(1);

      // The compare-and-set itself: both past the token check, one wins, the other gets 54003.
      await signedUpClient(app, 'gil@example.com', PASSWORD);
      const second = await tokenFor('gil-1');
      const secondProof = await signInOn(second, 'gil@example.com');
      const flow = linkFlowUseCases({
        repos: repositories(database.db),
        // Consent does not sign anyone in: the account use-cases are not reached.
        accounts: {} as AccountUseCases,
        proofSecret: TEST_SECRET,
      });
      const check = await flow.resolveLinkToken({ token: second, business: 'demo-app', origin: undefined });
      if (!check.ok) throw new Error(check.reason);
      const body = { decision: 'agree', consentVersion: PARTNER_CONSENT_VERSION } as const;
      const outcomes = await Promise.allSettled([
        flow.consent(check.principal, body, secondProof),
        flow.consent(check.principal, body, secondProof),
      ]);
      expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
      const lost = outcomes.find((o) => o.status === 'rejected');
      expect((lost as PromiseRejectedResult).reason).toMatchObject({ retCode: 54003 });
      expect(await liveLinks()).toHaveLength(2);
      expect(await linkedUsers()).toBe(2);
    });

    it('when a linked person signs in on a link token for another reference of the same partner, then 54001 and no second link', async () => {
      await signedUpClient(app, 'gus@example.com', PASSWORD);
      await link('gus-1', 'gus@example.com');
      const second = await tokenFor('gus-2');
      const answer = await sdk('POST', 'link-sign-in', second, {
        email: 'gus@example.com',
        password: PASSWORD,
      });
      expect(answer.ret_code).toBe(54001);
      expect((await agree(second)).ret_code).toBe(54004);
      expect(await liveLinks()).toHaveLength(1);
    });

    it('when two link tokens of two references are agreed by one person at once, then one link wins and the other gets 54001', async () => {
      await signedUpClient(app, 'hal@example.com', PASSWORD);
      const [a, b] = [await tokenFor('hal-a'), await tokenFor('hal-b')];
      const [proofA, proofB] = [await signInOn(a, 'hal@example.com'), await signInOn(b, 'hal@example.com')];
      const codes = (await Promise.all([agree(a, proofA), agree(b, proofB)])).map((x) => x.ret_code).sort();
      expect(codes).toEqual([0, 54001]);
      expect(await liveLinks()).toHaveLength(1);
      expect(await linkedUsers()).toBe(1);
    });
  });

  describe('revoking', () => {
    it('when the person revokes a link on the personal page, then the partner token stops and a new token needs new consent', async () => {
      const client = await signedUpClient(app, 'ida@example.com', PASSWORD);
      const token = await link('ida-1', 'ida@example.com');
      const listed = await client.get('/v3/private/kyc/partner-links');
      const links = (listed.envelope?.result as { links: Record<string, unknown>[] }).links;
      expect(links).toEqual([
        {
          id: expect.any(String),
          businessName: 'Demo Partner',
          since: expect.any(Number),
          consentVersion: PARTNER_CONSENT_VERSION,
        },
      ]);
      const id = String(links[0]?.id);

      // A session POST: CSRF as every other; another person cannot revoke it.
      const noCsrf = await client.post('/v3/private/kyc/partner-links/revoke', { id }, { noCsrf: true });
      expect(noCsrf.envelope?.ret_code).toBe(10011);
      const other = await signedUpClient(app, 'jon@example.com', PASSWORD);
      expect((await other.post('/v3/private/kyc/partner-links/revoke', { id })).envelope?.ret_code).toBe(
        54006,
      );
      expect((await sdk('GET', 'token-info', token)).ret_code).toBe(0);

      const revoked = await client.post('/v3/private/kyc/partner-links/revoke', { id });
      expect(revoked.envelope).toMatchObject({ ret_code: 0, result: { revoked: true } });
      expect((await client.post('/v3/private/kyc/partner-links/revoke', { id })).envelope?.ret_code).toBe(
        54006,
      );
      expect((await sdk('GET', 'token-info', token)).ret_code).toBe(10007);
      expect((await sdk('POST', 'info', token, {})).ret_code).toBe(10007);
      expect(await linkedUsers()).toBe(0);
      const row = await database.db.selectFrom('partner_links').selectAll().executeTakeFirstOrThrow();
      expect(row.revoked_by).toBe('user');
      expect(
        ((await client.get('/v3/private/kyc/partner-links')).envelope?.result as { links: [] }).links,
      ).toEqual([]);

      const fresh = await tokenFor('ida-1');
      expect((await sdk('GET', 'token-info', fresh)).ret_code).toBe(10007);
      expect((await sdk('GET', 'link-info', fresh)).result?.step).toBe('sign_in');
    });

    it('when the partner revokes by userRef, then the linked person tokens and the open link tokens of that reference end', async () => {
      await signedUpClient(app, 'kim@example.com', PASSWORD);
      const linked = await link('kim-1', 'kim@example.com');
      const second = await tokenFor('kim-1');
      const open = await tokenFor('not-linked');
      const revoke = async (body: unknown) =>
        parseEnvelope(
          await partnerInject(app, DEMO_PARTNER_CREDENTIALS, { url: `${INTEGRATION}/revoke-token`, body }),
        ) as Answer;
      expect(await revoke({ userRef: 'kim-1' })).toMatchObject({ ret_code: 0, result: { revoked: 2 } });
      expect((await sdk('GET', 'token-info', linked)).ret_code).toBe(10007);
      expect((await sdk('GET', 'token-info', second)).ret_code).toBe(10007);
      expect(await revoke({ userRef: 'not-linked' })).toMatchObject({ ret_code: 0, result: { revoked: 1 } });
      expect((await sdk('GET', 'link-info', open)).ret_code).toBe(10007);
      expect(await revoke({ userRef: 'never-seen' })).toMatchObject({ ret_code: 0, result: { revoked: 0 } });
      // The link itself stays: revoking tokens is not withdrawing consent.
      expect(await liveLinks()).toHaveLength(1);
    });

    it('when an ordinary SDK token calls the link flow, then 10007', async () => {
      const firstParty = await mint({ email: 'l1@demo.test' }, FIRST_PARTY_APP_CREDENTIALS);
      const token = String(firstParty.result?.token);
      expect((await sdk('GET', 'link-info', token)).ret_code).toBe(10007);
      expect(
        (await sdk('POST', 'link-sign-in', token, { email: 'l1@demo.test', password: PASSWORD })).ret_code,
      ).toBe(10007);
    });
  });
});

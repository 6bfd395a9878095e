/**
 * D80 (docs/security-verification.md "Before sign-in"): once default-intercept intercepts a device (five
 * failed sign-ins in an hour), POST /user/public/login demands the email code before the password is
 * looked at. The code comes from POST /user/public/login/email-code over real SMTP (an smtp-server
 * started here), the same answer whether or not the email has an account; it is bound to the email and
 * the device, counted, limited and spent once.
 */
import { describe, expect, it } from 'vitest';
import { GUID_COOKIE } from '@kyc/contracts';
import { useAppFixture } from './support/app-fixture.ts';
import { testDatabases } from './support/databases.ts';
import { useSmtpInbox } from './support/smtp-inbox.ts';
import { DEMO_PARTNER_CREDENTIALS, partnerInject } from './support/partner-calls.ts';
import { TestClient, parseEnvelope } from './support/test-app.ts';
import { DEMO_PASSWORD } from '../src/seed/demo.ts';

const LOGIN = '/user/public/login';
const SEND = '/user/public/login/email-code';
const INTERCEPT = '/user/public/risk/default-intercept';
const OWNER = 'l1@demo.test';

/** The envelope of an answer that must have one. */
function envelopeOf(response: Parameters<typeof parseEnvelope>[0]) {
  const envelope = parseEnvelope(response);
  if (!envelope) throw new Error(`no envelope: ${response.statusCode} ${response.body}`);
  return envelope;
}

const smtp = useSmtpInbox();
const inbox = smtp.mails;

/** The newest code mailed to `to` after `seen` mails had arrived; waits for the mail (sent after the answer). */
async function codeMailedTo(to: string, seen = 0): Promise<string> {
  for (let i = 0; i < 100; i++) {
    const mail = inbox
      .slice(seen)
      .reverse()
      .find((m) => m.to === to);
    const code = /\b(\d{6})\b/.exec(mail?.text ?? '')?.[1];
    if (mail && code) return code;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no code mailed to ${to}`);
}

describe.each(testDatabases())('sign-in behind an email code on $name', (testDb) => {
  const fixture = useAppFixture(testDb, {
    get env() {
      return { SMTP_URL: smtp.url, MAIL_FROM: 'Security <security@kyc.test>' };
    },
  });

  let failures = 0;
  /** A browser with its own device id. */
  async function device(guid: string) {
    const client = new TestClient(fixture.app);
    await client.visit();
    const headers = { guid };
    return {
      client,
      login: (body: Record<string, unknown>, extra: Record<string, string> = {}) =>
        client.post(LOGIN, body, { headers: { ...headers, ...extra } }),
      send: (email: string, extra: Record<string, string> = {}) =>
        client.post(SEND, { email }, { headers: { ...headers, ...extra } }),
      intercepted: async () =>
        (
          await client.post(INTERCEPT, undefined, {
            payload: 'sence=login',
            headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
          })
        ).envelope?.result,
      /** Five failed sign-ins (emails without an account, each once, so no account's delay starts). */
      async failFiveTimes() {
        for (let i = 0; i < 5; i++) {
          const email = `nobody-${(failures += 1)}@demo.test`;
          const answer = await client.post(LOGIN, { email, password: 'wrong password here' }, { headers });
          expect(answer.envelope?.ret_code).toBe(20001);
        }
      },
    };
  }

  const securityEvents = async (email: string) =>
    (
      await fixture.database.db
        .selectFrom('user_security_events')
        .select('kind')
        .where('user_id', '=', await fixture.userIdOf(email))
        .execute()
    ).map((e) => e.kind);

  const codeRow = () =>
    fixture.database.db
      .selectFrom('sign_in_codes')
      .selectAll()
      .orderBy('created_at', 'desc')
      .executeTakeFirstOrThrow();

  it('when a device failed five times, then the right and a wrong password alike are 60014 without a password check; the mailed code signs in once and clears the device', async () => {
    const d = await device('device-aaaa-0001');
    await d.failFiveTimes();
    expect(await d.intercepted()).toEqual({ intercept: true, components: ['otp'] });

    const before = await securityEvents(OWNER);
    const right = await d.login({ email: OWNER, password: DEMO_PASSWORD });
    const wrong = await d.login({ email: OWNER, password: 'not the password at all' });
    expect(right.envelope?.ret_code).toBe(60014);
    expect(wrong.envelope).toEqual(right.envelope);
    expect(right.response.cookies.some((c) => c.name.includes('session') && c.value)).toBe(false);
    // The password was not checked: neither a sign-in nor a failure reached the person's security log.
    expect(await securityEvents(OWNER)).toEqual(before);

    const seen = inbox.length;
    const sent = await d.send(OWNER, { 'accept-language': 'de-DE' });
    expect(sent.envelope?.ret_code).toBe(0);
    expect(Object.keys(sent.envelope?.result as object).sort()).toEqual(['expiresAt', 'resendAt']);
    const code = await codeMailedTo(OWNER, seen);
    const mail = inbox.slice(seen).find((m) => m.to === OWNER);
    expect(mail?.subject).not.toContain(code);
    expect(mail?.text).toContain('bei Ihrem Konto anmelden');
    // Stored hashed, bound to the email (as an HMAC, not the address) and the device.
    const row = await codeRow();
    expect(row.code_hash).not.toContain(code);
    expect(row.email_key).not.toContain('l1');
    expect(row.guid).toBe('device-aaaa-0001');

    const signedIn = await d.login({ email: OWNER, password: DEMO_PASSWORD, emailCode: code });
    expect(signedIn.envelope?.ret_code).toBe(0);
    expect((await codeRow()).status).toBe('passed');
    expect(await d.intercepted()).toEqual({ intercept: false, components: [] });

    // Single use: intercepted again, the spent code is refused.
    await d.failFiveTimes();
    expect(
      (await d.login({ email: OWNER, password: DEMO_PASSWORD, emailCode: code })).envelope?.ret_code,
    ).toBe(60016);
  });

  it('D89: when a device keeps failing in the partner-link sign-in, then it is intercepted there as on the portal: 60014 without the code (password unchecked), the code mailed through the link token for that device signs in once', async () => {
    const minted = envelopeOf(
      await partnerInject(fixture.app, DEMO_PARTNER_CREDENTIALS, {
        url: '/v1/s1/kyc/integration/access-token',
        body: { from: 'demo-app', userRef: 'intercept-ref-1' },
      }),
    );
    const token = String((minted.result as { token: string }).token);
    const guid = 'device-link-0001';
    const link = async (path: string, body: Record<string, unknown>) =>
      envelopeOf(
        await fixture.app.inject({
          method: 'POST',
          url: `/v1/s1/kyc/integration/${path}`,
          headers: {
            guid,
            'kyc-access-token': token,
            'kyc-access-business': 'demo-app',
            'content-type': 'application/json',
          },
          payload: JSON.stringify(body),
        }),
      );
    const linkSignIn = (body: Record<string, unknown>) => link('link-sign-in', body);
    // Failures in the link flow count against the device (emails without an account, each once).
    for (let i = 0; i < 5; i++) {
      const answer = await linkSignIn({
        email: `link-nobody-${i}@demo.test`,
        password: 'wrong password here',
      });
      expect(answer.ret_code).toBe(20001);
    }
    const d = await device(guid);
    expect(await d.intercepted()).toEqual({ intercept: true, components: ['otp'] });

    const before = await securityEvents(OWNER);
    const right = await linkSignIn({ email: OWNER, password: DEMO_PASSWORD });
    expect(right.ret_code).toBe(60014);
    expect(await linkSignIn({ email: OWNER, password: 'not the password at all' })).toEqual(right);
    expect(await securityEvents(OWNER)).toEqual(before);
    expect((await linkSignIn({ email: OWNER, password: DEMO_PASSWORD, emailCode: '12345' })).ret_code).toBe(
      10001,
    );

    // The code is asked through the link token (an embedded page may hold no portal cookie, so no CSRF
    // token either), for the device in the header.
    const seen = inbox.length;
    expect(await link('link-email-code', { email: OWNER })).toMatchObject({ ret_code: 0 });
    const code = await codeMailedTo(OWNER, seen);
    expect((await codeRow()).guid).toBe(guid);
    const signedIn = await linkSignIn({ email: OWNER, password: DEMO_PASSWORD, emailCode: code });
    expect(signedIn.ret_code, JSON.stringify(signedIn)).toBe(0);
    expect(signedIn.result).toMatchObject({ step: 'consent' });
    expect((await codeRow()).status).toBe('passed');
    expect(await d.intercepted()).toEqual({ intercept: false, components: [] });
  });

  it('when a wrong code is typed, then 60005 counted; a wrong password after the right code counts too; the fifth miss ends the code (60007), even for the right one', async () => {
    const d = await device('device-bbbb-0002');
    await d.failFiveTimes();
    const seen = inbox.length;
    expect((await d.send(OWNER)).envelope?.ret_code).toBe(0);
    const code = await codeMailedTo(OWNER, seen);
    const wrongCode = code === '000000' ? '111111' : '000000';
    const before = await securityEvents(OWNER);

    const first = await d.login({ email: OWNER, password: DEMO_PASSWORD, emailCode: wrongCode });
    expect(first.envelope?.ret_code).toBe(60005);
    expect(first.envelope?.ret_msg).toContain('4 tries left');
    expect((await codeRow()).attempts).toBe(1);
    // The code is checked first: a wrong code never reaches the password.
    expect(await securityEvents(OWNER)).toEqual(before);

    const wrongPassword = await d.login({ email: OWNER, password: 'not the password', emailCode: code });
    expect(wrongPassword.envelope?.ret_code).toBe(20001);
    expect((await codeRow()).attempts).toBe(2);

    for (let i = 0; i < 2; i++)
      expect(
        (await d.login({ email: OWNER, password: DEMO_PASSWORD, emailCode: wrongCode })).envelope?.ret_code,
      ).toBe(60005);
    expect(
      (await d.login({ email: OWNER, password: DEMO_PASSWORD, emailCode: wrongCode })).envelope?.ret_code,
    ).toBe(60007);
    expect((await codeRow()).status).toBe('failed');
    expect(
      (await d.login({ email: OWNER, password: DEMO_PASSWORD, emailCode: code })).envelope?.ret_code,
    ).toBe(60007);
  });

  it('when the email has no account, then the send answers the same and no mail goes out; its sign-in is refused like a wrong code', async () => {
    const d = await device('device-cccc-0003');
    await d.failFiveTimes();
    const seen = inbox.length;
    const unknown = await d.send('ghost@demo.test');
    const known = await d.send(OWNER);
    expect(unknown.envelope?.ret_code).toBe(0);
    expect(known.envelope?.ret_code).toBe(0);
    expect(Object.keys(unknown.envelope?.result as object).sort()).toEqual(
      Object.keys(known.envelope?.result as object).sort(),
    );
    await codeMailedTo(OWNER, seen);
    expect(inbox.slice(seen).filter((m) => m.to === 'ghost@demo.test')).toEqual([]);
    // The limits answer alike too: a second ask within the minute is 60008 for both.
    expect((await d.send('ghost@demo.test')).envelope?.ret_code).toBe(60008);
    expect((await d.send(OWNER)).envelope?.ret_code).toBe(60008);
    expect(
      (await d.login({ email: 'ghost@demo.test', password: DEMO_PASSWORD, emailCode: '123456' })).envelope
        ?.ret_code,
    ).toBe(60005);
  });

  it('when another device asks, then it is not intercepted: it signs in with the password and is told no code is needed (60015); a code is bound to the device it was asked on', async () => {
    const a = await device('device-dddd-0004');
    await a.failFiveTimes();
    const seen = inbox.length;
    expect((await a.send(OWNER)).envelope?.ret_code).toBe(0);
    const code = await codeMailedTo(OWNER, seen);

    const b = await device('device-eeee-0005');
    expect(await b.intercepted()).toEqual({ intercept: false, components: [] });
    expect((await b.send(OWNER)).envelope?.ret_code).toBe(60015);
    await b.failFiveTimes();
    expect(
      (await b.login({ email: OWNER, password: DEMO_PASSWORD, emailCode: code })).envelope?.ret_code,
    ).toBe(60016);

    const c = await device('device-ffff-0006');
    expect((await c.login({ email: OWNER, password: DEMO_PASSWORD })).envelope?.ret_code).toBe(0);
    // A device without a guid cannot ask for a code.
    const bare = new TestClient(fixture.app);
    await bare.visit();
    bare.cookies.delete(GUID_COOKIE);
    expect((await bare.post(SEND, { email: OWNER })).response.statusCode).toBe(400);
  });

  it('when codes are asked again, then 60008 within a minute; five mails an hour per email and per device, the sixth 60009', async () => {
    const d = await device('device-gggg-0007');
    await d.failFiveTimes();
    const rewind = () =>
      fixture.database.db
        .updateTable('sign_in_codes')
        .set({ last_sent_at: Date.now() - 61_000 })
        .where('guid', '=', 'device-gggg-0007')
        .execute();
    const seen = inbox.length;
    expect((await d.send(OWNER)).envelope?.ret_code).toBe(0);
    const old = await codeMailedTo(OWNER, seen);
    expect((await d.send(OWNER)).envelope?.ret_code).toBe(60008);
    for (let i = 2; i <= 5; i++) {
      await rewind();
      expect((await d.send(OWNER)).envelope?.ret_code, `send ${i}`).toBe(0);
    }
    await rewind();
    expect((await d.send(OWNER)).envelope?.ret_code).toBe(60009);
    // The same email from another device is held by the per-email count.
    const e = await device('device-hhhh-0008');
    await e.failFiveTimes();
    expect((await e.send(OWNER)).envelope?.ret_code).toBe(60009);
    // Per device: five other emails are the device's five; the sixth email is refused.
    for (const n of [1, 2, 3, 4, 5, 6])
      expect((await e.send(`a${n}@demo.test`)).envelope?.ret_code, `a${n}`).toBe(n === 6 ? 60009 : 0);
    // A resend replaces the code: the newest one mailed signs in (the first one no longer does).
    for (let i = 0; i < 100 && inbox.slice(seen).filter((m) => m.to === OWNER).length < 5; i++)
      await new Promise((resolve) => setTimeout(resolve, 50));
    expect(inbox.slice(seen).filter((m) => m.to === OWNER)).toHaveLength(5);
    const newest = await codeMailedTo(OWNER, seen);
    if (newest !== old)
      expect(
        (await d.login({ email: OWNER, password: DEMO_PASSWORD, emailCode: old })).envelope?.ret_code,
      ).toBe(60005);
    expect(
      (await d.login({ email: OWNER, password: DEMO_PASSWORD, emailCode: newest })).envelope?.ret_code,
    ).toBe(0);
  });

  it('when the code is older than 10 minutes, then 60006', async () => {
    const d = await device('device-iiii-0009');
    await d.failFiveTimes();
    const seen = inbox.length;
    await d.send(OWNER);
    const code = await codeMailedTo(OWNER, seen);
    await fixture.database.db
      .updateTable('sign_in_codes')
      .set({ expires_at: Date.now() - 1 })
      .execute();
    expect(
      (await d.login({ email: OWNER, password: DEMO_PASSWORD, emailCode: code })).envelope?.ret_code,
    ).toBe(60006);
  });
});

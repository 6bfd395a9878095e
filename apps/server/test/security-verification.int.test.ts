/**
 * Issue 15, security verification (docs/security-verification.md): every scene asks for it; the email
 * code goes out over real SMTP (an smtp-server started here) and is read from the message, plain and
 * HTML, translated; risk tokens are single-use and bound to person, scene and session; codes expire,
 * five wrong ones end a code, resends are limited; the authenticator app; the device check before
 * sign-in.
 */
import { describe, expect, it } from 'vitest';
import { SECURITY_SCENES, SECURITY_SCENE_CODES } from '@kyc/contracts';
import { useAppFixture } from './support/app-fixture.ts';
import { testDatabases } from './support/databases.ts';
import { useSmtpInbox, type Mail } from './support/smtp-inbox.ts';
import { TestClient, signedInClient } from './support/test-app.ts';
import { base32Decode, totpAt } from '../src/lib/totp.ts';

const INTERCEPT = '/v1/kyc/risk-component/intercept';
const RESET = '/v3/private/kyc/self-reset';
const REVEAL = '/v3/private/kyc/personal-info/reveal';

/** The person's mailbox: a real SMTP server. */
const smtp = useSmtpInbox();
const inbox = smtp.mails;

/** The newest mail to `to`; its six digits. */
function codeMailedTo(to: string): { mail: Mail; code: string } {
  const mail = [...inbox].reverse().find((m) => m.to === to);
  const code = /\b(\d{6})\b/.exec(mail?.text ?? '')?.[1];
  if (!mail || !code) throw new Error(`no code mailed to ${to}`);
  return { mail, code };
}

describe.each(testDatabases())('security verification on $name', (testDb) => {
  const fixture = useAppFixture(testDb, {
    get env() {
      return { SMTP_URL: smtp.url, MAIL_FROM: 'Security <security@kyc.test>' };
    },
  });

  const send = (client: TestClient, scene: number, headers: Record<string, string> = {}) =>
    client.post(INTERCEPT, { action: 'send', scene, component: 'otp' }, { headers });
  const verify = (client: TestClient, scene: number, code: string, component = 'otp') =>
    client.post(INTERCEPT, { action: 'verify', scene, component, code });

  async function tokenFor(client: TestClient, email: string, scene: number): Promise<string> {
    expect((await send(client, scene)).envelope?.ret_code).toBe(0);
    const answer = await verify(client, scene, codeMailedTo(email).code);
    expect(answer.envelope?.ret_code).toBe(0);
    return (answer.envelope?.result as { riskToken: string }).riskToken;
  }

  const challengeRow = (userId: number) =>
    fixture.database.db
      .selectFrom('verification_challenges')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('created_at', 'desc')
      .executeTakeFirstOrThrow();

  it('when any scene is queried, then verification is needed with the email code; an unknown scene is 10001', async () => {
    const client = await signedInClient(fixture.app, 'l1@demo.test');
    for (const scene of SECURITY_SCENE_CODES) {
      const { envelope } = await client.post(INTERCEPT, { action: 'query', scene });
      expect(envelope?.ret_code, String(scene)).toBe(0);
      expect(envelope?.result).toMatchObject({
        scene,
        needed: true,
        components: ['otp'],
        maskedEmail: 'l***@demo.test',
      });
    }
    expect((await client.post(INTERCEPT, { action: 'query', scene: 12345 })).envelope?.ret_code).toBe(10001);
    expect(
      (await new TestClient(fixture.app).post(INTERCEPT, { action: 'query', scene: 30331 })).envelope
        ?.ret_code,
    ).toBe(10007);
  });

  it('when a code is sent, then a translated plain and HTML mail carries it over SMTP and only its HMAC is stored', async () => {
    const client = await signedInClient(fixture.app, 'l1@demo.test');
    const sent = await send(client, SECURITY_SCENES.reset, { 'accept-language': 'de-DE' });
    expect(sent.envelope?.ret_code).toBe(0);
    expect(sent.envelope?.result).toMatchObject({
      challengeId: expect.any(String),
      maskedEmail: 'l***@demo.test',
    });
    const { mail, code } = codeMailedTo('l1@demo.test');
    expect(mail.subject).toBe('Ihr Sicherheitscode');
    expect(mail.text).toContain('Ihre Verifizierung zurücksetzen');
    expect(mail.html).toContain(code);
    expect(mail.html).toContain('lang="de-DE"');
    const row = await challengeRow(await fixture.userIdOf('l1@demo.test'));
    expect(row.code_hash).not.toContain(code);
    expect(row.code_hash.length).toBeGreaterThan(20);
  });

  it('when reset (30331), reveal (30029) and update (70029) are called without, with a foreign-scene or with a spent token, then 60001 / 60004 / 60003; with their own token they run', async () => {
    const client = await signedInClient(fixture.app, 'l1@demo.test');
    const email = 'l1@demo.test';
    expect((await client.post(RESET)).envelope?.ret_code).toBe(60001);
    expect((await client.post(REVEAL)).envelope?.ret_code).toBe(60001);

    const revealToken = await tokenFor(client, email, SECURITY_SCENES.eye);
    const wrongScene = await client.post(RESET, undefined, { headers: { 'x-risk-token': revealToken } });
    expect(wrongScene.envelope?.ret_code).toBe(60004);
    // Without the reveal, the verified person's details are answered masked (they were not before).
    const plain = await client.post('/v3/private/kyc/kyc-personal-info');
    expect(plain.envelope?.result).toMatchObject({ masked: true, dateOfBirth: '****-**-**' });
    expect((plain.envelope?.result as { firstName: string }).firstName).toMatch(/^\S\*\*\*$/u);
    const revealed = await client.post(REVEAL, undefined, { headers: { 'x-risk-token': revealToken } });
    expect(revealed.envelope?.ret_code).toBe(0);
    expect(revealed.envelope?.result).toMatchObject({
      firstName: expect.stringMatching(/^[^*]+$/),
      dateOfBirth: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      masked: false,
    });
    const again = await client.post(REVEAL, undefined, { headers: { 'x-risk-token': revealToken } });
    expect(again.envelope?.ret_code).toBe(60003);

    const updateToken = await tokenFor(client, email, SECURITY_SCENES.update);
    const update = await client.post(
      '/v3/private/kyc/update-id',
      {
        documentType: 'PASSPORT',
        country: 'DE',
        documentIds: ['0'.repeat(32)],
        firstName: 'Lena',
        lastName: 'Schmidt',
        dateOfBirth: '1990-04-12',
        expiryDate: '2035-01-31',
      },
      { headers: { 'x-risk-token': updateToken, 'idempotency-key': 'key-update-1' } },
    );
    // Past the step-up: the update's own rules answer (an unknown document).
    expect(update.envelope?.ret_code).toBe(1053);

    const resetToken = await tokenFor(client, email, SECURITY_SCENES.reset);
    const reset = await client.post(RESET, undefined, { headers: { 'x-risk-token': resetToken } });
    expect(reset.envelope?.ret_code).toBe(0);
    expect(reset.envelope?.result).toMatchObject({ level: 0 });
  });

  it('when a token is used from another session or by another person, or after it expired, then 60002', async () => {
    const first = await signedInClient(fixture.app, 'l1@demo.test');
    const second = await signedInClient(fixture.app, 'l1@demo.test');
    const other = await signedInClient(fixture.app, 'new@demo.test');
    const token = await tokenFor(first, 'l1@demo.test', SECURITY_SCENES.reset);
    const headers = { 'x-risk-token': token };
    expect((await second.post(RESET, undefined, { headers })).envelope?.ret_code).toBe(60002);
    expect((await other.post(RESET, undefined, { headers })).envelope?.ret_code).toBe(60002);
    expect(
      (await first.post(RESET, undefined, { headers: { 'x-risk-token': 'forged' } })).envelope?.ret_code,
    ).toBe(60002);
    await fixture.database.db
      .updateTable('risk_tokens')
      .set({ expires_at: Date.now() - 1 })
      .execute();
    expect((await first.post(RESET, undefined, { headers })).envelope?.ret_code).toBe(60002);
  });

  it('when two requests spend one token at the same moment, then exactly one runs and the other is 60003', async () => {
    const client = await signedInClient(fixture.app, 'l1@demo.test');
    const token = await tokenFor(client, 'l1@demo.test', SECURITY_SCENES.eye);
    const headers = { 'x-risk-token': token };
    const answers = await Promise.all([
      client.post(REVEAL, undefined, { headers }),
      client.post(REVEAL, undefined, { headers }),
    ]);
    expect(answers.map((a) => a.envelope?.ret_code).sort()).toEqual([0, 60003]);
  });

  it('when the code is older than 10 minutes, then 60006, and a new one can be sent', async () => {
    const client = await signedInClient(fixture.app, 'l1@demo.test');
    await send(client, SECURITY_SCENES.reset);
    const { code } = codeMailedTo('l1@demo.test');
    await fixture.database.db
      .updateTable('verification_challenges')
      .set({ expires_at: Date.now() - 1, last_sent_at: Date.now() - 11 * 60_000 })
      .execute();
    expect((await verify(client, SECURITY_SCENES.reset, code)).envelope?.ret_code).toBe(60006);
    expect((await send(client, SECURITY_SCENES.reset)).envelope?.ret_code).toBe(0);
    const fresh = codeMailedTo('l1@demo.test').code;
    expect((await verify(client, SECURITY_SCENES.reset, fresh)).envelope?.ret_code).toBe(0);
  });

  it('when five wrong codes are tried, then the fifth ends the code (60007) and even the right one is refused', async () => {
    const client = await signedInClient(fixture.app, 'l1@demo.test');
    await send(client, SECURITY_SCENES.reset);
    const { code } = codeMailedTo('l1@demo.test');
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 1; i <= 4; i++) {
      const answer = await verify(client, SECURITY_SCENES.reset, wrong);
      expect(answer.envelope?.ret_code).toBe(60005);
      expect(answer.envelope?.ret_msg).toContain(`${5 - i} tries left`);
    }
    expect((await verify(client, SECURITY_SCENES.reset, wrong)).envelope?.ret_code).toBe(60007);
    expect((await verify(client, SECURITY_SCENES.reset, code)).envelope?.ret_code).toBe(60007);
    expect((await challengeRow(await fixture.userIdOf('l1@demo.test'))).status).toBe('failed');
  });

  it('when concurrent wrong guesses arrive, then each counts: no more than five are ever checked', async () => {
    const client = await signedInClient(fixture.app, 'l1@demo.test');
    await send(client, SECURITY_SCENES.reset);
    const { code } = codeMailedTo('l1@demo.test');
    const wrong = code === '000000' ? '111111' : '000000';
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => verify(client, SECURITY_SCENES.reset, wrong)),
    );
    expect(answers.every((a) => [60005, 60007].includes(a.envelope?.ret_code ?? 0))).toBe(true);
    const row = await challengeRow(await fixture.userIdOf('l1@demo.test'));
    expect(row.attempts).toBeLessThanOrEqual(5);
    // The right code can no longer open the challenge once five wrong ones were counted.
    if (row.attempts === 5)
      expect((await verify(client, SECURITY_SCENES.reset, code)).envelope?.ret_code).toBe(60007);
  });

  it('when a code is asked again within a minute, then 60008; a resend replaces the old code; the sixth mail of an hour is 60009', async () => {
    const client = await signedInClient(fixture.app, 'l1@demo.test');
    const userId = await fixture.userIdOf('l1@demo.test');
    expect((await send(client, SECURITY_SCENES.reset)).envelope?.ret_code).toBe(0);
    const old = codeMailedTo('l1@demo.test').code;
    expect((await send(client, SECURITY_SCENES.reset)).envelope?.ret_code).toBe(60008);
    const rewind = () =>
      fixture.database.db
        .updateTable('verification_challenges')
        .set({ last_sent_at: Date.now() - 61_000 })
        .where('user_id', '=', userId)
        .where('status', '=', 'open')
        .execute();
    await rewind();
    expect((await send(client, SECURITY_SCENES.reset)).envelope?.ret_code).toBe(0);
    const fresh = codeMailedTo('l1@demo.test').code;
    if (fresh !== old)
      expect((await verify(client, SECURITY_SCENES.reset, old)).envelope?.ret_code).toBe(60005);
    // Sends are counted over the hour whatever the scene: three more reach five, the sixth is refused.
    for (const scene of [SECURITY_SCENES.eye, SECURITY_SCENES.update, SECURITY_SCENES.identityTransferBefore])
      expect((await send(client, scene)).envelope?.ret_code).toBe(0);
    expect((await send(client, SECURITY_SCENES.identityTransferAfter)).envelope?.ret_code).toBe(60009);
    expect((await verify(client, SECURITY_SCENES.reset, fresh)).envelope?.ret_code).toBe(0);
  });

  it('when a code is verified from another session than the one it was sent to, then it is not found (60010)', async () => {
    const first = await signedInClient(fixture.app, 'l1@demo.test');
    const second = await signedInClient(fixture.app, 'l1@demo.test');
    await send(first, SECURITY_SCENES.reset);
    const { code } = codeMailedTo('l1@demo.test');
    expect((await verify(second, SECURITY_SCENES.reset, code)).envelope?.ret_code).toBe(60010);
    const challengeId = (await challengeRow(await fixture.userIdOf('l1@demo.test'))).id;
    const byId = await second.post(INTERCEPT, {
      action: 'verify',
      scene: 30331,
      component: 'otp',
      code,
      challengeId,
    });
    expect(byId.envelope?.ret_code).toBe(60010);
  });

  it('when an authenticator app is enrolled and confirmed, then it is offered and its code earns a token once', async () => {
    const client = await signedInClient(fixture.app, 'l1@demo.test');
    expect((await client.get('/v3/private/user/security/totp')).envelope?.result).toEqual({ enabled: false });
    expect((await verify(client, SECURITY_SCENES.reset, '123456', 'totp')).envelope?.ret_code).toBe(60010);
    const enrol = await client.post('/v3/private/user/security/totp/enrol', undefined, {
      headers: { 'x-risk-token': await tokenFor(client, 'l1@demo.test', SECURITY_SCENES.authenticator) },
    });
    const { secret, otpauthUri } = enrol.envelope?.result as { secret: string; otpauthUri: string };
    expect(otpauthUri).toMatch(/^otpauth:\/\/totp\//);
    const key = base32Decode(secret);
    const previous = totpAt(key, Date.now() - 30_000);
    const confirm = await client.post('/v3/private/user/security/totp/confirm', { code: previous });
    expect(confirm.envelope?.result).toEqual({ enabled: true });
    const again = await client.post('/v3/private/user/security/totp/enrol', undefined, {
      headers: { 'x-risk-token': await tokenFor(client, 'l1@demo.test', SECURITY_SCENES.authenticator) },
    });
    expect(again.envelope?.ret_code).toBe(60011);
    const query = await client.post(INTERCEPT, { action: 'query', scene: SECURITY_SCENES.reset });
    expect(query.envelope?.result).toMatchObject({ components: ['otp', 'totp'] });
    const now = totpAt(key, Date.now());
    const first = await verify(client, SECURITY_SCENES.reset, now, 'totp');
    expect(first.envelope?.ret_code).toBe(0);
    expect((await verify(client, SECURITY_SCENES.reset, now, 'totp')).envelope?.ret_code).toBe(60005);
    const token = (first.envelope?.result as { riskToken: string }).riskToken;
    expect(
      (await client.post(RESET, undefined, { headers: { 'x-risk-token': token } })).envelope?.ret_code,
    ).toBe(0);
    const stored = await fixture.database.db
      .selectFrom('user_totp')
      .select('secret_enc')
      .executeTakeFirstOrThrow();
    expect(stored.secret_enc).not.toContain(secret);
  });

  it('when an authenticator app is set up, then it takes a risk token of scene 30032 earned by the email code: not none, not another scene, not the app', async () => {
    const client = await signedInClient(fixture.app, 'l1@demo.test');
    const enrol = (token?: string) =>
      client.post('/v3/private/user/security/totp/enrol', undefined, {
        headers: token ? { 'x-risk-token': token } : {},
      });
    // A stolen session alone must not add an authenticator and then pass every scene with it.
    expect((await enrol()).envelope?.ret_code).toBe(60001);
    const resetToken = await tokenFor(client, 'l1@demo.test', SECURITY_SCENES.reset);
    expect((await enrol(resetToken)).envelope?.ret_code).toBe(60004);
    const query = await client.post(INTERCEPT, { action: 'query', scene: SECURITY_SCENES.authenticator });
    expect(query.envelope?.result).toMatchObject({ needed: true, components: ['otp'] });
    expect((await verify(client, SECURITY_SCENES.authenticator, '123456', 'totp')).envelope?.ret_code).toBe(
      60010,
    );
    const token = await tokenFor(client, 'l1@demo.test', SECURITY_SCENES.authenticator);
    expect(codeMailedTo('l1@demo.test').mail.text).toContain('set up an authenticator app');
    const answer = await enrol(token);
    expect(answer.envelope?.ret_code).toBe(0);
    expect(answer.envelope?.result).toMatchObject({
      otpauthUri: expect.stringMatching(/^otpauth:\/\/totp\//),
    });
    expect((await enrol(token)).envelope?.ret_code).toBe(60003);
  });

  it('when five wrong authenticator codes are typed, even at once, then the app is refused for 15 minutes (60013), even with a right code; the email code still works', async () => {
    const client = await signedInClient(fixture.app, 'l1@demo.test');
    const enrol = await client.post('/v3/private/user/security/totp/enrol', undefined, {
      headers: { 'x-risk-token': await tokenFor(client, 'l1@demo.test', SECURITY_SCENES.authenticator) },
    });
    const key = base32Decode((enrol.envelope?.result as { secret: string }).secret);
    const confirm = await client.post('/v3/private/user/security/totp/confirm', {
      code: totpAt(key, Date.now() - 30_000),
    });
    expect(confirm.envelope?.result).toEqual({ enabled: true });
    // A stolen session guessing the code that removes the app, eight guesses at once: five are checked
    // (wrong), the rest refused unchecked; then nothing passes.
    const wrong = totpAt(key, Date.now() + 20 * 30_000);
    const burst = await Promise.all(
      Array.from({ length: 8 }, () => client.post('/v3/private/user/security/totp/disable', { code: wrong })),
    );
    expect(burst.map((r) => r.envelope?.ret_code).sort()).toEqual([
      60005, 60005, 60005, 60005, 60005, 60013, 60013, 60013,
    ]);
    const right = totpAt(key, Date.now());
    expect(
      (await client.post('/v3/private/user/security/totp/disable', { code: right })).envelope?.ret_code,
    ).toBe(60013);
    expect((await verify(client, SECURITY_SCENES.reset, right, 'totp')).envelope?.ret_code).toBe(60013);
    expect((await client.get('/v3/private/user/security/totp')).envelope?.result).toEqual({ enabled: true });
    // The email code is another factor and is not locked.
    expect(await tokenFor(client, 'l1@demo.test', SECURITY_SCENES.reset)).toMatch(/.{20,}/);
  });

  it('when a device fails to sign in five times, then default-intercept (form-encoded sence, guid header) asks for the email code; a success (with the code, D80) clears it', async () => {
    const device = new TestClient(fixture.app);
    await device.visit();
    const guid = '0b8a7c5e-1111-4222-8333-944445555666';
    const intercept = () =>
      device.post('/user/public/risk/default-intercept', undefined, {
        payload: 'sence=login',
        headers: { 'content-type': 'application/x-www-form-urlencoded', guid },
      });
    expect((await intercept()).envelope?.result).toEqual({ intercept: false, components: [] });
    for (let i = 0; i < 5; i++)
      await device.post(
        '/user/public/login',
        { email: 'new@demo.test', password: 'wrong password here' },
        { headers: { guid } },
      );
    expect((await intercept()).envelope?.result).toEqual({ intercept: true, components: ['otp'] });
    const other = await device.post('/user/public/risk/default-intercept', undefined, {
      payload: 'sence=login',
      headers: { 'content-type': 'application/x-www-form-urlencoded', guid: 'another-device-guid-0001' },
    });
    expect(other.envelope?.result).toEqual({ intercept: false, components: [] });
    const { DEMO_PASSWORD } = await import('../src/seed/demo.ts');
    const signIn = (emailCode?: string) =>
      device.post(
        '/user/public/login',
        { email: 'l1@demo.test', password: DEMO_PASSWORD, ...(emailCode ? { emailCode } : {}) },
        { headers: { guid } },
      );
    // D80: the intercepted device signs in with the email code only (sign-in-intercept.int.test.ts).
    expect((await signIn()).envelope?.ret_code).toBe(60014);
    const seen = inbox.length;
    await device.post('/user/public/login/email-code', { email: 'l1@demo.test' }, { headers: { guid } });
    await expect.poll(() => inbox.slice(seen).some((m) => m.to === 'l1@demo.test')).toBe(true);
    expect((await signIn(codeMailedTo('l1@demo.test').code)).envelope?.ret_code).toBe(0);
    expect((await intercept()).envelope?.result).toEqual({ intercept: false, components: [] });
  });

  it('when SMTP refuses the mail, then 60012 and the next ask is not held back', async () => {
    const client = await signedInClient(fixture.app, 'l1@demo.test');
    // The configured server is this file's; a mail to an address it rejects stands for a failure.
    smtp.refuseRecipients(true);
    try {
      expect((await send(client, SECURITY_SCENES.reset)).envelope?.ret_code).toBe(60012);
    } finally {
      smtp.refuseRecipients(false);
    }
    expect((await send(client, SECURITY_SCENES.reset)).envelope?.ret_code).toBe(0);
  });
});

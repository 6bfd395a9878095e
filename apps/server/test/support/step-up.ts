/**
 * Security verification in tests (issue 15): a risk token earned as a person does, with the email code
 * read from where the server put it — the development mailbox (no SMTP_URL in the test configuration) —
 * or, in security-verification.int.test.ts, from a real SMTP server started by the test.
 */
import { HOST_COOKIE_PREFIX, SESSION_COOKIE } from '@kyc/contracts';
import type { Db } from '../../src/data/db.ts';
import { securityVerificationRepo } from '../../src/data/repositories/security-verification-repo.ts';
import { randomToken, sha256Hex } from '../../src/lib/tokens.ts';
import type { TestClient } from './test-app.ts';

const INTERCEPT = '/v1/kyc/risk-component/intercept';

/** The six digits of the newest development-mailbox mail (to `to`, when given). */
export async function newestMailedCode(client: TestClient, to?: string): Promise<string> {
  const query = new URLSearchParams({ format: 'json', ...(to ? { to } : {}) });
  const { envelope } = await client.get(`/dev/mailbox?${query.toString()}`);
  const mails = (envelope?.result ?? []) as Array<{ text_body: string }>;
  const code = /\b(\d{6})\b/.exec(mails[0]?.text_body ?? '')?.[1];
  if (!code) throw new Error(`no code in the development mailbox: ${JSON.stringify(mails[0])}`);
  return code;
}

/** Sends an email code for `scene`, reads it, verifies it: answers the risk token. */
export async function stepUpToken(client: TestClient, scene: number): Promise<string> {
  const sent = await client.post(INTERCEPT, { action: 'send', scene, component: 'otp' });
  if (sent.envelope?.ret_code !== 0) throw new Error(`send failed: ${JSON.stringify(sent.envelope)}`);
  const code = await newestMailedCode(client);
  const verified = await client.post(INTERCEPT, { action: 'verify', scene, component: 'otp', code });
  if (verified.envelope?.ret_code !== 0)
    throw new Error(`verify failed: ${JSON.stringify(verified.envelope)}`);
  return (verified.envelope.result as { riskToken: string }).riskToken;
}

/** The header a protected call carries. */
export async function stepUpHeaders(client: TestClient, scene: number): Promise<Record<string, string>> {
  return { 'x-risk-token': await stepUpToken(client, scene) };
}

/**
 * A risk token written straight into the database for the client's session: for tests of a protected
 * call itself (update-id's rules), which would otherwise hit the email limits they do not test.
 * Anonymous clients get no header.
 */
export async function grantedRiskHeaders(
  db: Db,
  client: TestClient,
  scene: number,
): Promise<Record<string, string>> {
  const cookie =
    client.cookies.get(`${HOST_COOKIE_PREFIX}${SESSION_COOKIE}`) ?? client.cookies.get(SESSION_COOKIE);
  if (!cookie) return {};
  const sessionId = sha256Hex(cookie);
  const session = await db
    .selectFrom('sessions')
    .select('subject_id')
    .where('id', '=', sessionId)
    .executeTakeFirst();
  if (!session) return {};
  const token = randomToken(32);
  const at = Date.now();
  await securityVerificationRepo(db).insertRiskToken({
    tokenHash: sha256Hex(token),
    userId: Number(session.subject_id),
    sessionId,
    scene,
    component: 'otp',
    at,
    expiresAt: at + 5 * 60_000,
  });
  return { 'x-risk-token': token };
}

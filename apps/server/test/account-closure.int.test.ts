/**
 * Closing an account and the erasure request (issue 20, docs/data-lifecycle.md "Closing an account",
 * D76–D77): behind a risk token of scene 30035 only; one closure however many requests race; pending
 * work withdrawn; partner links revoked and each partner told by a signed `account.closed`; every session
 * dead and sign-in refused (62030); what remains dated by the policy in force; the erasure request takes
 * at once what no law requires and records its answer; a legal hold keeps everything; staff close with
 * `close_accounts` and a reason, audited.
 */
import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  PERSON_RETENTION_KINDS,
  RETENTION_KINDS,
  SECURITY_SCENES,
  type AccountClosureResult,
  type AccountClosureView,
  type PartnerWebhookSaved,
  type ReviewQueueResult,
} from '@kyc/contracts';
import { useAppFixture } from './support/app-fixture.ts';
import { testDatabases } from './support/databases.ts';
import { staffClient, uploadAs, userClient, userWithCase } from './support/kyc-flows.ts';
import { grantedRiskHeaders, stepUpHeaders } from './support/step-up.ts';
import { TestClient } from './support/test-app.ts';
import { DEMO_PASSWORD } from '../src/seed/demo.ts';
import { repositories } from '../src/data/repositories/index.ts';
import { addPeriod } from '../src/domain/retention/due-rules.ts';

const CLOSE = '/v3/private/user/account/close';
const ERASE = '/v3/private/user/account/erasure-request';
const SCENE = SECURITY_SCENES.closeAccount;

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

/** A real HTTP receiver on 127.0.0.1: what a partner's endpoint sees. */
async function startReceiver() {
  const received: Received[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      response.statusCode = 200;
      response.end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/kyc-hook`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The partner's check: the signature over ts + raw body under its webhook secret. */
function signedBy(secret: string, r: Received): boolean {
  const ts = String(r.headers['kyc-webhook-ts']);
  const expected = createHmac('sha256', secret)
    .update(ts + r.body)
    .digest('hex');
  return r.headers['kyc-webhook-sign'] === expected;
}

describe.each(testDatabases())('closing an account on $name', (testDb) => {
  const fixture = useAppFixture(testDb);
  const closers: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const close of closers.splice(0)) await close();
  });
  const repos = () => repositories(fixture.database.db);
  const webhookJob = () => {
    const found = fixture.app.jobs.find((j) => j.name === 'partner-webhooks');
    if (!found) throw new Error('no partner-webhooks job');
    return found;
  };
  // The demo seed's own status changes are dispatched to no one before any test links a partner.
  beforeEach(async () => {
    await webhookJob().run();
  });

  const closureRows = async (userId: number) =>
    fixture.database.db.selectFrom('account_closures').selectAll().where('user_id', '=', userId).execute();
  const sessionsOf = async (userId: number) =>
    fixture.database.db
      .selectFrom('sessions')
      .select('id')
      .where('audience', '=', 'user')
      .where('subject_id', '=', userId)
      .execute();
  const signIn = async (email: string, password = DEMO_PASSWORD) => {
    const client = new TestClient(fixture.app);
    await client.visit();
    return (await client.post('/user/public/login', { email, password })).envelope?.ret_code;
  };

  /** The demo partner's webhook pointed at a real receiver, and the person linked under `ref`. */
  async function linkedPartner(email: string, ref: string) {
    const receiver = await startReceiver();
    closers.push(receiver.close);
    const admin = await staffClient(fixture.app, 'admin@demo.test');
    const { envelope } = await admin.send('PUT', '/backoffice/api/partners/demo-partner/webhook', {
      url: receiver.url,
      enabled: true,
    });
    expect(envelope?.ret_code).toBe(0);
    const { secret } = envelope?.result as PartnerWebhookSaved;
    const userId = await fixture.userIdOf(email);
    await repos().partnerLinks.insertLink(
      { businessId: 'demo-partner', ref, userId, consentVersion: 'v1' },
      Date.now(),
    );
    return { receiver, secret: secret as string, userId };
  }

  it('when the person closes without a risk token, with another scene’s, or with a spent one, then it is refused (60001, 60004, 60003) and nothing is closed', async () => {
    const client = await userClient(fixture.app, 'l1@demo.test');
    const userId = await fixture.userIdOf('l1@demo.test');
    expect((await client.post(CLOSE, { confirm: true })).envelope?.ret_code).toBe(60001);
    const reset = await grantedRiskHeaders(fixture.database.db, client, SECURITY_SCENES.reset);
    expect((await client.post(CLOSE, { confirm: true }, { headers: reset })).envelope?.ret_code).toBe(60004);
    expect((await client.post(ERASE, { confirm: true }, { headers: reset })).envelope?.ret_code).toBe(60004);
    const spent = await grantedRiskHeaders(fixture.database.db, client, SCENE);
    await fixture.database.db.updateTable('risk_tokens').set({ used_at: Date.now() }).execute();
    expect((await client.post(CLOSE, { confirm: true }, { headers: spent })).envelope?.ret_code).toBe(60003);
    // The confirmation is part of the request: without it the call is refused before the token is spent.
    const token = await grantedRiskHeaders(fixture.database.db, client, SCENE);
    expect((await client.post(CLOSE, {}, { headers: token })).envelope?.ret_code).toBe(10001);
    expect(await closureRows(userId)).toEqual([]);
    expect((await client.get('/v2/private/user/profile')).envelope?.ret_code).toBe(0);
  });

  it('when a person with a pending case and a partner link closes behind the email code, then the closure is recorded once, pending work withdrawn, the link revoked and the partner told (signed), every session dead, sign-in refused with 62030, and what remains is dated by the policy', async () => {
    const { client } = await userWithCase(fixture.app, 'new@demo.test');
    const { receiver, secret, userId } = await linkedPartner('new@demo.test', 'partner-ref-7');
    const other = await userClient(fixture.app, 'new@demo.test');
    expect(await sessionsOf(userId)).toHaveLength(2);
    const reviewer = await staffClient(fixture.app, 'reviewer@demo.test');
    const queued = async () =>
      ((await reviewer.get('/backoffice/api/queue?limit=100')).envelope?.result as ReviewQueueResult).items
        .filter((item) => item.userId === userId)
        .map((item) => item.kind);
    expect(await queued()).toEqual(['level']);

    const answer = await client.post(
      CLOSE,
      { confirm: true },
      { headers: await stepUpHeaders(client, SCENE) },
    );
    expect(answer.envelope?.ret_code).toBe(0);
    const result = answer.envelope?.result as AccountClosureResult;
    expect(result).toMatchObject({ closedBy: 'self', site: 'GLOBAL', policyVersion: 1 });
    expect(result.remains.map((r) => r.kind)).toEqual([...RETENTION_KINDS]);
    const documents = result.remains.find((r) => r.kind === 'identity_documents');
    expect(documents).toMatchObject({ period: 'P5Y', clock: 'relationship_end' });
    expect(documents?.until).toBe(addPeriod(result.closedAt, 'P5Y'));
    expect(documents?.legalSource).toMatch(/FATF Recommendation 11/);
    expect(result.remains.find((r) => r.kind === 'drafts')?.until).toBe(addPeriod(result.closedAt, 'P30D'));

    const [row] = await closureRows(userId);
    expect(row).toMatchObject({ closed_by: 'self', staff_id: null });
    expect(Number(row?.closed_at)).toBe(result.closedAt);
    // The case's pending submission is withdrawn (out of the queue), the level step no longer allowed.
    const submissions = await fixture.submissionsOf('new@demo.test');
    expect(submissions.map((s) => s.status)).toEqual(['WITHDRAWN']);
    expect(await queued()).toEqual([]);
    // Every session ended, this one's cookies cleared; sign-in answers 62030 for the right password only.
    expect(await sessionsOf(userId)).toEqual([]);
    expect((await client.get('/v2/private/user/profile')).envelope?.ret_code).toBe(10007);
    expect((await other.get('/v2/private/user/profile')).envelope?.ret_code).toBe(10007);
    expect(await signIn('new@demo.test')).toBe(62030);
    expect(await signIn('new@demo.test', 'not the password')).toBe(20001);
    // The link is revoked and the partner receives one signed account.closed by its own reference.
    const links = await fixture.database.db
      .selectFrom('partner_links')
      .select(['revoked_at', 'revoked_by'])
      .where('user_id', '=', userId)
      .execute();
    expect(links).toEqual([{ revoked_at: expect.anything(), revoked_by: 'user' }]);
    await webhookJob().run();
    const closed = receiver.received.filter((r) => r.body.includes('account.closed'));
    expect(closed).toHaveLength(1);
    const first = closed[0] as Received;
    expect(signedBy(secret, first)).toBe(true);
    expect(JSON.parse(first.body)).toMatchObject({
      type: 'account.closed',
      userRef: 'partner-ref-7',
      kind: 'account',
      ref: 'self',
      status: 'CLOSED',
      occurredAt: result.closedAt,
    });
    expect(first.body).not.toContain('new@demo.test');
  });

  it('when two tabs close at the same moment, then exactly one closure is recorded, one partner delivery made, and the other request is refused (62031, or 10007 once its session is gone)', async () => {
    const { userId } = await linkedPartner('l1@demo.test', 'ref-race');
    const a = await userClient(fixture.app, 'l1@demo.test');
    const b = await userClient(fixture.app, 'l1@demo.test');
    const [ha, hb] = [
      await grantedRiskHeaders(fixture.database.db, a, SCENE),
      await grantedRiskHeaders(fixture.database.db, b, SCENE),
    ];
    const answers = await Promise.all([
      a.post(CLOSE, { confirm: true }, { headers: ha }),
      b.post(CLOSE, { confirm: true }, { headers: hb }),
      a.post(CLOSE, { confirm: true }, { headers: ha }),
    ]);
    const codes = answers.map((x) => x.envelope?.ret_code);
    expect(codes.filter((c) => c === 0)).toHaveLength(1);
    for (const code of codes.filter((c) => c !== 0)) expect([62031, 10007, 60003]).toContain(code);
    expect(await closureRows(userId)).toHaveLength(1);
    const deliveries = await fixture.database.db
      .selectFrom('partner_webhook_deliveries')
      .select('event_type')
      .where('user_id', '=', userId)
      .where('event_type', '=', 'account.closed')
      .execute();
    expect(deliveries).toHaveLength(1);
  });

  it('when the person asks for erasure, then the account closes, what no law requires goes at once (an upload never submitted, the security log, sessions) and the answer lists the kept kinds with their dates and sources; staff see the request', async () => {
    const { client } = await userWithCase(fixture.app, 'new@demo.test');
    const userId = await fixture.userIdOf('new@demo.test');
    await uploadAs(client, 'back'); // never submitted
    const unattached = () =>
      fixture.database.db
        .selectFrom('kyc_documents')
        .select(['id', 'submission_id'])
        .where('user_id', '=', userId)
        .execute();
    expect((await unattached()).filter((d) => d.submission_id === null)).toHaveLength(1);

    const answer = await client.post(
      ERASE,
      { confirm: true },
      { headers: await stepUpHeaders(client, SCENE) },
    );
    expect(answer.envelope?.ret_code).toBe(0);
    const result = answer.envelope?.result as AccountClosureResult;
    const erasure = result.erasure;
    expect(erasure).toBeDefined();
    expect(erasure?.granted).toEqual(
      expect.arrayContaining([
        { kind: 'unsubmitted_uploads', count: 1 },
        { kind: 'sessions_security_log', count: expect.any(Number) },
        { kind: 'drafts', count: 0 },
      ]),
    );
    expect(erasure?.kept.map((k) => k.kind)).toEqual([...PERSON_RETENTION_KINDS]);
    for (const kept of erasure?.kept ?? []) {
      expect(kept.until).toBe(addPeriod(result.closedAt, 'P5Y'));
      expect(kept.legalSource).not.toBe('');
    }
    // The submitted documents stay (AML records); the upload never submitted and the log are gone.
    const documents = await unattached();
    expect(documents).toHaveLength(2);
    expect(documents.every((d) => d.submission_id !== null)).toBe(true);
    const log = await fixture.database.db
      .selectFrom('user_security_events')
      .select('id')
      .where('user_id', '=', userId)
      .execute();
    expect(log).toEqual([]);
    expect(await signIn('new@demo.test')).toBe(62030);

    const senior = await staffClient(fixture.app, 'senior@demo.test');
    const view = (await senior.get(`/backoffice/api/cases/${userId}/closure`)).envelope
      ?.result as AccountClosureView;
    expect(view.closure).toMatchObject({ closedBy: 'self', staff: null });
    expect(view.erasureRequests).toHaveLength(1);
    expect(view.erasureRequests[0]).toMatchObject({ id: erasure?.id, held: false });
    expect(view.remains).toHaveLength(RETENTION_KINDS.length);
  });

  it('when a person on legal hold asks for erasure, then the account closes but nothing is erased, everything is kept (without saying why a hold), and staff see that it was held', async () => {
    const { client } = await userWithCase(fixture.app, 'new@demo.test');
    const userId = await fixture.userIdOf('new@demo.test');
    await uploadAs(client, 'back');
    await repos().retention.insertHold({
      userId,
      caseRef: '',
      reason: 'investigation',
      note: 'test',
      reviewAt: Date.now() + 86_400_000,
      createdBy: 1,
      createdAt: Date.now(),
    });
    const answer = await client.post(
      ERASE,
      { confirm: true },
      { headers: await stepUpHeaders(client, SCENE) },
    );
    expect(answer.envelope?.ret_code).toBe(0);
    const result = answer.envelope?.result as AccountClosureResult;
    expect(result.erasure?.granted).toEqual([]);
    expect(result.erasure?.kept.map((k) => k.kind)).toEqual([...RETENTION_KINDS]);
    expect(JSON.stringify(result)).not.toMatch(/hold/i);
    const documents = await fixture.database.db
      .selectFrom('kyc_documents')
      .select('id')
      .where('user_id', '=', userId)
      .execute();
    expect(documents).toHaveLength(3);
    const admin = await staffClient(fixture.app, 'admin@demo.test');
    const view = (await admin.get(`/backoffice/api/cases/${userId}/closure`)).envelope
      ?.result as AccountClosureView;
    expect(view.erasureRequests[0]?.held).toBe(true);
  });

  it('when staff close an account, then it takes close_accounts (a reviewer is refused) and a reason, is recorded as staff with the reason, audited, and a second close is 62031', async () => {
    const userId = await fixture.userIdOf('l1@demo.test');
    const person = await userClient(fixture.app, 'l1@demo.test');
    const reviewer = await staffClient(fixture.app, 'reviewer@demo.test');
    const senior = await staffClient(fixture.app, 'senior@demo.test');
    const close = (staff: TestClient, body: unknown, id = userId) =>
      staff.post(`/backoffice/api/cases/${id}/close`, body);

    expect((await close(reviewer, { reason: 'Customer asked by phone' })).envelope?.ret_code).toBe(10005);
    expect((await close(senior, {})).envelope?.ret_code).toBe(10001);
    expect((await close(senior, { reason: '  ' })).envelope?.ret_code).toBe(10001);
    expect((await close(senior, { reason: 'x' }, 999_999)).envelope?.ret_code).toBe(10001);
    expect((await close(senior, { reason: 'Customer asked' }, 999_999)).envelope?.ret_code).toBe(62032);
    expect(await closureRows(userId)).toEqual([]);

    const answer = await close(senior, { reason: 'Customer asked by phone (ticket 42)' });
    expect(answer.envelope?.ret_code).toBe(0);
    expect(answer.envelope?.result).toMatchObject({ closedBy: 'staff' });
    const [row] = await closureRows(userId);
    expect(row).toMatchObject({ closed_by: 'staff', reason: 'Customer asked by phone (ticket 42)' });
    expect(Number(row?.staff_id)).toBeGreaterThan(0);
    expect((await person.get('/v2/private/user/profile')).envelope?.ret_code).toBe(10007);
    expect(await signIn('l1@demo.test')).toBe(62030);

    const audit = await fixture.database.db
      .selectFrom('audit_log')
      .select(['action', 'staff_id', 'subject_user_id', 'details'])
      .where('action', '=', 'account.close')
      .execute();
    expect(audit).toHaveLength(1);
    expect(Number(audit[0]?.subject_user_id)).toBe(userId);
    expect(Number(audit[0]?.staff_id)).toBe(Number(row?.staff_id));
    expect(String(audit[0]?.details)).not.toContain('ticket 42');

    expect((await close(senior, { reason: 'Again' })).envelope?.ret_code).toBe(62031);
    const admin = await staffClient(fixture.app, 'admin@demo.test');
    expect((await close(admin, { reason: 'Again, as admin' })).envelope?.ret_code).toBe(62031);
    expect(await closureRows(userId)).toHaveLength(1);
    const view = (await reviewer.get(`/backoffice/api/cases/${userId}/closure`)).envelope
      ?.result as AccountClosureView;
    expect(view.closure).toMatchObject({ closedBy: 'staff', reason: 'Customer asked by phone (ticket 42)' });
    expect(view.closure?.staff?.name).not.toBe('');
  });
});

/**
 * Webhooks to partners (issue 13, docs/sdk.md "Webhooks to partners", D45): a status change of a linked
 * person writes one outbox row in the change's own transaction; the job turns it into a signed POST to
 * a real local receiver; failures follow the retry schedule; concurrent runs send once; redelivery is
 * audited and admin-only; partners hear only of their own linked people; the list pages by cursor.
 */
import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  PARTNER_WEBHOOK_RETRY_DELAYS_MS,
  type AuditResult,
  type PartnerWebhookAnswer,
  type PartnerWebhookSaved,
  type WebhookDeliveryEntry,
  type QuestionnaireAnswers,
  type WebhookDeliveryList,
} from '@kyc/contracts';
import { useAppFixture } from './support/app-fixture.ts';
import { testDatabases } from './support/databases.ts';
import { decide, staffClient, userClient } from './support/kyc-flows.ts';
import { submittedQuestionnaire } from './support/questionnaires.ts';
import type { TestClient } from './support/test-app.ts';
import { repositories } from '../src/data/repositories/index.ts';

const PARTNERS = '/backoffice/api/partners';
const REJECT = {
  decision: 'reject_retry',
  level: 1,
  reasonCode: 'BLURRY',
  userMessage: 'The photo is blurred.',
};

/** The AML questionnaire answered by someone retired with savings (as in kyc-info-questionnaires). */
const AML_ANSWERS: QuestionnaireAnswers = {
  employment_status: 'retired',
  tax_residence_country: 'DE',
  has_tin: false,
  no_tin_reason: 'not_required',
  us_person: false,
  annual_income: 'under_25k',
  net_worth: 'under_50k',
  source_of_funds: ['savings'],
  account_purpose: ['long_term_investment'],
  monthly_volume: 'under_1k',
  acting_for_third_party: false,
  is_pep: false,
  is_pep_related: false,
  declaration_true: true,
  declaration_updates: true,
};

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

/** A real HTTP receiver on 127.0.0.1 (port 0): records each request, answers `status()`. */
async function startReceiver(status: () => number = () => 200) {
  const received: Received[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      response.statusCode = status();
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

/** What a partner does with a delivery: recompute the signature over ts + raw body. */
function verifies(secret: string, r: Received): boolean {
  const ts = String(r.headers['kyc-webhook-ts']);
  const expected = createHmac('sha256', secret)
    .update(ts + r.body)
    .digest('hex');
  return r.headers['kyc-webhook-sign'] === expected && Math.abs(Number(ts) * 1000 - Date.now()) < 60_000;
}

describe.each(testDatabases())('webhooks to partners on $name', (testDb) => {
  const fixture = useAppFixture(testDb);
  const closers: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const close of closers.splice(0)) await close();
  });

  const repos = () => repositories(fixture.database.db);
  const job = () => {
    const found = fixture.app.jobs.find((j) => j.name === 'partner-webhooks');
    if (!found) throw new Error('no partner-webhooks job');
    return found;
  };

  // The demo seed's own status changes happened before anyone was linked: dispatched to no one.
  beforeEach(async () => {
    await job().run();
  });

  async function receiver(status?: () => number) {
    const r = await startReceiver(status);
    closers.push(r.close);
    return r;
  }

  /** Links the person to the partner under the partner's reference (as consent would). */
  async function link(businessId: string, email: string, ref: string) {
    const userId = await fixture.userIdOf(email);
    await repos().partnerLinks.insertLink({ businessId, ref, userId, consentVersion: 'v1' }, Date.now());
    return userId;
  }

  async function register(admin: TestClient, businessId: string, url: string): Promise<PartnerWebhookSaved> {
    const { envelope } = await admin.send('PUT', `${PARTNERS}/${businessId}/webhook`, { url, enabled: true });
    expect(envelope?.ret_code).toBe(0);
    return envelope?.result as PartnerWebhookSaved;
  }

  async function deliveries(admin: TestClient, businessId: string, query = ''): Promise<WebhookDeliveryList> {
    const { envelope } = await admin.get(`${PARTNERS}/${businessId}/webhook-deliveries${query}`);
    expect(envelope?.ret_code).toBe(0);
    return envelope?.result as WebhookDeliveryList;
  }

  const auditOf = async (admin: TestClient, action: string) =>
    ((await admin.get(`/backoffice/api/audit?action=${action}`)).envelope?.result as AuditResult).items;

  it('when a reviewer decides on a linked person, then exactly one outbox row is written with the change; a refused decision and a rolled-back change write none', async () => {
    const userId = await link('demo-partner', 'pending@demo.test', 'ref-pending');
    const before = await repos().statusOutbox.eventsOf(userId);
    const reviewer = await staffClient(fixture.app, 'reviewer@demo.test');
    expect((await decide(reviewer, userId, REJECT)).ret_code).toBe(0);
    const after = (await repos().statusOutbox.eventsOf(userId)).slice(before.length);
    expect(after).toEqual([
      expect.objectContaining({
        kind: 'kyc_level',
        ref: 'LEVEL_1',
        status: 'FAILED_AND_CAN_RETRY',
        dispatched_at: null,
      }),
    ]);

    // Refused (an illegal transition): no state change, no event.
    expect((await decide(reviewer, userId, REJECT)).ret_code).not.toBe(0);
    // A change whose transaction rolls back takes its event with it.
    await expect(
      repos().transaction(async (tx) => {
        await tx.kyc.setLevelState(userId, 1, { status: 'SUCCESS' }, Date.now());
        expect(await tx.statusOutbox.eventsOf(userId)).toHaveLength(before.length + 2);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await repos().statusOutbox.eventsOf(userId)).toHaveLength(before.length + 1);
    expect((await repos().kyc.levelStates(userId))[0]?.status).toBe('FAILED_AND_CAN_RETRY');
  });

  it('when the job runs, then the partner receives one signed POST naming the person by its own reference, and the delivery shows delivered 200', async () => {
    const hook = await receiver();
    const admin = await staffClient(fixture.app, 'admin@demo.test');
    const { secret } = await register(admin, 'demo-partner', hook.url);
    const userId = await link('demo-partner', 'pending@demo.test', 'ref-pending');
    const reviewer = await staffClient(fixture.app, 'reviewer@demo.test');
    expect((await decide(reviewer, userId, REJECT)).ret_code).toBe(0);

    expect(await job().run()).toBeGreaterThanOrEqual(2); // one delivery made, one attempt
    expect(hook.received).toHaveLength(1);
    const [got] = hook.received;
    if (!got || !secret) throw new Error('nothing received');
    expect(verifies(secret, got)).toBe(true);
    expect(verifies(`${secret.slice(0, -1)}x`, got)).toBe(false);
    const body = JSON.parse(got.body) as Record<string, unknown>;
    expect(body).toEqual({
      eventId: expect.stringMatching(/^evt_[0-9a-f]{32}$/),
      type: 'kyc_level.status_changed',
      userRef: 'ref-pending',
      kind: 'kyc_level',
      ref: 'LEVEL_1',
      status: 'FAILED_AND_CAN_RETRY',
      occurredAt: expect.any(Number),
    });
    expect(got.headers['kyc-webhook-event']).toBe(body.eventId);
    expect(got.body).not.toContain('pending@demo.test');
    expect(got.body).not.toContain(`"${userId}"`);

    const list = await deliveries(admin, 'demo-partner');
    expect(list.items).toEqual([
      expect.objectContaining({
        eventId: body.eventId,
        status: 'delivered',
        attempts: 1,
        lastStatusCode: 200,
        nextAttemptAt: null,
        ref: 'LEVEL_1',
        eventStatus: 'FAILED_AND_CAN_RETRY',
      }),
    ]);
    expect(await job().run()).toBe(0);
    expect(hook.received).toHaveLength(1);
  });

  it('when the partner answers 500, then the retry is due in 5 minutes, the schedule follows, and the fifth failure is final', async () => {
    const hook = await receiver(() => 500);
    const admin = await staffClient(fixture.app, 'admin@demo.test');
    await register(admin, 'demo-partner', hook.url);
    const userId = await link('demo-partner', 'new@demo.test', 'ref-new');
    await repos().statusOutbox.append({ userId, kind: 'questionnaire', ref: 'EDD', status: 'PENDING' }, 1);

    const start = Date.now();
    await job().run();
    const end = Date.now();
    let [entry] = (await deliveries(admin, 'demo-partner')).items;
    expect(entry).toMatchObject({
      status: 'pending',
      attempts: 1,
      lastStatusCode: 500,
      lastError: 'http_500',
    });
    expect(entry?.nextAttemptAt).toBeGreaterThanOrEqual(start + 5 * 60_000);
    expect(entry?.nextAttemptAt).toBeLessThanOrEqual(end + 5 * 60_000);

    // Not due yet: nothing is sent.
    await job().run();
    expect(hook.received).toHaveLength(1);

    for (const [i, delay] of PARTNER_WEBHOOK_RETRY_DELAYS_MS.entries()) {
      const dueAt = entry?.nextAttemptAt ?? 0;
      const t0 = Date.now();
      expect(dueAt - t0).toBeLessThanOrEqual(delay);
      expect(dueAt - t0).toBeGreaterThan(delay - 60_000);
      // Time passes: the attempt becomes due.
      await fixture.database.db
        .updateTable('partner_webhook_deliveries')
        .set({ next_attempt_at: Date.now() - 1 })
        .execute();
      await job().run();
      [entry] = (await deliveries(admin, 'demo-partner')).items;
      expect(entry?.attempts).toBe(i + 2);
    }
    expect(hook.received).toHaveLength(5);
    expect(entry).toMatchObject({ status: 'failed', attempts: 5, nextAttemptAt: null, lastStatusCode: 500 });
  });

  it('when a linked person submits a questionnaire, then one questionnaire event is written and delivered', async () => {
    const hook = await receiver();
    const admin = await staffClient(fixture.app, 'admin@demo.test');
    await register(admin, 'demo-partner', hook.url);
    const userId = await link('demo-partner', 'l1@demo.test', 'ref-l1');
    const before = await repos().statusOutbox.eventsOf(userId);
    const client = await userClient(fixture.app, 'l1@demo.test');
    const { status } = await submittedQuestionnaire(client, 'aml-200', AML_ANSWERS, 'aml-1');
    const after = (await repos().statusOutbox.eventsOf(userId)).slice(before.length);
    expect(after).toEqual([expect.objectContaining({ kind: 'questionnaire', ref: 'aml-200', status })]);
    await job().run();
    expect(hook.received.map((r) => JSON.parse(r.body) as Record<string, unknown>)).toEqual([
      expect.objectContaining({
        type: 'questionnaire.status_changed',
        userRef: 'ref-l1',
        kind: 'questionnaire',
        ref: 'aml-200',
        status,
      }),
    ]);
  });

  it('when two job runs start at once, then the partner receives the delivery once', async () => {
    const hook = await receiver();
    const admin = await staffClient(fixture.app, 'admin@demo.test');
    await register(admin, 'demo-partner', hook.url);
    const userId = await link('demo-partner', 'new@demo.test', 'ref-new');
    await repos().statusOutbox.append({ userId, kind: 'kyc_level', ref: 'LEVEL_1', status: 'PENDING' }, 1);
    await Promise.all([job().run(), job().run(), job().run()]);
    expect(hook.received).toHaveLength(1);
    // The claim itself: of two claims on the same read, one wins.
    await fixture.database.db
      .updateTable('partner_webhook_deliveries')
      .set({ status: 'pending', next_attempt_at: 5 })
      .execute();
    const [due] = await repos().partnerWebhooks.due(Date.now(), 10);
    const claims = await Promise.all([
      repos().partnerWebhooks.claim(due?.id ?? 0, 5, Date.now() + 60_000, Date.now()),
      repos().partnerWebhooks.claim(due?.id ?? 0, 5, Date.now() + 60_001, Date.now()),
    ]);
    expect(claims.filter(Boolean)).toHaveLength(1);
    await fixture.database.db
      .updateTable('partner_webhook_deliveries')
      .set({ status: 'delivered', next_attempt_at: null })
      .execute();
    const list = await deliveries(admin, 'demo-partner');
    expect(list.items).toHaveLength(1);
    expect(list.items[0]).toMatchObject({ status: 'delivered', attempts: 1 });
  });

  it('when an admin redelivers, then it is audited and sent again; reviewers are refused on every webhook route', async () => {
    const hook = await receiver();
    const admin = await staffClient(fixture.app, 'admin@demo.test');
    await register(admin, 'demo-partner', hook.url);
    const userId = await link('demo-partner', 'new@demo.test', 'ref-new');
    await repos().statusOutbox.append({ userId, kind: 'kyc_level', ref: 'LEVEL_1', status: 'PENDING' }, 1);
    await job().run();
    const [delivered] = (await deliveries(admin, 'demo-partner')).items;
    if (!delivered) throw new Error('no delivery');
    const redeliverUrl = `/backoffice/api/partner-webhook-deliveries/${delivered.id}/redeliver`;

    const reviewer = await staffClient(fixture.app, 'reviewer@demo.test');
    expect((await reviewer.post(redeliverUrl)).envelope?.ret_code).toBe(10005);
    expect((await reviewer.get(`${PARTNERS}/demo-partner/webhook`)).envelope?.ret_code).toBe(10005);
    expect(
      (await reviewer.send('PUT', `${PARTNERS}/demo-partner/webhook`, { url: hook.url, enabled: false }))
        .envelope?.ret_code,
    ).toBe(10005);
    expect((await reviewer.get(`${PARTNERS}/demo-partner/webhook-deliveries`)).envelope?.ret_code).toBe(
      10005,
    );
    expect(await auditOf(admin, 'partners.webhook_redelivered')).toHaveLength(0);

    const { envelope } = await admin.post(redeliverUrl);
    expect(envelope?.ret_code).toBe(0);
    expect(envelope?.result as WebhookDeliveryEntry).toMatchObject({ status: 'pending', attempts: 0 });
    const audit = await auditOf(admin, 'partners.webhook_redelivered');
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      caseRef: 'partner:demo-partner',
      details: {
        delivery: delivered.id,
        eventId: delivered.eventId,
        from: { status: 'delivered', attempts: 1 },
      },
    });
    await job().run();
    expect(hook.received.map((r) => r.headers['kyc-webhook-event'])).toEqual([
      delivered.eventId,
      delivered.eventId,
    ]);
    expect(
      (await admin.post('/backoffice/api/partner-webhook-deliveries/999999/redeliver')).envelope?.ret_code,
    ).toBe(54102);
  });

  it('when a partner registers, rotates or changes its webhook, then the secret is answered once, never shown again, and each change is audited', async () => {
    const admin = await staffClient(fixture.app, 'admin@demo.test');
    expect(
      ((await admin.get(`${PARTNERS}/demo-partner/webhook`)).envelope?.result as PartnerWebhookAnswer)
        .webhook,
    ).toBeNull();
    const first = await register(admin, 'demo-partner', 'https://partner.demo.test/kyc');
    expect(first.secret).toMatch(/^kycw_[A-Za-z0-9_-]{43}$/);
    const { envelope: changed } = await admin.send('PUT', `${PARTNERS}/demo-partner/webhook`, {
      url: 'https://partner.demo.test/kyc2',
      enabled: false,
    });
    expect(changed?.result).toMatchObject({
      secret: null,
      webhook: { enabled: false, secretFingerprint: first.webhook.secretFingerprint },
    });
    const { envelope: rotated } = await admin.send('PUT', `${PARTNERS}/demo-partner/webhook`, {
      url: 'https://partner.demo.test/kyc2',
      enabled: true,
      rotateSecret: true,
    });
    const made = rotated?.result as PartnerWebhookSaved;
    expect(made.secret).toMatch(/^kycw_/);
    expect(made.webhook.secretFingerprint).not.toBe(first.webhook.secretFingerprint);
    const read = JSON.stringify((await admin.get(`${PARTNERS}/demo-partner/webhook`)).envelope);
    expect(read).not.toContain(made.secret ?? '?');

    const audit = await auditOf(admin, 'partners.webhook_changed');
    expect(audit).toHaveLength(3);
    expect(JSON.stringify(audit)).not.toContain(first.secret ?? '?');
    expect(JSON.stringify(audit)).not.toContain(made.secret ?? '?');
    expect(audit.map((a) => (a.details as { secretRotated: boolean }).secretRotated).sort()).toEqual([
      false,
      true,
      true,
    ]);

    for (const url of ['ftp://partner.demo.test/x', 'https://u:p@partner.demo.test/x', 'not a url'])
      expect(
        (await admin.send('PUT', `${PARTNERS}/demo-partner/webhook`, { url, enabled: true })).envelope
          ?.ret_code,
      ).toBe(54101);
    expect(
      (await admin.send('PUT', `${PARTNERS}/nobody/webhook`, { url: 'https://x.test', enabled: true }))
        .envelope?.ret_code,
    ).toBe(54013);
    expect(await auditOf(admin, 'partners.webhook_changed')).toHaveLength(3);
  });

  it('when a person linked to one partner changes, then only that partner hears of it, and an unlinked person reaches no one', async () => {
    const ours = await receiver();
    const theirs = await receiver();
    const admin = await staffClient(fixture.app, 'admin@demo.test');
    expect(
      (await admin.post(PARTNERS, { id: 'acme', name: 'Acme', allowedOrigins: [] })).envelope?.ret_code,
    ).toBe(0);
    await register(admin, 'demo-partner', ours.url);
    await register(admin, 'acme', theirs.url);
    const linked = await link('demo-partner', 'new@demo.test', 'ref-new');
    const unlinked = await fixture.userIdOf('l1@demo.test');
    await repos().statusOutbox.append(
      { userId: linked, kind: 'kyc_level', ref: 'LEVEL_1', status: 'PENDING' },
      1,
    );
    await repos().statusOutbox.append(
      { userId: unlinked, kind: 'kyc_level', ref: 'LEVEL_2', status: 'PENDING' },
      1,
    );
    await job().run();
    expect(ours.received.map((r) => (JSON.parse(r.body) as { userRef: string }).userRef)).toEqual([
      'ref-new',
    ]);
    expect(theirs.received).toHaveLength(0);
    expect((await deliveries(admin, 'acme')).items).toHaveLength(0);
    // A revoked link stops the deliveries.
    const [live] = await repos().partnerLinks.listLiveLinksOfUser(linked);
    await repos().partnerLinks.revokeLink(live?.id ?? 0, linked, 'user', Date.now());
    await repos().statusOutbox.append(
      { userId: linked, kind: 'kyc_level', ref: 'LEVEL_1', status: 'SUCCESS' },
      2,
    );
    await job().run();
    expect(ours.received).toHaveLength(1);
  });

  it('when deliveries are listed, then they come newest first, page by cursor, and the last page has no cursor', async () => {
    const hook = await receiver();
    const admin = await staffClient(fixture.app, 'admin@demo.test');
    await register(admin, 'demo-partner', hook.url);
    const userId = await link('demo-partner', 'new@demo.test', 'ref-new');
    for (const status of ['PENDING', 'FAILED_AND_CAN_RETRY', 'PENDING', 'SUCCESS', 'ALLOW'])
      await repos().statusOutbox.append({ userId, kind: 'kyc_level', ref: 'LEVEL_1', status }, 1);
    await job().run();

    const seen: WebhookDeliveryEntry[] = [];
    let cursor: number | null = null;
    let pages = 0;
    do {
      const page: WebhookDeliveryList = await deliveries(
        admin,
        'demo-partner',
        `?limit=2${cursor ? `&cursor=${cursor}` : ''}`,
      );
      expect(page.items.length).toBeLessThanOrEqual(2);
      seen.push(...page.items);
      cursor = page.nextCursor;
      pages += 1;
    } while (cursor !== null);
    expect(pages).toBe(3);
    expect(seen.map((d) => d.eventStatus)).toEqual([
      'ALLOW',
      'SUCCESS',
      'PENDING',
      'FAILED_AND_CAN_RETRY',
      'PENDING',
    ]);
    const ids = seen.map((d) => d.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
  });
});

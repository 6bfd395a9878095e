/**
 * Issue 15, identity transfer (docs/identity-transfer.md) on SQLite and PostgreSQL: the target starts it
 * behind 30030 and the source consents behind 30031; every rule (same person, source verified and not
 * restricted, target not verified, no open card, NL and CN refused); the back office's cursor-paged
 * queue, case and decisions (reject with a reason, approve with the selfie reviewed, four eyes at level
 * 2); cooling-off and completion (levels moved, source at level 0, both see COMPLETE); the race of two
 * transfers from one source; every step audited.
 */
import { describe, expect, it } from 'vitest';
import { SECURITY_SCENES } from '@kyc/contracts';
import { useAppFixture } from './support/app-fixture.ts';
import { testDatabases } from './support/databases.ts';
import { staffClient } from './support/kyc-flows.ts';
import { grantedRiskHeaders, stepUpHeaders } from './support/step-up.ts';
import { signedInClient, signedUpClient, type TestClient } from './support/test-app.ts';

const LENA = { firstName: 'Lena', lastName: 'Schmidt', dateOfBirth: '1990-04-12' };
const VERIFY = '/v1/kyc/transfer/verify';
const STATUS = '/v1/kyc/transfer/status';

type Json = Record<string, unknown>;

describe.each(testDatabases())('identity transfer on $name', (testDb) => {
  const fixture = useAppFixture(testDb, { env: { TRANSFER_COOLING_OFF_HOURS: '0' } });

  const granted = (client: TestClient, scene: number) =>
    grantedRiskHeaders(fixture.database.db, client, scene);

  async function start(target: TestClient, body: Json = {}) {
    const headers = await granted(target, SECURITY_SCENES.identityTransferBefore);
    return target.post(
      VERIFY,
      { role: 'target', sourceEmail: 'l1@demo.test', ...LENA, ...body },
      { headers },
    );
  }
  async function consent(source: TestClient, transferId: number) {
    const headers = await granted(source, SECURITY_SCENES.identityTransferAfter);
    return source.post(VERIFY, { role: 'source', transferId }, { headers });
  }
  const transferIdOf = (answer: { envelope?: { result: unknown } }) =>
    ((answer.envelope?.result as Json).transfer as Json).id as number;

  async function setApplicant(email: string, fields: Json) {
    await fixture.database.db
      .updateTable('applicants')
      .set(fields)
      .where('user_id', '=', await fixture.userIdOf(email))
      .execute();
  }

  it('when a new account names its verified source and both consent, a reviewer approves and the verification moves: target level 1, source level 0, both COMPLETE', async () => {
    const target = await signedUpClient(fixture.app, 'lena.new@example.com');
    const source = await signedInClient(fixture.app, 'l1@demo.test');

    const before = await target.post('/v1/kyc/identity');
    expect(before.envelope?.result).toMatchObject({ level: 0, canReceive: true, transfer: null });
    expect((await target.post(STATUS)).envelope?.result).toEqual({
      status: 'UNDEFINED',
      outcome: null,
      transfer: null,
    });

    // Without its risk token (scene 30030), nothing starts; with the email code it does.
    const refused = await target.post(VERIFY, { role: 'target', sourceEmail: 'l1@demo.test', ...LENA });
    expect(refused.envelope?.ret_code).toBe(60001);
    const started = await target.post(
      VERIFY,
      {
        role: 'target',
        sourceEmail: 'L1@demo.test',
        firstName: 'LENA',
        lastName: ' schmidt',
        dateOfBirth: '1990-04-12',
      },
      { headers: await stepUpHeaders(target, SECURITY_SCENES.identityTransferBefore) },
    );
    expect(started.envelope?.ret_code).toBe(0);
    expect(started.envelope?.result).toMatchObject({
      status: 'PENDING',
      outcome: 'pending',
      transfer: { role: 'target', stage: 'awaiting_source', otherAccount: 'l***@demo.test', level: 1 },
    });
    const id = transferIdOf(started);

    // The source consents from its own sign-in, with a token for 30031 (a 30030 one is refused).
    const wrongScene = await source.post(
      VERIFY,
      { role: 'source', transferId: id },
      { headers: await granted(source, SECURITY_SCENES.identityTransferBefore) },
    );
    expect(wrongScene.envelope?.ret_code).toBe(60004);
    expect((await consent(target, id)).envelope?.ret_code).toBe(60037);
    const consented = await consent(source, id);
    expect(consented.envelope?.result).toMatchObject({ transfer: { role: 'source', stage: 'in_review' } });

    // Back office: the queue by cursor, the case side by side, an approval with the selfie reviewed.
    const reviewer = await staffClient(fixture.app, 'reviewer@demo.test');
    const queue = await reviewer.get('/backoffice/api/identity-transfers?limit=1');
    expect(queue.envelope?.result).toEqual({
      items: [
        expect.objectContaining({ id, sourceEmail: 'l1@demo.test', targetEmail: 'lena.new@example.com' }),
      ],
      nextCursor: null,
    });
    const seen = await reviewer.get(`/backoffice/api/identity-transfers/${id}`);
    expect(seen.envelope?.result).toMatchObject({
      transfer: { id, stage: 'in_review', needsSecondApproval: false },
      source: { email: 'l1@demo.test', level: 1, firstName: 'Lena', dateOfBirth: '1990-04-12' },
      target: { email: 'lena.new@example.com', level: 0 },
    });
    const unchecked = await reviewer.post(`/backoffice/api/identity-transfers/${id}/decision`, {
      decision: 'approve',
      selfieReviewed: false,
    });
    expect(unchecked.envelope?.ret_code).toBe(60040);
    const approved = await reviewer.post(`/backoffice/api/identity-transfers/${id}/decision`, {
      decision: 'approve',
      selfieReviewed: true,
    });
    expect(approved.envelope?.ret_code).toBe(0);
    // No cooling-off in this configuration: completed at once.
    expect(approved.envelope?.result).toMatchObject({
      transfer: { stage: 'completed' },
      source: {
        level: 0,
        states: [
          { level: 1, status: 'ALLOW' },
          { level: 2, status: 'NOT_ALLOW' },
        ],
      },
      target: {
        level: 1,
        firstName: 'Lena',
        states: expect.arrayContaining([{ level: 1, status: 'SUCCESS' }]),
      },
    });
    for (const client of [target, source])
      expect((await client.post(STATUS)).envelope?.result).toMatchObject({
        status: 'COMPLETE',
        outcome: 'success',
      });
    const again = await reviewer.post(`/backoffice/api/identity-transfers/${id}/decision`, {
      decision: 'reject',
      reason: 'too late',
    });
    expect(again.envelope?.ret_code).toBe(30081);
    const audit = await fixture.database.db
      .selectFrom('audit_log')
      .select('action')
      .where('case_ref', '=', `transfer:${id}`)
      .execute();
    expect(audit.map((a) => a.action)).toEqual(
      expect.arrayContaining(['case.view', 'identity_transfer.approve', 'identity_transfer.complete']),
    );
  });

  it('when a rule is broken, then the start is refused with its code: details, same or unknown or unverified source, verified target, restricted source, open card, NL and CN residents', async () => {
    const target = await signedUpClient(fixture.app, 'rules@example.com');
    expect((await start(target, { firstName: 'Lene' })).envelope?.ret_code).toBe(60038);
    expect((await start(target, { dateOfBirth: '1990-04-13' })).envelope?.ret_code).toBe(60038);
    expect((await start(target, { sourceEmail: 'nobody@example.com' })).envelope?.ret_code).toBe(60031);
    expect((await start(target, { sourceEmail: 'rules@example.com' })).envelope?.ret_code).toBe(60031);
    expect((await start(target, { sourceEmail: 'new@demo.test' })).envelope?.ret_code).toBe(60031);
    const verified = await signedInClient(fixture.app, 'pending@demo.test');
    expect((await start(verified)).envelope?.ret_code).toBe(60032);

    await setApplicant('l1@demo.test', { limitation: 'LIMITATION_FROZEN' });
    expect((await start(target)).envelope?.ret_code).toBe(60033);
    await setApplicant('l1@demo.test', { limitation: 'LIMITATION_DEFAULT' });

    const l1 = await fixture.userIdOf('l1@demo.test');
    await fixture.database.db
      .insertInto('user_products')
      .values({ user_id: l1, product: 'card', status: 'open', updated_at: Date.now() })
      .execute();
    expect((await start(target)).envelope?.ret_code).toBe(60034);
    await fixture.database.db.updateTable('user_products').set({ status: 'closed' }).execute();

    for (const country of ['NL', 'CN']) {
      await setApplicant('l1@demo.test', { residence_country: country });
      const answer = await start(target);
      expect(answer.envelope?.ret_code, country).toBe(60035);
      await setApplicant('l1@demo.test', { residence_country: 'DE' });
    }
    expect((await start(target)).envelope?.ret_code).toBe(0);
  });

  it('when a rule breaks between start and consent (the source now under review), then the consent is refused and the transfer waits', async () => {
    const target = await signedUpClient(fixture.app, 'later@example.com');
    const id = transferIdOf(await start(target));
    await fixture.database.db
      .updateTable('kyc_level_states')
      .set({ status: 'PENDING' })
      .where('user_id', '=', await fixture.userIdOf('l1@demo.test'))
      .where('level', '=', 2)
      .execute();
    const source = await signedInClient(fixture.app, 'l1@demo.test');
    expect((await consent(source, id)).envelope?.ret_code).toBe(60033);
    expect((await target.post(STATUS)).envelope?.result).toMatchObject({
      transfer: { stage: 'awaiting_source' },
    });
  });

  it('when two new accounts start a transfer from one source at the same moment, then one is open and the other is 60036', async () => {
    const first = await signedUpClient(fixture.app, 'race-a@example.com');
    const second = await signedUpClient(fixture.app, 'race-b@example.com');
    const [a, b] = await Promise.all([start(first), start(second)]);
    expect([a.envelope?.ret_code, b.envelope?.ret_code].sort()).toEqual([0, 60036]);
    const open = await fixture.database.db
      .selectFrom('identity_transfers')
      .select('id')
      .where('status', '=', 'awaiting_source')
      .execute();
    expect(open).toHaveLength(1);
  });

  it('when a reviewer rejects with a reason, then both see UNDEFINED and the reason; a cancelled transfer frees the source', async () => {
    const target = await signedUpClient(fixture.app, 'rejected@example.com');
    const source = await signedInClient(fixture.app, 'l1@demo.test');
    const id = transferIdOf(await start(target));
    await consent(source, id);
    const reviewer = await staffClient(fixture.app, 'reviewer@demo.test');
    const rejected = await reviewer.post(`/backoffice/api/identity-transfers/${id}/decision`, {
      decision: 'reject',
      reason: 'The selfie does not match the source.',
    });
    expect(rejected.envelope?.result).toMatchObject({ transfer: { stage: 'rejected' } });
    // The history names who decided and when (migration 039).
    const decided = (rejected.envelope?.result as { transfer: Record<string, unknown> }).transfer;
    expect(decided.decidedByName).toEqual(expect.any(String));
    expect(decided.decidedByName).not.toBe('');
    expect(decided.decidedAt).toEqual(expect.any(Number));
    expect(decided.decidedBy).toEqual(expect.any(Number));
    expect((await target.post(STATUS)).envelope?.result).toMatchObject({
      status: 'UNDEFINED',
      outcome: null,
      transfer: { stage: 'rejected', rejectReason: 'The selfie does not match the source.' },
    });

    const next = transferIdOf(await start(target));
    const cancelled = await source.post('/v1/kyc/transfer/cancel', { transferId: next });
    expect(cancelled.envelope?.result).toMatchObject({
      status: 'UNDEFINED',
      transfer: { stage: 'cancelled' },
    });
    expect((await source.post('/v1/kyc/transfer/cancel', { transferId: next })).envelope?.ret_code).toBe(
      60037,
    );
    expect((await start(target)).envelope?.ret_code).toBe(0);
  });

  it('when the source is verified at level 2, then two different senior reviewers must approve (four eyes)', async () => {
    const l1 = await fixture.userIdOf('l1@demo.test');
    await setApplicant('l1@demo.test', { level: 2 });
    await fixture.database.db
      .updateTable('kyc_level_states')
      .set({ status: 'SUCCESS' })
      .where('user_id', '=', l1)
      .where('level', '=', 2)
      .execute();
    const target = await signedUpClient(fixture.app, 'fourEyes@example.com');
    const source = await signedInClient(fixture.app, 'l1@demo.test');
    const id = transferIdOf(await start(target));
    await consent(source, id);
    const decide = (staff: TestClient) =>
      staff.post(`/backoffice/api/identity-transfers/${id}/decision`, {
        decision: 'approve',
        selfieReviewed: true,
      });
    const reviewer = await staffClient(fixture.app, 'reviewer@demo.test');
    expect((await decide(reviewer)).envelope?.ret_code).toBe(60039);
    const senior = await staffClient(fixture.app, 'senior@demo.test');
    const first = await decide(senior);
    expect(first.envelope?.result).toMatchObject({
      transfer: { stage: 'in_review', needsSecondApproval: true },
    });
    expect((await decide(senior)).envelope?.ret_code).toBe(60039);
    const admin = await staffClient(fixture.app, 'admin@demo.test');
    const second = await decide(admin);
    expect(second.envelope?.result).toMatchObject({ transfer: { stage: 'completed' }, target: { level: 2 } });
    // Both approvals named, with their times; the second is the final decision.
    const approved = (second.envelope?.result as { transfer: Record<string, unknown> }).transfer;
    const staffName = async (email: string) =>
      await fixture.database.db
        .selectFrom('staff_users')
        .select(['id', 'display_name'])
        .where('email', '=', email)
        .executeTakeFirstOrThrow();
    const seniorRow = await staffName('senior@demo.test');
    const adminRow = await staffName('admin@demo.test');
    expect(approved).toMatchObject({
      firstApprovedBy: Number(seniorRow.id),
      firstApprovedByName: seniorRow.display_name || 'senior@demo.test',
      firstApprovedAt: expect.any(Number),
      secondApprovedBy: Number(adminRow.id),
      secondApprovedByName: adminRow.display_name || 'admin@demo.test',
      secondApprovedAt: expect.any(Number),
      decidedBy: Number(adminRow.id),
      decidedAt: approved.secondApprovedAt,
    });
    expect(Number(approved.firstApprovedAt)).toBeLessThanOrEqual(Number(approved.secondApprovedAt));
  });

  it('when the back-office queue has more transfers than a page, then nextCursor walks it oldest first and is null at the end', async () => {
    const ids: number[] = [];
    for (const n of [1, 2, 3]) {
      await signedUpClient(fixture.app, `q-source-${n}@example.com`);
      await signedUpClient(fixture.app, `q-target-${n}@example.com`);
      const at = 1_700_000_000_000 + (n === 3 ? 0 : n) * 1000; // the third is the oldest
      const row = await fixture.database.db
        .insertInto('identity_transfers')
        .values({
          source_user_id: await fixture.userIdOf(`q-source-${n}@example.com`),
          target_user_id: await fixture.userIdOf(`q-target-${n}@example.com`),
          status: 'in_review',
          source_level: 1,
          target_consent_at: at,
          source_consent_at: at,
          cooling_off_until: at,
          created_at: at,
          updated_at: at,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      ids.push(Number(row.id));
    }
    const reviewer = await staffClient(fixture.app, 'reviewer@demo.test');
    const page1 = (await reviewer.get('/backoffice/api/identity-transfers?limit=2')).envelope?.result as {
      items: Array<{ id: number }>;
      nextCursor: string | null;
    };
    expect(page1.items.map((item) => item.id)).toEqual([ids[2], ids[0]]);
    expect(page1.nextCursor).toEqual(expect.any(String));
    const page2 = (
      await reviewer.get(`/backoffice/api/identity-transfers?limit=2&cursor=${page1.nextCursor ?? ''}`)
    ).envelope?.result as { items: Array<{ id: number }>; nextCursor: string | null };
    expect(page2).toEqual({ items: [expect.objectContaining({ id: ids[1] })], nextCursor: null });
    expect(
      (await reviewer.get('/backoffice/api/identity-transfers?cursor=bm90LWEtY3Vyc29y')).envelope?.ret_code,
    ).toBe(10001);
    const auditor = await staffClient(fixture.app, 'auditor@demo.test');
    expect((await auditor.get('/backoffice/api/identity-transfers')).envelope?.ret_code).toBe(10005);
  });

  it('when two reviewers decide one transfer at the same moment, then one decision commits and the other is 30081', async () => {
    const target = await signedUpClient(fixture.app, 'both@example.com');
    const source = await signedInClient(fixture.app, 'l1@demo.test');
    const id = transferIdOf(await start(target));
    await consent(source, id);
    const reviewer = await staffClient(fixture.app, 'reviewer@demo.test');
    const senior = await staffClient(fixture.app, 'senior@demo.test');
    const url = `/backoffice/api/identity-transfers/${id}/decision`;
    const answers = await Promise.all([
      reviewer.post(url, { decision: 'approve', selfieReviewed: true }),
      senior.post(url, { decision: 'reject', reason: 'Different person on the selfie.' }),
    ]);
    expect(answers.map((a) => a.envelope?.ret_code).sort()).toEqual([0, 30081]);
    const decisions = await fixture.database.db
      .selectFrom('audit_log')
      .select('action')
      .where('case_ref', '=', `transfer:${id}`)
      .where('action', 'in', ['identity_transfer.approve', 'identity_transfer.reject'])
      .execute();
    expect(decisions).toHaveLength(1);
  });
});

describe.each(testDatabases())('identity transfer cooling-off on $name', (testDb) => {
  const fixture = useAppFixture(testDb, { env: { TRANSFER_COOLING_OFF_HOURS: '24' } });

  it('when approved during the cooling-off, then it waits; the job completes it once the period has ended; either person may cancel before', async () => {
    const target = await signedUpClient(fixture.app, 'cool@example.com');
    const source = await signedInClient(fixture.app, 'l1@demo.test');
    const started = await target.post(
      VERIFY,
      { role: 'target', sourceEmail: 'l1@demo.test', ...LENA },
      {
        headers: await grantedRiskHeaders(
          fixture.database.db,
          target,
          SECURITY_SCENES.identityTransferBefore,
        ),
      },
    );
    const id = ((started.envelope?.result as Json).transfer as Json).id as number;
    const consented = await source.post(
      VERIFY,
      { role: 'source', transferId: id },
      {
        headers: await grantedRiskHeaders(fixture.database.db, source, SECURITY_SCENES.identityTransferAfter),
      },
    );
    const until = ((consented.envelope?.result as Json).transfer as Json).coolingOffUntil as number;
    expect(until).toBeGreaterThan(Date.now() + 23 * 3_600_000);
    const reviewer = await staffClient(fixture.app, 'reviewer@demo.test');
    const approved = await reviewer.post(`/backoffice/api/identity-transfers/${id}/decision`, {
      decision: 'approve',
      selfieReviewed: true,
    });
    expect(approved.envelope?.result).toMatchObject({ transfer: { stage: 'approved' } });
    const job = fixture.app.jobs.find((j) => j.name === 'identity-transfer-completion');
    expect(await job?.run()).toBe(0);
    expect((await target.post(STATUS)).envelope?.result).toMatchObject({
      status: 'PENDING',
      outcome: 'pending',
    });
    await fixture.database.db
      .updateTable('identity_transfers')
      .set({ cooling_off_until: Date.now() - 1 })
      .where('id', '=', id)
      .execute();
    expect(await job?.run()).toBe(1);
    expect((await source.post(STATUS)).envelope?.result).toMatchObject({
      status: 'COMPLETE',
      outcome: 'success',
    });
    expect((await target.post('/v1/kyc/identity')).envelope?.result).toMatchObject({
      level: 1,
      canReceive: false,
    });
  });
});

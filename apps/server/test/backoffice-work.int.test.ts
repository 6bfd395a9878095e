/**
 * Issue 17, working a queue together: claims (two at once: one wins), a decision by a non-assignee
 * refused while the claim lasts, a lead's reassignment over the assignment as read, "My cases", and
 * service-level deadlines (due time, breach filter, settings as a compare-and-set, audited); a claim
 * lasts CASE_CLAIM_MINUTES (D120).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CaseClaimResult, ReviewQueueResult, ServiceLevelList } from '@kyc/contracts';
import { useAppFixture } from './support/app-fixture.ts';
import { testDatabases } from './support/databases.ts';
import { staffClient } from './support/kyc-flows.ts';

const HOUR = 3_600_000;

describe.each(testDatabases())('working a queue together on $name', (testDb) => {
  const fixture = useAppFixture(testDb);
  const staff = (email: string) => staffClient(fixture.app, email);
  const queue = async (client: Awaited<ReturnType<typeof staff>>, query = '') =>
    (await client.get(`/backoffice/api/queue${query}`)).envelope?.result as ReviewQueueResult;

  it('when two reviewers claim one case at once, then one holds it and the other gets 55011', async () => {
    const userId = await fixture.userIdOf('pending@demo.test');
    const [a, b] = await Promise.all([staff('reviewer@demo.test'), staff('senior@demo.test')]);
    const answers = await Promise.all([
      a.post(`/backoffice/api/cases/${userId}/claim`, {}),
      b.post(`/backoffice/api/cases/${userId}/claim`, {}),
    ]);
    const codes = answers.map((r) => r.envelope?.ret_code).sort();
    expect(codes).toEqual([0, 55011]);
    const winner = answers.find((r) => r.envelope?.ret_code === 0)?.envelope?.result as CaseClaimResult;
    const item = (await queue(a)).items.find((i) => i.userId === userId);
    expect(item?.assignee).toMatchObject({ staffId: winner.assignee?.staffId });
    const rows = await fixture.database.db
      .selectFrom('audit_log')
      .select('action')
      .where('action', '=', 'case.claim')
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('when a reviewer holds a case, then another cannot decide it (55013) and the assignee can', async () => {
    const userId = await fixture.userIdOf('pending@demo.test');
    const reviewer = await staff('reviewer@demo.test');
    const senior = await staff('senior@demo.test');
    expect((await reviewer.post(`/backoffice/api/cases/${userId}/claim`, {})).envelope?.ret_code).toBe(0);
    const refused = await senior.post(`/backoffice/api/cases/${userId}/decisions`, {
      decision: 'approve',
      level: 1,
    });
    expect(refused.envelope?.ret_code).toBe(55013);
    const approved = await reviewer.post(`/backoffice/api/cases/${userId}/decisions`, {
      decision: 'approve',
      level: 1,
    });
    expect(approved.envelope?.ret_code).toBe(0);
  });

  it('when a lead reassigns over a stale read, then 55012; over the current one, the new assignee decides; My cases follows', async () => {
    const userId = await fixture.userIdOf('pending@demo.test');
    const reviewer = await staff('reviewer@demo.test');
    const admin = await staff('admin@demo.test');
    const claimed = (await reviewer.post(`/backoffice/api/cases/${userId}/claim`, {})).envelope
      ?.result as CaseClaimResult;
    const version = claimed.assignee?.version ?? 0;
    expect((await queue(reviewer, '?assignedTo=me')).items.map((i) => i.userId)).toEqual([userId]);
    // A reviewer may not assign.
    expect(
      (
        await reviewer.send('PUT', `/backoffice/api/cases/${userId}/assignee`, {
          staffId: 1,
          expectedVersion: version,
        })
      ).envelope?.ret_code,
    ).toBe(10005);
    const adminId = (await admin.get('/backoffice/api/me')).envelope?.result as { id: number };
    expect(
      (
        await admin.send('PUT', `/backoffice/api/cases/${userId}/assignee`, {
          staffId: adminId.id,
          expectedVersion: null,
        })
      ).envelope?.ret_code,
    ).toBe(55012);
    const moved = await admin.send('PUT', `/backoffice/api/cases/${userId}/assignee`, {
      staffId: adminId.id,
      expectedVersion: version,
    });
    expect(moved.envelope?.ret_code).toBe(0);
    expect((await queue(reviewer, '?assignedTo=me')).items).toEqual([]);
    expect(
      (await reviewer.post(`/backoffice/api/cases/${userId}/decisions`, { decision: 'approve', level: 1 }))
        .envelope?.ret_code,
    ).toBe(55013);
    // The lead breaks the claim; then anyone who may decide does.
    const held = (moved.envelope?.result as CaseClaimResult).assignee?.version ?? 0;
    expect(
      (await admin.send('DELETE', `/backoffice/api/cases/${userId}/claim?version=${held}`)).envelope
        ?.ret_code,
    ).toBe(0);
    expect(
      (await reviewer.post(`/backoffice/api/cases/${userId}/decisions`, { decision: 'approve', level: 1 }))
        .envelope?.ret_code,
    ).toBe(0);
  });

  it('when a service level is set, then each item is due pending-since plus its hours, and the breach filter follows', async () => {
    const reviewer = await staff('reviewer@demo.test');
    const admin = await staff('admin@demo.test');
    const userId = await fixture.userIdOf('pending@demo.test');
    // The demo case has waited a little: make it 30 hours old.
    await fixture.database.db
      .updateTable('kyc_submissions')
      .set({ created_at: Date.now() - 30 * HOUR })
      .where('user_id', '=', userId)
      .where('status', '=', 'PENDING')
      .execute();
    const item = (await queue(reviewer)).items.find((i) => i.userId === userId);
    expect(item?.dueAt).toBe((item?.pendingSince ?? 0) + 48 * HOUR);
    expect(item?.breached).toBe(false);
    expect((await queue(reviewer, '?breached=true')).items).toEqual([]);

    const levels = (await admin.get('/backoffice/api/service-levels')).envelope?.result as ServiceLevelList;
    const level1 = levels.levels.find((l) => l.kind === 'level_1');
    expect(level1?.hours).toBe(48);
    expect(
      (await reviewer.send('PUT', '/backoffice/api/service-levels', { levels: [{ ...level1, hours: 24 }] }))
        .envelope?.ret_code,
    ).toBe(10005);
    expect(
      (await admin.send('PUT', '/backoffice/api/service-levels', { levels: [{ ...level1, hours: 24 }] }))
        .envelope?.ret_code,
    ).toBe(0);
    // The same read again is stale now.
    expect(
      (await admin.send('PUT', '/backoffice/api/service-levels', { levels: [{ ...level1, hours: 12 }] }))
        .envelope?.ret_code,
    ).toBe(55021);
    const breached = await queue(reviewer, '?breached=true');
    expect(breached.items.map((i) => i.userId)).toEqual([userId]);
    expect(breached.items[0]).toMatchObject({ breached: true, dueAt: (item?.pendingSince ?? 0) + 24 * HOUR });
    const audit = await fixture.database.db
      .selectFrom('audit_log')
      .select('details')
      .where('action', '=', 'service_levels.update')
      .execute();
    expect(audit).toHaveLength(1);
    expect(JSON.parse(audit[0]?.details ?? '{}')).toMatchObject({ to: { level_1: 24 } });
  });
});

describe.each(testDatabases())("the claim's length as a setting on $name", (testDb) => {
  // Sessions outlive the claim, so that only the claim's expiry is under test.
  const fixture = useAppFixture(testDb, { env: { CASE_CLAIM_MINUTES: '30', SESSION_IDLE_MINUTES: '120' } });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('when CASE_CLAIM_MINUTES is 30, then a claim holds others back for 30 minutes and no longer', async () => {
    const MINUTE = 60_000;
    vi.useFakeTimers({ toFake: ['Date'] });
    const t0 = Date.now();
    vi.setSystemTime(t0);
    const userId = await fixture.userIdOf('pending@demo.test');
    const reviewer = await staffClient(fixture.app, 'reviewer@demo.test');
    const senior = await staffClient(fixture.app, 'senior@demo.test');
    const claimed = (await reviewer.post(`/backoffice/api/cases/${userId}/claim`, {})).envelope
      ?.result as CaseClaimResult;
    expect(claimed.assignee?.expiresAt).toBe(t0 + 30 * MINUTE);
    const decide = () =>
      senior.post(`/backoffice/api/cases/${userId}/decisions`, { decision: 'approve', level: 1 });

    vi.setSystemTime(t0 + 30 * MINUTE - 1000);
    expect((await decide()).envelope?.ret_code).toBe(55013);

    vi.setSystemTime(t0 + 30 * MINUTE);
    expect((await decide()).envelope?.ret_code).toBe(0);
  });
});

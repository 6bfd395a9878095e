/**
 * Issue 20 (D106, docs/data-lifecycle.md "The sweeps"): the `abandoned-uploads` and
 * `old-security-log-entries` sweeps follow the retention policy of each person's site — redacted on time
 * and not a day before, per site; a held person's rows survive until the hold is lifted; a redaction
 * record per batch; a sweep killed mid-way finished by the next without double effects.
 */
import { describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { RetentionPolicy, RetentionPolicySet } from '@kyc/contracts';
import { useAppFixture, type AppFixture } from './support/app-fixture.ts';
import { testDatabases } from './support/databases.ts';
import { staffClient } from './support/kyc-flows.ts';
import { cutoffFor, DAY_MS } from '../src/domain/retention/due-rules.ts';
import type { RollingFaults } from '../src/domain/retention/rolling.ts';

const faults: RollingFaults = {};

async function sweep(app: FastifyInstance, name: 'abandoned-uploads' | 'old-security-log-entries') {
  const found = app.sweeps.find((s) => s.name === name);
  if (!found) throw new Error(`no sweep ${name}`);
  return found.run();
}

/** A new policy version: these periods for these site/kind pairs, the rest as in force. */
async function setPeriods(fixture: AppFixture, periods: Record<string, string>): Promise<number> {
  const admin = await staffClient(fixture.app, 'admin@demo.test');
  const current = (await admin.get('/backoffice/api/retention/policies')).envelope
    ?.result as RetentionPolicySet;
  const policies = current.policies.map((p): RetentionPolicy => ({
    ...p,
    period: periods[`${p.site}/${p.kind}`] ?? p.period,
  }));
  const { envelope } = await admin.send('PUT', '/backoffice/api/retention/policies', {
    expectedVersion: current.version,
    reason: 'Per-site periods for the sweeps',
    policies,
  });
  expect(envelope?.ret_code).toBe(0);
  return (envelope?.result as RetentionPolicySet).version;
}

async function personOn(fixture: AppFixture, email: string, site: string): Promise<number> {
  const userId = await fixture.userIdOf(email);
  await fixture.database.db.updateTable('users').set({ site }).where('id', '=', userId).execute();
  return userId;
}

async function upload(fixture: AppFixture, userId: number, id: string, at: number) {
  await fixture.database.db
    .insertInto('questionnaire_evidence')
    .values({
      id,
      user_id: userId,
      submission_id: null,
      mime: 'image/jpeg',
      sha256: 'x',
      blob_id: `blob-${id}`,
      size: 1,
      created_at: at,
    })
    .execute();
}

async function signIn(fixture: AppFixture, userId: number, at: number) {
  await fixture.database.db
    .insertInto('user_security_events')
    .values({ user_id: userId, kind: 'sign_in', at, network: '', browser: '', system: '' })
    .execute();
}

async function uploadsOf(fixture: AppFixture, userId: number) {
  const rows = await fixture.database.db
    .selectFrom('questionnaire_evidence')
    .select('id')
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();
  return rows.map((r) => r.id);
}

async function eventsOf(fixture: AppFixture, userId: number) {
  const rows = await fixture.database.db
    .selectFrom('user_security_events')
    .select('at')
    .where('user_id', '=', userId)
    .execute();
  return rows.map((r) => Number(r.at));
}

async function batchRecords(fixture: AppFixture) {
  const rows = await fixture.database.db
    .selectFrom('retention_redactions')
    .select(['kind', 'site', 'policy_version', 'counts', 'run_id'])
    .where('user_id', 'is', null)
    .orderBy('id')
    .execute();
  return rows.map((r) => ({
    kind: r.kind,
    site: r.site,
    version: Number(r.policy_version),
    counts: JSON.parse(r.counts) as Record<string, number>,
    runId: Number(r.run_id),
  }));
}

describe.each(testDatabases())('retention sweeps on $name', (testDb) => {
  const fixture = useAppFixture(testDb, { build: { retentionOptions: { faults } } });

  it('when uploads and sign-ins pass the period of their person’s site, then the sweeps redact them with a record per batch; a day younger, or on a site with a longer period, they stay', async () => {
    const version = await setPeriods(fixture, {
      'EU/unsubmitted_uploads': 'P2D',
      'TUR/unsubmitted_uploads': 'P10D',
      'EU/sessions_security_log': 'P20D',
      'TUR/sessions_security_log': 'P40D',
    });
    const eu = await personOn(fixture, 'new@demo.test', 'EU');
    const tur = await personOn(fixture, 'quick@demo.test', 'TUR');
    const now = Date.now();
    await upload(fixture, eu, 'eu-due', cutoffFor(now, 'P2D') - 60_000);
    await upload(fixture, eu, 'eu-young', cutoffFor(now, 'P2D') + DAY_MS);
    // Old enough for EU's two days, not for TUR's ten.
    await upload(fixture, tur, 'tur-young', cutoffFor(now, 'P2D') - DAY_MS);
    await upload(fixture, tur, 'tur-due', cutoffFor(now, 'P10D') - 60_000);
    await signIn(fixture, eu, cutoffFor(now, 'P20D') - 60_000);
    await signIn(fixture, eu, cutoffFor(now, 'P20D') + DAY_MS);
    await signIn(fixture, tur, cutoffFor(now, 'P20D') - DAY_MS);
    await signIn(fixture, tur, cutoffFor(now, 'P40D') - 60_000);

    expect(await sweep(fixture.app, 'abandoned-uploads')).toBe(2);
    expect(await sweep(fixture.app, 'old-security-log-entries')).toBe(2);

    expect(await uploadsOf(fixture, eu)).toEqual(['eu-young']);
    expect(await uploadsOf(fixture, tur)).toEqual(['tur-young']);
    expect(await eventsOf(fixture, eu)).toEqual([cutoffFor(now, 'P20D') + DAY_MS]);
    expect(await eventsOf(fixture, tur)).toEqual([cutoffFor(now, 'P20D') - DAY_MS]);
    const records = await batchRecords(fixture);
    expect(records.map((r) => [r.kind, r.site, r.version]).sort()).toEqual(
      [
        ['sessions_security_log', 'EU', version],
        ['sessions_security_log', 'TUR', version],
        ['unsubmitted_uploads', 'EU', version],
        ['unsubmitted_uploads', 'TUR', version],
      ].sort(),
    );
    expect(records.filter((r) => r.kind === 'unsubmitted_uploads').map((r) => r.counts)).toEqual([
      { uploads: 1 },
      { uploads: 1 },
    ]);
    // Each sweep with work is a run of its own ('sweep'), finished; the daily schedule does not count it.
    const runs = await fixture.database.db
      .selectFrom('retention_runs')
      .select(['trigger', 'finished_at'])
      .orderBy('id')
      .execute();
    expect(runs.map((r) => [r.trigger, r.finished_at !== null])).toEqual([
      ['sweep', true],
      ['sweep', true],
    ]);
    // Nothing left to do: nothing more written.
    expect(await sweep(fixture.app, 'abandoned-uploads')).toBe(0);
    expect(await sweep(fixture.app, 'old-security-log-entries')).toBe(0);
    expect(await batchRecords(fixture)).toHaveLength(4);
    const lock = await fixture.database.db.selectFrom('retention_lock').selectAll().executeTakeFirstOrThrow();
    expect(Number(lock.held_until)).toBe(0);
  });

  it('when a person is held, then the sweeps leave their uploads and sign-ins however old; once the hold is lifted, the next sweep takes them', async () => {
    const held = await personOn(fixture, 'new@demo.test', 'EU');
    const old = Date.now() - 400 * DAY_MS;
    await upload(fixture, held, 'held-upload', old);
    await signIn(fixture, held, old);
    const senior = await staffClient(fixture.app, 'senior@demo.test');
    const placed = await senior.post('/backoffice/api/retention/holds', {
      userId: held,
      reason: 'investigation',
      note: 'Case 2026/4',
      reviewAt: Date.now() + 30 * DAY_MS,
    });
    expect(placed.envelope?.ret_code).toBe(0);

    expect(await sweep(fixture.app, 'abandoned-uploads')).toBe(0);
    expect(await sweep(fixture.app, 'old-security-log-entries')).toBe(0);
    expect(await uploadsOf(fixture, held)).toEqual(['held-upload']);
    expect(await eventsOf(fixture, held)).toEqual([old]);
    expect(await batchRecords(fixture)).toEqual([]);

    await fixture.database.db
      .updateTable('legal_holds')
      .set({ lifted_at: Date.now(), lifted_by: 1, lift_reason: 'closed' })
      .where('user_id', '=', held)
      .execute();
    expect(await sweep(fixture.app, 'abandoned-uploads')).toBe(1);
    expect(await sweep(fixture.app, 'old-security-log-entries')).toBe(1);
    expect(await uploadsOf(fixture, held)).toEqual([]);
    expect(await eventsOf(fixture, held)).toEqual([]);
  });

  it('when a sweep dies inside a batch and after a commit, then the next sweeps finish it: every due row gone once, the records adding up to them, none twice', async () => {
    const eu = await personOn(fixture, 'new@demo.test', 'EU');
    const old = Date.now() - 40 * DAY_MS;
    // More than a batch (200 a table): the sweep works in two transactions.
    for (let i = 0; i < 230; i++) await upload(fixture, eu, `u-${String(i).padStart(3, '0')}`, old + i);

    const killed = { inside: 0, after: 0 };
    faults.rollingBeforeCommit = (kind) => {
      if (kind === 'unsubmitted_uploads' && killed.inside++ === 0) throw new Error('killed');
    };
    faults.rollingAfterCommit = (kind) => {
      if (kind === 'unsubmitted_uploads' && killed.after++ === 0) throw new Error('killed');
    };
    const freeLease = () =>
      fixture.database.db.updateTable('retention_lock').set({ run_id: null, held_until: 0 }).execute();
    try {
      // Killed inside the first batch: rolled back, the run row with it.
      await expect(sweep(fixture.app, 'abandoned-uploads')).rejects.toThrow('killed');
      expect(await uploadsOf(fixture, eu)).toHaveLength(230);
      expect(await batchRecords(fixture)).toEqual([]);
      // A real kill leaves the lease until it ends; meanwhile another sweep does nothing.
      await fixture.database.db
        .updateTable('retention_lock')
        .set({ held_until: Date.now() + 60_000 })
        .execute();
      expect(await sweep(fixture.app, 'abandoned-uploads')).toBe(0);
      await freeLease();
      // Killed after the first batch's commit (its blobs not deleted yet).
      await expect(sweep(fixture.app, 'abandoned-uploads')).rejects.toThrow('killed');
      expect(await uploadsOf(fixture, eu)).toHaveLength(30);
      await freeLease();
      expect(await sweep(fixture.app, 'abandoned-uploads')).toBe(1);
    } finally {
      delete faults.rollingBeforeCommit;
      delete faults.rollingAfterCommit;
    }
    expect(await uploadsOf(fixture, eu)).toEqual([]);
    const records = await batchRecords(fixture);
    expect(records.map((r) => r.counts.uploads)).toEqual([200, 30]);
    expect(await sweep(fixture.app, 'abandoned-uploads')).toBe(0);
    expect(await batchRecords(fixture)).toHaveLength(2);
  });
});

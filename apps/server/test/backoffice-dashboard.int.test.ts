/**
 * Issue 17, the dashboard: the figures of a period against a known set of decided submissions (exact
 * numbers), the backlog "now" as the difference made by known waiting submissions, who sees each
 * reviewer's throughput, a bad period (55031 / 55032) and an unknown figure (55033), each figure's CSV
 * and an audit-log range as CSV (CSV-injection safe, audited as data exports).
 */
import { describe, expect, it } from 'vitest';
import type { DashboardFigures } from '@kyc/contracts';
import { auditRepo } from '../src/data/repositories/audit-repo.ts';
import { useAppFixture } from './support/app-fixture.ts';
import { testDatabases } from './support/databases.ts';
import { staffClient } from './support/kyc-flows.ts';

const HOUR = 3_600_000;
const D = Date.UTC(2020, 2, 1);
const PERIOD = '?from=2020-03-01&to=2020-03-03';

describe.each(testDatabases())('the dashboard on $name', (testDb) => {
  const fixture = useAppFixture(testDb);
  const staff = (email: string) => staffClient(fixture.app, email);
  const figures = async (client: Awaited<ReturnType<typeof staff>>, query = PERIOD) => {
    const { envelope } = await client.get(`/backoffice/api/dashboard${query}`);
    expect(envelope?.ret_code).toBe(0);
    return envelope?.result as DashboardFigures;
  };

  async function staffIds() {
    const rows = await fixture.database.db.selectFrom('staff_users').select(['id', 'email']).execute();
    const id = (email: string) => Number(rows.find((r) => r.email === email)?.id);
    return { reviewer: id('reviewer@demo.test'), senior: id('senior@demo.test') };
  }

  async function userIds(n: number): Promise<number[]> {
    const rows = await fixture.database.db.selectFrom('users').select('id').orderBy('id').limit(n).execute();
    return rows.map((r) => Number(r.id));
  }

  /** The known decided set of 2020-03-01 … 2020-03-03 (and three rows that must not count). */
  async function insertDecided() {
    const { reviewer, senior } = await staffIds();
    const [u1, u2, u3] = await userIds(3);
    const row = (
      userId: number | undefined,
      key: string,
      kind: 'level' | 'vendor' | 'reverification' | 'update_id',
      level: number,
      status: 'APPROVED' | 'REJECTED_RETRY' | 'REJECTED_FINAL' | 'WITHDRAWN',
      createdAt: number,
      decidedAt: number,
      decidedBy: number,
      reasonCode = '',
    ) => ({
      user_id: Number(userId),
      level,
      kind,
      document_type: 'PASSPORT',
      issuing_country: 'DE',
      status,
      idempotency_key: `dashboard-${key}`,
      created_at: createdAt,
      decided_at: decidedAt,
      decided_by: decidedBy,
      reject_reason_code: reasonCode,
    });
    await fixture.database.db
      .insertInto('kyc_submissions')
      .values([
        // 12 h, level 1, in time
        row(u1, 'a', 'level', 1, 'APPROVED', D - 10 * HOUR, D + 2 * HOUR, reviewer),
        // 53 h, level 1, late (48 h)
        row(u1, 'b', 'level', 1, 'REJECTED_RETRY', D - 50 * HOUR, D + 3 * HOUR, reviewer, 'BLURRY'),
        // 4 h, level 2, in time
        row(u2, 'c', 'level', 2, 'APPROVED', D + 24 * HOUR, D + 28 * HOUR, senior),
        // 85 h, re-verification, late (72 h)
        row(u2, 'd', 'reverification', 1, 'REJECTED_FINAL', D - 56 * HOUR, D + 29 * HOUR, senior, 'BLURRY'),
        // 1 h, ID update, in time; its reason code would be a formula in a spreadsheet
        row(
          u3,
          'e',
          'update_id',
          1,
          'REJECTED_RETRY',
          D + 48 * HOUR,
          D + 49 * HOUR,
          reviewer,
          '=HYPERLINK("x")',
        ),
        // 12 h, level 1 by a vendor (staff 0): counted, but nobody's throughput
        row(u3, 'f', 'vendor', 1, 'APPROVED', D + 42 * HOUR, D + 54 * HOUR, 0),
        // Not decisions of the period: withdrawn, the millisecond before, the day after.
        row(u1, 'g', 'level', 1, 'WITHDRAWN', D, D + 5 * HOUR, 0),
        row(u2, 'h', 'level', 1, 'APPROVED', D - 20 * HOUR, D - 1, reviewer),
        row(u3, 'i', 'level', 1, 'APPROVED', D + 60 * HOUR, D + 72 * HOUR, reviewer),
      ])
      .execute();
  }

  it('when decisions are inserted, re-decided, withdrawn and deleted, then the roll-ups always equal a count over the submissions', async () => {
    await insertDecided();
    const db = fixture.database.db;
    const consistent = async () => {
      const direct = await db
        .selectFrom('kyc_submissions')
        .select(['kind', 'level', 'status', 'decided_by', (eb) => eb.fn.countAll<number>().as('n')])
        .where('decided_at', 'is not', null)
        .where('status', 'in', ['APPROVED', 'REJECTED_RETRY', 'REJECTED_FINAL'])
        .groupBy(['kind', 'level', 'status', 'decided_by'])
        .execute();
      const rolled = await db
        .selectFrom('decision_counts')
        .select(['kind', 'level', 'status', 'decided_by', (eb) => eb.fn.sum<number>('n').as('n')])
        .groupBy(['kind', 'level', 'status', 'decided_by'])
        .having((eb) => eb.fn.sum('n'), '>', 0)
        .execute();
      const key = (r: { kind: string; level: unknown; status: string; decided_by: unknown; n: unknown }) =>
        `${r.kind}/${Number(r.level)}/${r.status}/${Number(r.decided_by)}=${Number(r.n)}`;
      expect(rolled.map(key).sort()).toEqual(direct.map(key).sort());
      const [durations] = await db
        .selectFrom('decision_durations')
        .select((eb) => eb.fn.sum<number>('n').as('n'))
        .execute();
      expect(Number(durations?.n ?? 0)).toBe(direct.reduce((sum, r) => sum + Number(r.n), 0));
    };
    await consistent();
    const key = (k: string) => db.selectFrom('kyc_submissions').select('id').where('idempotency_key', '=', k);
    // Re-decided (a final rejection confirmed as a retry by another member), then a later time.
    await db
      .updateTable('kyc_submissions')
      .set({ status: 'REJECTED_RETRY', decided_by: 0, decided_at: D + 30 * HOUR })
      .where('id', 'in', key('dashboard-d'))
      .execute();
    await consistent();
    // Out of the decisions (withdrawn) and back into them (approved).
    await db
      .updateTable('kyc_submissions')
      .set({ status: 'WITHDRAWN' })
      .where('id', 'in', key('dashboard-a'))
      .execute();
    await consistent();
    await db
      .updateTable('kyc_submissions')
      .set({ status: 'APPROVED' })
      .where('id', 'in', key('dashboard-g'))
      .execute();
    await consistent();
    // A column outside the grain changes nothing; a deleted submission takes its count with it.
    await db
      .updateTable('kyc_submissions')
      .set({ document_type: 'ID_CARD' })
      .where('id', 'in', key('dashboard-c'))
      .execute();
    await db.deleteFrom('kyc_submissions').where('id', 'in', key('dashboard-e')).execute();
    await consistent();
  });

  it('when the period holds a known set of decisions, then every figure is exact (time to decision to within its bucket)', async () => {
    const admin = await staff('admin@demo.test');
    const before = await figures(admin);
    expect(before.outcomes.decided).toBe(0);
    await insertDecided();
    const f = await figures(admin);
    expect(f.period).toEqual({ from: '2020-03-01', to: '2020-03-03', days: 3 });
    expect(f.decisionsPerDay).toEqual([
      { day: '2020-03-01', approved: 1, rejected: 1 },
      { day: '2020-03-02', approved: 1, rejected: 1 },
      { day: '2020-03-03', approved: 1, rejected: 1 },
    ]);
    expect(f.outcomes).toEqual({
      decided: 6,
      approved: 3,
      rejected: 3,
      approvalRate: 0.5,
      rejectionRate: 0.5,
    });
    expect(f.rejectReasons).toEqual([
      { reasonCode: 'BLURRY', count: 2, share: 2 / 3 },
      { reasonCode: '=HYPERLINK("x")', count: 1, share: 1 / 3 },
    ]);
    // Waits 1, 4, 12, 12, 53, 85 h: median between the 3rd and 4th (12 h), p90 at 4.5 (53 + 0.5·32 = 69 h).
    // From the daily roll-up's hour-wide buckets (D119): each within an hour of the exact value.
    expect(f.timeToDecision.decided).toBe(6);
    expect(Math.abs((f.timeToDecision.medianMs ?? 0) - 12 * HOUR)).toBeLessThanOrEqual(HOUR);
    expect(Math.abs((f.timeToDecision.p90Ms ?? 0) - 69 * HOUR)).toBeLessThanOrEqual(HOUR);
    expect(
      f.breaches.map(({ kind, hours, decidedInTime, decidedLate }) => [
        kind,
        hours,
        decidedInTime,
        decidedLate,
      ]),
    ).toEqual([
      ['level_1', 48, 2, 1],
      ['level_2', 72, 1, 0],
      ['reverification', 72, 0, 1],
      ['update', 48, 1, 0],
    ]);
    const { reviewer, senior } = await staffIds();
    expect(f.reviewerThroughput).toEqual([
      { staffId: reviewer, name: 'Riley Reviewer', approved: 1, rejected: 2, total: 3 },
      { staffId: senior, name: 'Sam Senior', approved: 1, rejected: 1, total: 2 },
    ]);
  });

  it('when work waits now, then the backlog counts it by kind and age band, and what is past due', async () => {
    const admin = await staff('admin@demo.test');
    const before = await figures(admin, '');
    const now = Date.now();
    const ids = await userIds(5);
    const pending = (
      i: number,
      key: string,
      kind: 'level' | 'reverification' | 'update_poa',
      level: number,
      ageHours: number,
    ) => ({
      user_id: Number(ids[i]),
      level,
      kind,
      document_type: 'PASSPORT',
      issuing_country: 'DE',
      status: 'PENDING' as const,
      idempotency_key: `dashboard-pending-${key}`,
      created_at: now - ageHours * HOUR,
    });
    await fixture.database.db
      .insertInto('kyc_submissions')
      .values([
        pending(0, 'a', 'level', 1, 2), // level 1, under a day
        pending(1, 'b', 'level', 1, 50), // level 1, 1–3 days, past 48 h
        pending(2, 'c', 'level', 2, 48), // level 2, 1–3 days, within 72 h
        pending(3, 'd', 'reverification', 1, 100), // 3–7 days, past 72 h
        pending(4, 'e', 'update_poa', 1, 200), // over 7 days, past 48 h
      ])
      .execute();
    const after = await figures(admin, '');
    const delta = Object.fromEntries(
      after.backlog.map((b) => {
        const was = before.backlog.find((x) => x.kind === b.kind);
        return [
          b.kind,
          [
            b.bands.under_1d - (was?.bands.under_1d ?? 0),
            b.bands.from_1d_to_3d - (was?.bands.from_1d_to_3d ?? 0),
            b.bands.from_3d_to_7d - (was?.bands.from_3d_to_7d ?? 0),
            b.bands.over_7d - (was?.bands.over_7d ?? 0),
            b.total - (was?.total ?? 0),
            b.overdue - (was?.overdue ?? 0),
          ],
        ];
      }),
    );
    expect(delta).toEqual({
      level_1: [1, 1, 0, 0, 2, 1],
      level_2: [0, 1, 0, 0, 1, 0],
      reverification: [0, 0, 1, 0, 1, 1],
      update: [0, 0, 0, 1, 1, 1],
      questionnaire: [0, 0, 0, 0, 0, 0],
      screening_alert: [0, 0, 0, 0, 0, 0],
    });
    const overdueNow = (f: DashboardFigures) => f.breaches.map((b) => b.overdueNow);
    expect(overdueNow(after).map((n, i) => n - (overdueNow(before)[i] ?? 0))).toEqual([1, 0, 1, 1]);
  });

  it('when a reviewer or an auditor reads the dashboard, then without team throughput; its CSV is 10005', async () => {
    await insertDecided();
    for (const email of ['reviewer@demo.test', 'auditor@demo.test']) {
      const client = await staff(email);
      const f = await figures(client);
      expect(f.outcomes.decided).toBe(6);
      expect(f.reviewerThroughput).toBeNull();
      const csv = await client.get(`/backoffice/api/dashboard/export${PERIOD}&figure=reviewer_throughput`);
      expect(csv.envelope?.ret_code).toBe(10005);
    }
    const senior = await staff('senior@demo.test');
    expect((await figures(senior)).reviewerThroughput).toHaveLength(2);
  });

  it('when the period or the figure is bad, then 55031, 55032 or 55033 in the envelope', async () => {
    const admin = await staff('admin@demo.test');
    const code = async (url: string) => (await admin.get(url)).envelope?.ret_code;
    expect(await code('/backoffice/api/dashboard?from=2020-02-30')).toBe(55031);
    expect(await code('/backoffice/api/dashboard?from=2020-03-05&to=2020-03-01')).toBe(55031);
    expect(await code('/backoffice/api/dashboard?to=last-week')).toBe(55031);
    expect(await code('/backoffice/api/dashboard?from=2019-01-01&to=2020-03-01')).toBe(55032);
    expect(await code(`/backoffice/api/dashboard/export${PERIOD}&figure=everything`)).toBe(55033);
    expect(await code(`/backoffice/api/dashboard/export${PERIOD}`)).toBe(55033);
    expect(await code('/backoffice/api/audit/export?from=2020-01-01&to=2021-06-01')).toBe(55032);
  });

  it('when a figure is exported, then its CSV holds the figures, formula-looking text is quoted, and the export is audited', async () => {
    await insertDecided();
    const admin = await staff('admin@demo.test');
    const get = async (figure: string) => {
      const { response } = await admin.get(`/backoffice/api/dashboard/export${PERIOD}&figure=${figure}`);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/csv/);
      expect(response.headers['content-disposition']).toBe(
        `attachment; filename="${figure}-2020-03-01-2020-03-03.csv"`,
      );
      return response.body;
    };
    expect(await get('reject_reasons')).toBe(
      `reason_code,count,share\r\nBLURRY,2,${2 / 3}\r\n"'=HYPERLINK(""x"")",1,${1 / 3}\r\n`,
    );
    expect(await get('decisions_per_day')).toBe(
      'day,approved,rejected\r\n2020-03-01,1,1\r\n2020-03-02,1,1\r\n2020-03-03,1,1\r\n',
    );
    expect(await get('outcomes')).toBe(
      'decided,approved,rejected,approval_rate,rejection_rate\r\n6,3,3,0.5,0.5\r\n',
    );
    const figures = (await admin.get(`/backoffice/api/dashboard${PERIOD}`)).envelope
      ?.result as DashboardFigures;
    const { medianMs, p90Ms } = figures.timeToDecision;
    expect(await get('time_to_decision')).toBe(`decided,median_ms,p90_ms\r\n6,${medianMs},${p90Ms}\r\n`);
    expect((await get('breaches')).split('\r\n')[1]).toBe('level_1,48,2,1,0');
    expect((await get('reviewer_throughput')).split('\r\n')[1]).toMatch(/^\d+,Riley Reviewer,1,2,3$/);
    expect((await get('backlog')).split('\r\n')[0]).toBe(
      'kind,under_1d,from_1d_to_3d,from_3d_to_7d,over_7d,total,overdue',
    );
    const audited = await fixture.database.db
      .selectFrom('audit_log')
      .select(['case_ref', 'details'])
      .where('action', '=', 'dashboard.export')
      .orderBy('id')
      .execute();
    expect(audited).toHaveLength(7);
    expect(JSON.parse(String(audited[0]?.details))).toEqual({
      figure: 'reject_reasons',
      from: '2020-03-01',
      to: '2020-03-03',
    });
  });

  it('when an audit-log range is exported, then it streams every entry of the filter as safe CSV, audited first', async () => {
    const { reviewer } = await staffIds();
    const audit = auditRepo(fixture.database.db);
    for (let i = 0; i < 3; i += 1)
      await audit.insert({ staffId: reviewer, action: 'case.view', caseRef: `@SUM(${i})` }, Date.now());
    const auditor = await staff('auditor@demo.test');
    const today = new Date().toISOString().slice(0, 10);
    const { response } = await auditor.get(
      `/backoffice/api/audit/export?from=${today}&to=${today}&action=case.view&staffId=${reviewer}`,
    );
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/csv/);
    const lines = response.body.split('\r\n').filter(Boolean);
    expect(lines[0]).toBe('id,at,staff_id,staff_name,action,subject_user_id,case_ref,details');
    expect(lines.slice(1).map((l) => l.split(',')[6])).toEqual(["'@SUM(2)", "'@SUM(1)", "'@SUM(0)"]);
    expect(lines[1]).toContain(`,${reviewer},Riley Reviewer,case.view,,`);
    const exported = await fixture.database.db
      .selectFrom('audit_log')
      .select('details')
      .where('action', '=', 'audit.export')
      .execute();
    expect(exported.map((r) => JSON.parse(String(r.details)))).toEqual([
      { from: today, to: today, staffId: reviewer, action: 'case.view' },
    ]);
    // Read in chunks: two at a time gives the same entries in the same order.
    const chunked = [];
    for await (const row of audit.range({ staffId: reviewer, action: 'case.view' }, 2))
      chunked.push(row.case_ref);
    expect(chunked).toEqual(['@SUM(2)', '@SUM(1)', '@SUM(0)']);
    // A reviewer may not export the audit log.
    expect(
      (await (await staff('reviewer@demo.test')).get('/backoffice/api/audit/export')).envelope?.ret_code,
    ).toBe(10005);
  });
});

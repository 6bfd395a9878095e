/**
 * Issue 17: the back-office lists page by cursor (keyset), stay stable while items are added and decided
 * between pages, count at most 10 000, end a slow list with 55001 and cancel it when the client goes
 * away; on PostgreSQL every list query's plan reads its index (no sequential scan over users,
 * applicants, submissions or the audit log) on a table seeded enough for the planner to choose honestly.
 */
import { describe, expect, it } from 'vitest';
import { CompiledQuery, sql, type KyselyPlugin, type RootOperationNode } from 'kysely';
import type { AuditResult, ReviewQueueResult } from '@kyc/contracts';
import { useAppFixture } from './support/app-fixture.ts';
import { testDatabases } from './support/databases.ts';
import { staffClient } from './support/kyc-flows.ts';
import { auditRepo } from '../src/data/repositories/audit-repo.ts';
import { reviewRepo } from '../src/data/repositories/review-repo.ts';
import { partnerWebhooksRepo } from '../src/data/repositories/partner-webhooks-repo.ts';
import { questionnaireReviewRepo } from '../src/data/repositories/questionnaire-review-repo.ts';
import { screeningRepo } from '../src/data/repositories/screening-repo.ts';
import { withListLimits } from '../src/data/list-limits.ts';
import { cappedCount } from '../src/data/keyset.ts';
import type { Db } from '../src/data/db.ts';

const BASE = Date.UTC(2026, 0, 1);

describe.each(testDatabases())('back-office lists at volume on $name', (testDb) => {
  const fixture = useAppFixture(testDb);
  const db = () => fixture.database.db;

  let serial = 0;
  /** A person with a PENDING level-1 submission created at `at`; answers the submission id. */
  async function pending(at: number, site = 'GLOBAL', country = 'DE'): Promise<number> {
    serial += 1;
    const user = await db()
      .insertInto('users')
      .values({
        email: `list-${serial}-${at}@load.test`,
        password_hash: 'x',
        site,
        created_at: at,
        updated_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db()
      .insertInto('applicants')
      .values({ user_id: user.id, country, first_name: `P${serial}`, created_at: at, updated_at: at })
      .execute();
    const sub = await db()
      .insertInto('kyc_submissions')
      .values({
        user_id: user.id,
        level: 1,
        document_type: 'PASSPORT',
        issuing_country: country,
        status: 'PENDING',
        idempotency_key: `k-${serial}`,
        created_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return Number(sub.id);
  }

  it('when items are added and decided between pages, then each item waiting throughout is listed exactly once, in order', async () => {
    const reviewer = await staffClient(fixture.app, 'reviewer@demo.test');
    const ids: number[] = [];
    // Several share a created_at: the id breaks the tie, so the order is total and stable.
    for (let i = 0; i < 12; i += 1) ids.push(await pending(BASE + Math.floor(i / 3) * 1000));
    const seen: number[] = [];
    let cursor: string | null = null;
    let round = 0;
    do {
      const query: string = `/backoffice/api/queue?site=GLOBAL&limit=4${cursor ? `&cursor=${cursor}` : ''}`;
      const page = (await reviewer.get(query)).envelope?.result as ReviewQueueResult;
      seen.push(...page.items.map((i) => i.submissionId));
      cursor = page.nextCursor;
      round += 1;
      if (round === 1) {
        // Between pages: one item already seen is decided, one not yet seen is decided, one arrives
        // before the cursor (older than everything seen) and one after it.
        await db()
          .updateTable('kyc_submissions')
          .set({ status: 'APPROVED' })
          .where('id', 'in', [ids[0] ?? 0, ids[7] ?? 0])
          .execute();
        await pending(BASE - 5000);
        ids.push(await pending(BASE + 9000));
      }
    } while (cursor && round < 10);
    const demo = seen.filter((id) => !ids.includes(id));
    const expected = ids.filter((id) => id !== ids[7]);
    expect(seen.filter((id) => ids.includes(id))).toEqual(expected);
    expect(new Set(seen).size).toBe(seen.length);
    // Only the demo's pending case (pending@demo.test, created by the seed) may come after ours.
    expect(demo.length).toBeLessThanOrEqual(1);
  });

  it('when the audit log grows between pages, then the next page continues strictly after the last entry seen', async () => {
    const admin = await staffClient(fixture.app, 'admin@demo.test');
    const audit = auditRepo(db());
    for (let i = 0; i < 7; i += 1)
      await audit.insert({ staffId: 1, action: 'case.view', subjectUserId: i + 1 }, BASE + i);
    const first = (await admin.get('/backoffice/api/audit?action=case.view&limit=3')).envelope
      ?.result as AuditResult;
    expect(first.items).toHaveLength(3);
    await audit.insert({ staffId: 1, action: 'case.view', subjectUserId: 99 }, BASE + 99);
    const second = (
      await admin.get(`/backoffice/api/audit?action=case.view&limit=3&cursor=${first.nextCursor}`)
    ).envelope?.result as AuditResult;
    const firstIds = first.items.map((e) => e.id);
    const secondIds = second.items.map((e) => e.id);
    expect(Math.min(...firstIds)).toBeGreaterThan(Math.max(...secondIds));
    expect(secondIds).toEqual([...secondIds].sort((a, b) => b - a));
    expect(second.items.some((e) => e.subjectUserId === 99)).toBe(false);
  });

  it('when more than the cap match, then the total is capped and says so', async () => {
    await sql`insert into audit_log (id, at, staff_id, action, subject_user_id, case_ref, details, prev_hash, hash)
      select 1000000 + n, ${BASE}, 1, 'case.view', null, '', '{}', '', '' from (select 1 as n) x`.execute(
      db(),
    );
    const audit = auditRepo(db());
    expect(
      await cappedCount(db(), db().selectFrom('audit_log').where('action', '=', 'case.view'), 0),
    ).toEqual({
      total: 0,
      totalCapped: true,
    });
    const { total, totalCapped } = await audit.list({ action: 'case.view', limit: 5 });
    expect({ total, totalCapped }).toEqual({ total: 1, totalCapped: false });
  });

  it('when a response leaves the waiting statuses, then the questionnaire queue table follows in the same transaction', async () => {
    const repo = questionnaireReviewRepo(db());
    const before = await repo.queue({ limit: 100 });
    const waiting = await db()
      .selectFrom('questionnaire_queue')
      .select(['item_key', 'response_id'])
      .where('waiting', '=', 1)
      .execute();
    expect(before.rows.length).toBe(waiting.length);
    const one = waiting.find((w) => w.response_id !== null);
    if (one) {
      await db()
        .transaction()
        .execute(async (trx) => {
          await trx
            .updateTable('questionnaire_responses')
            .set({ status: 'APPROVED' })
            .where('id', '=', Number(one.response_id))
            .execute();
          const row = await trx
            .selectFrom('questionnaire_queue')
            .select(['waiting', 'status'])
            .where('item_key', '=', one.item_key)
            .executeTakeFirstOrThrow();
          expect(row).toMatchObject({ waiting: 0, status: 'APPROVED' });
        });
      expect((await repo.queue({ limit: 100 })).rows.length).toBe(waiting.length - 1);
    }
  });

  if (testDb.name !== 'postgres') return;

  it('when a list runs past its statement timeout, then 55001; when its client goes away, then the statement is cancelled (55003)', async () => {
    await expect(
      withListLimits(db(), { timeoutMs: 50 }, (trx) => sql`select pg_sleep(2)`.execute(trx)),
    ).rejects.toMatchObject({
      retCode: 55001,
    });
    const controller = new AbortController();
    const started = Date.now();
    const running = withListLimits(db(), { signal: controller.signal }, (trx) =>
      sql`select pg_sleep(1.8)`.execute(trx),
    );
    // Abort once the statement runs (a cancel between statements would find nothing to cancel).
    for (let i = 0; i < 100; i += 1) {
      const { rows } = await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity
        where query like 'select pg_sleep(1.8)%' and state = 'active'`.execute(db());
      if (rows[0]?.n) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    controller.abort();
    await expect(running).rejects.toMatchObject({ retCode: 55003 });
    expect(Date.now() - started).toBeLessThan(1500);
  });

  it('when every list page is planned on a seeded database, then each reads its index and no large table sequentially', async () => {
    // Enough rows for the planner to choose as it would at volume: 30 000 people, 5 % waiting, 60 000 audit rows.
    await sql`insert into users (email, password_hash, site, created_at, updated_at)
      select 'vol' || n || '@load.test', 'x', (array['GLOBAL','TUR','EU','KAZ'])[1 + n % 4], ${BASE}::bigint + n, ${BASE}::bigint + n
      from generate_series(1, 30000) n`.execute(db());
    await sql`insert into applicants (user_id, country, created_at, updated_at)
      select id, (array['DE','NG','TR','KZ','FR'])[1 + id % 5], created_at, created_at from users where email like 'vol%'`.execute(
      db(),
    );
    await sql`insert into kyc_submissions (user_id, level, document_type, issuing_country, status, idempotency_key, created_at, kind)
      select id, 1 + id % 2, 'PASSPORT', 'DE', case when id % 20 = 0 then 'PENDING' else 'APPROVED' end, 'vol-' || id, created_at,
        case when id % 7 = 0 then 'reverification' else 'level' end
      from users where email like 'vol%'`.execute(db());
    await sql`insert into audit_log (id, at, staff_id, action, subject_user_id, case_ref, details, prev_hash, hash)
      select 2000000 + n, ${BASE}::bigint + n, 1 + n % 3, (array['case.view','decision.approve','document.view','staff.sign_in'])[1 + n % 4],
        1 + n % 30000, '', '{}', '', '' from generate_series(1, 60000) n`.execute(db());
    await sql`insert into partner_webhook_deliveries (business_id, event_id, event_type, body, status, created_at, updated_at)
      select case when n % 2 = 0 then 'demo-partner' else 'exchange-app' end, 'vol-ev-' || n, 'kyc.status', '{}', 'delivered',
        ${BASE}::bigint + n, ${BASE}::bigint + n from generate_series(1, 40000) n`.execute(db());
    // Issue 18's alerts queue: a hit per person, 2 % still to resolve, a third of those assigned.
    await sql`insert into screening_hits (user_id, list_id, list_entry_id, run_id, matched_name, our_name_enc, score,
        explanation_enc, state, category, created_at, updated_at, raised_at, assignee_id, assigned_at)
      select id, (array['ofac-sdn.xml','operator.csv','un.xml'])[1 + id % 3], 'E-' || id, 1, 'Listed ' || id, decode('00', 'hex'), 0.9, decode('00', 'hex'),
        case when id % 50 = 0 then 'open' when id % 50 = 1 then 'pending_confirmation' else 'cleared' end,
        (array['sanctions','pep','internal'])[1 + id % 3], created_at, created_at, created_at,
        case when id % 3 = 0 then 1 + id % 2 else null end, case when id % 3 = 0 then created_at else null end
      from users where email like 'vol%'`.execute(db());
    const LARGE = [
      'verification_queue',
      'users',
      'applicants',
      'kyc_submissions',
      'audit_log',
      'partner_webhook_deliveries',
      'screening_hits',
    ];
    // The large tables as a database that holds them at volume has them: compact, with statistics and a
    // visibility map (what prices an index-only scan). This worker's database served earlier tests, whose
    // deleted rows stay in the indexes until a vacuum; with `analyze` alone, the capped count of a 500-row
    // filter (cap 10 001) tipped from its index to a sort of the whole queue (CI, stop 31).
    for (const table of LARGE) await sql`vacuum full analyze ${sql.table(table)}`.execute(db());
    await sql`analyze`.execute(db()); // and the small tables they join

    const captured: RootOperationNode[] = [];
    const capture: KyselyPlugin = {
      transformQuery: ({ node }) => {
        if (node.kind === 'SelectQueryNode') captured.push(node);
        return node;
      },
      transformResult: async ({ result }) => result,
    };
    const traced = db().withPlugin(capture) as Db;
    const after: [number, number] = [BASE + 15000, 15000];
    const lists: [string, () => Promise<unknown>][] = [
      ['queue', () => reviewRepo(traced).queue({ limit: 21 })],
      ['queue, 50 pages deep', () => reviewRepo(traced).queue({ limit: 21, after })],
      ['queue by level', () => reviewRepo(traced).queue({ limit: 21, level: 2 })],
      ['queue by kind', () => reviewRepo(traced).queue({ limit: 21, kind: 'reverification' })],
      ['queue by site', () => reviewRepo(traced).queue({ limit: 21, site: 'TUR' })],
      ['queue by country', () => reviewRepo(traced).queue({ limit: 21, country: 'NG' })],
      ['queue by age', () => reviewRepo(traced).queue({ limit: 21, olderThan: BASE + 10000 })],
      ['queue by site, deep', () => reviewRepo(traced).queue({ limit: 21, site: 'TUR', after })],
      ['queue, final rejections proposed', () => reviewRepo(traced).queue({ limit: 21, pendingFinal: true })],
      [
        'queue past due',
        () =>
          reviewRepo(traced).queue({
            limit: 21,
            breachedBy: { level1: BASE + 9000, level2: BASE + 9000, reverification: BASE, update: BASE },
          }),
      ],
      ['audit', () => auditRepo(traced).list({ limit: 21 })],
      ['audit, deep', () => auditRepo(traced).list({ limit: 21, before: 2030000 })],
      ['audit by action', () => auditRepo(traced).list({ limit: 21, action: 'decision.approve' })],
      ['audit by staff', () => auditRepo(traced).list({ limit: 21, staffId: 2 })],
      ['audit by person', () => auditRepo(traced).list({ limit: 21, subjectUserId: 77 })],
      ['questionnaire queue', () => questionnaireReviewRepo(traced).queue({ limit: 21 })],
      ['partner webhook deliveries', () => partnerWebhooksRepo(traced).page('demo-partner', 20_000, 21)],
      [
        'questionnaire queue by site',
        () => questionnaireReviewRepo(traced).queue({ limit: 21, site: 'TUR' }),
      ],
      ['screening alerts', () => screeningRepo(traced).alerts({ limit: 21 })],
      ['screening alerts by list', () => screeningRepo(traced).alerts({ limit: 21, list: 'operator.csv' })],
      ['screening alerts by category', () => screeningRepo(traced).alerts({ limit: 21, category: 'pep' })],
      ['screening alerts by state', () => screeningRepo(traced).alerts({ limit: 21, state: 'open' })],
      ['screening alerts assigned to me', () => screeningRepo(traced).alerts({ limit: 21, assigneeId: 2 })],
      [
        'screening alerts assigned to me, deep',
        () => screeningRepo(traced).alerts({ limit: 21, assigneeId: 2, after: [BASE + 15000, 15000] }),
      ],
    ];
    for (const [name, run] of lists) {
      captured.length = 0;
      await run();
      expect(captured.length, name).toBeGreaterThan(0);
      for (const node of captured) {
        const compiled = db()
          .getExecutor()
          .compileQuery(node, { queryId: 'explain' } as never);
        const explained = await db().executeQuery<{ 'QUERY PLAN': string }>(
          CompiledQuery.raw(`explain ${compiled.sql}`, [...compiled.parameters]),
        );
        const plan = explained.rows.map((r) => r['QUERY PLAN']).join('\n');
        for (const table of LARGE)
          expect(plan, `${name}:\n${plan}`).not.toMatch(new RegExp(`Seq Scan on ${table}\\b`));
      }
    }
  });
});

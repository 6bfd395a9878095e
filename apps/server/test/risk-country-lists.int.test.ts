/**
 * Issue 18 "Risk score", the country lists' admin (docs/screening.md "Country lists"; D93): everyone who
 * sees cases reads every list; an admin adds, edits and removes an entry over the version read, each
 * change audited and saved as a new risk configuration version, so the `risk` job recomputes everyone;
 * bad input gets its ret_code and changes nothing; a stale change is 61022; of two changes at once
 * exactly one wins; a reviewer is refused.
 */
import { describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { RiskCountryListsView, RiskWeightsView } from '@kyc/contracts';
import { useAppFixture, type AppFixture } from './support/app-fixture.ts';
import { testDatabases } from './support/databases.ts';
import { staffClient, userClient, type Answer } from './support/kyc-flows.ts';
import { TEST_MASTER_KEY, type TestClient } from './support/test-app.ts';
import { repositories } from '../src/data/repositories/index.ts';
import { riskUseCases } from '../src/domain/risk/risk-service.ts';
import { createKeyring } from '../src/lib/crypto/envelope.ts';

const URL_FATF = 'https://www.fatf-gafi.org/en/publications/High-risk-and-other-monitored-jurisdictions.html';
const ADD_FR = {
  action: 'add',
  list: 'fatf_call_for_action',
  country: 'FR',
  listedSince: '2026-02-20',
  published: '2026-02-20',
  source: URL_FATF,
} as const;

const change = async (staff: TestClient, body: object) =>
  (await staff.post('/backoffice/api/risk/country-lists', body)).envelope as Answer;

async function lists(staff: TestClient): Promise<RiskCountryListsView> {
  const { envelope } = await staff.get('/backoffice/api/risk/country-lists');
  expect(envelope?.ret_code).toBe(0);
  return envelope?.result as RiskCountryListsView;
}

const entriesOf = (view: RiskCountryListsView, list: string) =>
  view.lists.find((l) => l.list === list)?.entries ?? [];

async function audited(fixture: AppFixture) {
  const rows = await fixture.database.db
    .selectFrom('audit_log')
    .select(['action', 'staff_id', 'details'])
    .where('action', '=', 'risk.country_lists.update')
    .orderBy('id')
    .execute();
  return rows.map((r) => ({ ...r, details: JSON.parse(String(r.details)) as Record<string, unknown> }));
}

async function job(app: FastifyInstance, name: string): Promise<number> {
  const found = app.jobs.find((j) => j.name === name);
  if (!found) throw new Error(`no ${name} job`);
  return found.run();
}

describe.each(testDatabases())('the country risk lists on $name', (testDb) => {
  const fixture = useAppFixture(testDb);

  it('when a reviewer reads the lists, then every entry is there by list with its dates, source and who changed it; a change of theirs is refused', async () => {
    const reviewer = await staffClient(fixture.app, 'reviewer@demo.test');

    const view = await lists(reviewer);
    const refused = await change(reviewer, { ...ADD_FR, baseVersion: view.version });

    expect(view.version).toBe(1);
    expect(view.lists.map((l) => [l.list, l.entries.length])).toEqual([
      ['fatf_call_for_action', 3],
      ['fatf_increased_monitoring', 20],
      ['eu_high_risk', 29],
    ]);
    expect(entriesOf(view, 'fatf_call_for_action').find((e) => e.country === 'MM')).toEqual({
      country: 'MM',
      listedSince: '2022-10-21',
      published: '2025-10-24',
      source: expect.stringMatching(/^https:\/\/www\.fatf-gafi\.org\//),
      updatedBy: null,
      updatedByName: null,
      updatedAt: expect.any(Number),
    });
    expect(refused.ret_code).toBe(10005);
    expect((await lists(reviewer)).version).toBe(1);
  });

  it('when an admin adds, edits and removes an entry, then each is saved over the version read, audited, and a new risk configuration version with the same weights', async () => {
    const admin = await staffClient(fixture.app, 'admin@demo.test');
    const before = (await admin.get('/backoffice/api/risk/weights')).envelope?.result as RiskWeightsView;

    const added = await change(admin, { ...ADD_FR, baseVersion: 1 });
    const edited = await change(admin, {
      ...ADD_FR,
      action: 'edit',
      listedSince: null,
      source: `${URL_FATF} (plenary of February 2026)`,
      baseVersion: 2,
    });
    const removed = await change(admin, {
      action: 'remove',
      list: 'fatf_increased_monitoring',
      country: 'bg',
      baseVersion: 3,
    });

    expect([added.ret_code, edited.ret_code, removed.ret_code]).toEqual([0, 0, 0]);
    const view = await lists(admin);
    expect(view).toEqual(removed.result);
    expect(view.version).toBe(4);
    expect(entriesOf(view, 'fatf_call_for_action').find((e) => e.country === 'FR')).toMatchObject({
      listedSince: null,
      published: '2026-02-20',
      source: `${URL_FATF} (plenary of February 2026)`,
      updatedBy: expect.any(Number),
      updatedByName: expect.any(String),
    });
    expect(entriesOf(view, 'fatf_increased_monitoring').some((e) => e.country === 'BG')).toBe(false);
    const weights = (await admin.get('/backoffice/api/risk/weights')).envelope?.result as RiskWeightsView;
    expect(weights).toMatchObject({ version: 4, cause: 'country_lists', weights: before.weights });
    expect(before.cause).toBe('weights');
    const entries = await audited(fixture);
    expect(entries.map((e) => e.details)).toEqual([
      {
        action: 'add',
        list: 'fatf_call_for_action',
        country: 'FR',
        from: null,
        to: { listedSince: '2026-02-20', published: '2026-02-20', source: URL_FATF },
        version: { from: 1, to: 2 },
      },
      {
        action: 'edit',
        list: 'fatf_call_for_action',
        country: 'FR',
        from: { listedSince: '2026-02-20', published: '2026-02-20', source: URL_FATF },
        to: { listedSince: null, published: '2026-02-20', source: `${URL_FATF} (plenary of February 2026)` },
        version: { from: 2, to: 3 },
      },
      {
        action: 'remove',
        list: 'fatf_increased_monitoring',
        country: 'BG',
        from: { listedSince: '2023-10-27', published: '2025-10-24', source: expect.any(String) },
        to: null,
        version: { from: 3, to: 4 },
      },
    ]);
    expect(new Set(entries.map((e) => e.staff_id)).size).toBe(1);
  });

  it('when the input is bad, then each gets its ret_code and nothing changes', async () => {
    const admin = await staffClient(fixture.app, 'admin@demo.test');
    const before = await lists(admin);
    const future = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);

    const answers = await Promise.all(
      [
        { ...ADD_FR, country: 'XX' },
        { ...ADD_FR, list: 'un_high_risk' },
        { ...ADD_FR, listedSince: '2026-02-30' },
        { ...ADD_FR, published: '20.02.2026' },
        { ...ADD_FR, published: future },
        { ...ADD_FR, source: 'http://www.fatf-gafi.org/list.html' },
        { ...ADD_FR, source: 'the FATF website' },
        { ...ADD_FR, country: 'KP' },
        { ...ADD_FR, action: 'edit' },
        { action: 'remove', list: 'eu_high_risk', country: 'FR' },
      ].map(async (body) => (await change(admin, { ...body, baseVersion: 1 })).ret_code),
    );

    expect(answers).toEqual([53001, 10001, 61023, 61023, 61023, 61024, 61024, 61025, 61026, 61026]);
    expect(await lists(admin)).toEqual(before);
    expect(await audited(fixture)).toEqual([]);
  });

  it('when a change is made over an older version, or two are made at once, then exactly one wins and the other is 61022', async () => {
    const admin = await staffClient(fixture.app, 'admin@demo.test');

    const [one, two] = await Promise.all([
      change(admin, { ...ADD_FR, baseVersion: 1 }),
      change(admin, { ...ADD_FR, country: 'DE', baseVersion: 1 }),
    ]);
    const stale = await change(admin, { ...ADD_FR, country: 'IT', baseVersion: 1 });

    expect([one.ret_code, two.ret_code].sort()).toEqual([0, 61022]);
    expect(stale.ret_code).toBe(61022);
    const view = await lists(admin);
    expect(view.version).toBe(2);
    const added = entriesOf(view, 'fatf_call_for_action').filter((e) =>
      ['FR', 'DE', 'IT'].includes(e.country),
    );
    expect(added).toHaveLength(1);
    expect(await audited(fixture)).toHaveLength(1);
  });

  it('when a country where a person lives is added to the call-for-action list, then the risk job makes them high risk and opens their EDD case', async () => {
    const client = await userClient(fixture.app, 'new@demo.test');
    expect(
      (
        await client.post('/v3/private/kyc/kyc-personal-info', {
          firstName: 'Ada',
          lastName: 'Lovelace',
          dateOfBirth: '1990-12-10',
        })
      ).envelope?.ret_code,
    ).toBe(0);
    const userId = await fixture.userIdOf('new@demo.test');
    const repos = repositories(fixture.database.db);
    await repos.kyc.upsertApplicant(userId, { residence_country: 'FR' }, Date.now());
    const risk = riskUseCases({ repos, keyring: createKeyring(Buffer.from(TEST_MASTER_KEY, 'base64')) });
    expect((await risk.recompute(userId, 'level_1_submitted')).level).toBe('low');
    const admin = await staffClient(fixture.app, 'admin@demo.test');

    expect((await change(admin, { ...ADD_FR, baseVersion: 1 })).ret_code).toBe(0);
    expect(await job(fixture.app, 'risk')).toBeGreaterThanOrEqual(1);

    const current = await repos.risk.currentAssessment(userId);
    expect(current).toMatchObject({ level: 'high', weights_version: 2, trigger: 'weights_changed' });
    expect(current?.factors).toContain('FR (residence) is on the FATF high-risk jurisdictions');
    expect((await repos.questionnaires.findEddCase(userId))?.status).toBe('UnSubmit');
    expect(await job(fixture.app, 'risk')).toBe(0);
  });
});

/**
 * Issue 18 "Risk score" (docs/screening.md "Risk score"; D90–D91): a person living in a FATF
 * call-for-action country is high with the factor explained, and the EDD task opens once even with two
 * recomputations at once; a sanctions hit raises the risk and its cleared false positive lowers it again
 * with the history kept; the case answer carries `risk`; the weights are versioned (61020, 61021), audited,
 * closed to reviewers, and the `risk` job recomputes the people assessed under an older version.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { ComplianceTask, ReviewCase, RiskWeightsView } from '@kyc/contracts';
import { useAppFixture, type AppFixture } from './support/app-fixture.ts';
import { testDatabases } from './support/databases.ts';
import { staffClient, userClient, userWithCase, type Answer } from './support/kyc-flows.ts';
import { TEST_MASTER_KEY, type TestClient } from './support/test-app.ts';
import { repositories } from '../src/data/repositories/index.ts';
import { riskUseCases } from '../src/domain/risk/risk-service.ts';
import { createKeyring } from '../src/lib/crypto/envelope.ts';

const OFAC = path.resolve(import.meta.dirname, '../src/domain/screening/fixtures/ofac-sdn.xml');
const VELMOROV = { firstName: 'Oleg Tarasovich', lastName: 'Velmorov', dateOfBirth: '1971-03-12' };
const ADA = { firstName: 'Ada', lastName: 'Lovelace', dateOfBirth: '1990-12-10' };

async function caseOf(staff: TestClient, userId: number): Promise<ReviewCase> {
  const { envelope } = await staff.get(`/backoffice/api/cases/${userId}`);
  expect(envelope?.ret_code).toBe(0);
  return envelope?.result as ReviewCase;
}

/** The case once its risk satisfies `done` (recomputed in the background after a commit), within 10 s. */
async function riskWhen(staff: TestClient, userId: number, done: (c: ReviewCase) => boolean) {
  for (let i = 0; i < 100; i++) {
    const c = await caseOf(staff, userId);
    if (done(c)) return c;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`risk of ${userId} never reached the expected state`);
}

/** A signed-up person with their name typed (level 1 not yet submitted). */
async function person(app: FastifyInstance, email: string, details: object): Promise<TestClient> {
  const client = await userClient(app, email);
  expect((await client.post('/v3/private/kyc/kyc-personal-info', details)).envelope?.ret_code).toBe(0);
  return client;
}

function riskOf(fixture: AppFixture) {
  return riskUseCases({
    repos: repositories(fixture.database.db),
    keyring: createKeyring(Buffer.from(TEST_MASTER_KEY, 'base64')),
  });
}

async function job(app: FastifyInstance, name: string): Promise<number> {
  const found = app.jobs.find((j) => j.name === name);
  if (!found) throw new Error(`no ${name} job`);
  return found.run();
}

describe.each(testDatabases())('the risk score on $name', (testDb) => {
  describe('without screening lists', () => {
    const fixture = useAppFixture(testDb);

    it('when a person living in Myanmar submits level 1, then they are high risk with the FATF factor explained, and the EDD task is on their personal page', async () => {
      const client = await person(fixture.app, 'new@demo.test', ADA);
      const userId = await fixture.userIdOf('new@demo.test');
      // The residence as the level-2 address or an ID update records it.
      await repositories(fixture.database.db).kyc.upsertApplicant(
        userId,
        { residence_country: 'MM' },
        Date.now(),
      );
      await userWithCase(fixture.app, 'new@demo.test', 'DE');
      const reviewer = await staffClient(fixture.app, 'reviewer@demo.test');

      const { risk } = await riskWhen(reviewer, userId, (c) => c.risk != null);

      expect(risk).toMatchObject({ level: 'high', points: 130, weightsVersion: 1 });
      expect(risk?.factors).toEqual([
        {
          code: 'country_fatf_call_for_action',
          points: 100,
          about: { kind: 'country', country: 'MM', roles: ['residence'], listedSince: '2022-10-21' },
          detail:
            'MM (residence) is on the FATF high-risk jurisdictions subject to a call for action since 2022-10-21',
          source: expect.stringContaining('published 2025-10-24: https://www.fatf-gafi.org/'),
        },
        {
          code: 'country_eu_high_risk',
          points: 30,
          about: { kind: 'country', country: 'MM', roles: ['residence'], listedSince: null },
          detail:
            'MM (residence) is on the EU high-risk third countries (Delegated Regulation (EU) 2016/1675)',
          source: expect.stringContaining('eur-lex.europa.eu'),
        },
      ]);
      const tasks = (await client.post('/v3/private/kyc/compliance-tasks')).envelope?.result as {
        tasks: ComplianceTask[];
      };
      const edd = tasks.tasks.filter((t) => t.kind === 'edd');
      expect(edd).toHaveLength(1);
      expect(edd[0]).toMatchObject({ open: true, dueAt: expect.any(Number) });
      const eddCase = await repositories(fixture.database.db).questionnaires.findEddCase(userId);
      expect(eddCase).toMatchObject({ status: 'UnSubmit', trigger_reason: 'risk_score_high' });
    });

    it('when two recomputations of a high-risk person run at once, then one assessment is written and one EDD case opened', async () => {
      await person(fixture.app, 'new@demo.test', ADA);
      const userId = await fixture.userIdOf('new@demo.test');
      const repos = repositories(fixture.database.db);
      await repos.kyc.upsertApplicant(userId, { residence_country: 'KP' }, Date.now());
      const risk = riskOf(fixture);

      const results = await Promise.all([
        risk.recompute(userId, 'level_1_submitted'),
        risk.recompute(userId, 'level_1_submitted'),
      ]);

      expect(results.filter((r) => r.changed)).toHaveLength(1);
      expect(results.filter((r) => r.eddOpened)).toHaveLength(1);
      expect(results.every((r) => r.level === 'high')).toBe(true);
      expect(await repos.risk.assessmentsOf(userId)).toHaveLength(1);
      expect((await repos.questionnaires.findEddCase(userId))?.status).toBe('UnSubmit');
      // Nothing changed: nothing written, no second task.
      expect(await risk.recompute(userId, 'level_1_submitted')).toEqual({
        changed: false,
        level: 'high',
        eddOpened: false,
      });
      expect(await repos.risk.assessmentsOf(userId)).toHaveLength(1);
    });

    it('when an admin changes the weights, then a stale version is 61021, thresholds out of order 61020, a reviewer is refused, the change is audited and the risk job recomputes under it', async () => {
      await person(fixture.app, 'new@demo.test', ADA);
      const userId = await fixture.userIdOf('new@demo.test');
      const repos = repositories(fixture.database.db);
      await repos.kyc.upsertApplicant(userId, { residence_country: 'BG' }, Date.now());
      await riskOf(fixture).recompute(userId, 'level_1_submitted');
      const admin = await staffClient(fixture.app, 'admin@demo.test');
      const reviewer = await staffClient(fixture.app, 'reviewer@demo.test');
      const read = (await admin.get('/backoffice/api/risk/weights')).envelope?.result as RiskWeightsView;
      expect(read).toMatchObject({
        version: 1,
        createdBy: null,
        createdByName: null,
        weights: { thresholds: { medium: 25, high: 60 } },
      });
      const stricter = {
        factors: { ...read.weights.factors, country_fatf_increased_monitoring: 60 },
        thresholds: read.weights.thresholds,
      };

      const refused = (
        await reviewer.send('PUT', '/backoffice/api/risk/weights', { baseVersion: 1, weights: stricter })
      ).envelope as Answer;
      const disordered = (
        await admin.send('PUT', '/backoffice/api/risk/weights', {
          baseVersion: 1,
          weights: { ...stricter, thresholds: { medium: 60, high: 60 } },
        })
      ).envelope as Answer;
      const saved = (
        await admin.send('PUT', '/backoffice/api/risk/weights', { baseVersion: 1, weights: stricter })
      ).envelope as Answer;
      const stale = (
        await admin.send('PUT', '/backoffice/api/risk/weights', { baseVersion: 1, weights: stricter })
      ).envelope as Answer;

      expect(refused.ret_code).toBe(10005);
      expect(disordered.ret_code).toBe(61020);
      expect(saved.ret_code).toBe(0);
      expect(saved.result).toMatchObject({
        version: 2,
        weights: stricter,
        createdByName: expect.any(String),
      });
      expect((await admin.get('/backoffice/api/risk/weights')).envelope?.result).toEqual(saved.result);
      expect(stale.ret_code).toBe(61021);
      const audited = await fixture.database.db
        .selectFrom('audit_log')
        .select(['action', 'details'])
        .where('action', '=', 'risk.weights.update')
        .execute();
      expect(audited).toHaveLength(1);
      expect(JSON.parse(String(audited[0]?.details))).toMatchObject({
        from: 1,
        to: 2,
        changed: [{ code: 'country_fatf_increased_monitoring', from: 30, to: 60 }],
      });
      expect((await repos.risk.currentAssessment(userId))?.level).toBe('medium');

      expect(await job(fixture.app, 'risk')).toBeGreaterThanOrEqual(1);

      const history = await repos.risk.assessmentsOf(userId);
      expect(history.map((a) => [a.level, Number(a.weights_version), a.trigger])).toEqual([
        ['high', 2, 'weights_changed'],
        ['medium', 1, 'level_1_submitted'],
      ]);
      expect(await job(fixture.app, 'risk')).toBe(0);
    });
  });

  describe('with the OFAC fixture', () => {
    const fixture = useAppFixture(testDb, {
      get env() {
        return { SCREENING_LISTS: OFAC };
      },
    });

    it('when a listed person is hit, then the risk rises; when the hit is cleared as a false positive, then it falls again and the history keeps both', async () => {
      await person(fixture.app, 'new@demo.test', VELMOROV);
      await userWithCase(fixture.app, 'new@demo.test');
      await job(fixture.app, 'screening');
      const userId = await fixture.userIdOf('new@demo.test');
      const reviewer = await staffClient(fixture.app, 'reviewer@demo.test');
      const senior = await staffClient(fixture.app, 'senior@demo.test');

      const hitCase = await riskWhen(reviewer, userId, (c) =>
        Boolean(c.risk?.factors.some((f) => f.code === 'screening_open_hit')),
      );
      expect(hitCase.risk).toMatchObject({ level: 'medium', points: 40 });
      const [hit] = hitCase.screening.hits;
      if (!hit) throw new Error('no hit');
      expect(hitCase.risk?.factors).toEqual([
        {
          code: 'screening_open_hit',
          points: 40,
          about: { kind: 'screening_hit', state: 'open' },
          detail: 'open potential match',
          source: `screening hit ${hit.id}: ofac-sdn.xml entry ${hit.listEntryId} (sanctions)`,
        },
      ]);

      const marked = (
        await reviewer.post(`/backoffice/api/screening/hits/${hit.id}/resolution`, {
          action: 'false_positive',
          reason: 'Different person: born in another city, passport checked.',
          expectedVersion: hit.version,
        })
      ).envelope as Answer;
      const pending = (marked.result as ReviewCase).screening.hits[0];
      const confirmed = (
        await senior.post(`/backoffice/api/screening/hits/${hit.id}/resolution`, {
          action: 'confirm',
          expectedVersion: pending?.version,
        })
      ).envelope as Answer;

      expect(confirmed.ret_code).toBe(0);
      expect((confirmed.result as ReviewCase).risk).toMatchObject({
        level: 'low',
        points: 0,
        factors: [{ code: 'screening_cleared_hit', points: 0, detail: 'cleared as a false positive' }],
      });
      const history = await repositories(fixture.database.db).risk.assessmentsOf(userId);
      expect(history[0]).toMatchObject({ level: 'low', trigger: 'screening_hit_resolved' });
      // The open hit's assessment (written after the level-1 submission's or the screening run's commit).
      expect(
        history.slice(1).some((a) => a.level === 'medium' && a.factors.includes('screening_open_hit')),
      ).toBe(true);
      // No EDD case: the person never was high.
      expect(
        (await repositories(fixture.database.db).questionnaires.findEddCase(userId))?.status ?? 'Unknown',
      ).toBe('Unknown');
    });
  });
});

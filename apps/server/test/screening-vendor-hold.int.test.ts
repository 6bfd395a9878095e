/**
 * Issue 18 "Freeze" (D105; docs/screening.md "A vendor's approval after a hit"): a vendor's approval of a
 * person whose account a true match froze, or who has a screening hit still to resolve, does not make
 * the level SUCCESS: it stays PENDING in the review queue, the vendor event on the case says why, and a
 * reviewer approves once the hit is resolved (the usual checks: 61001, 61007).
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { ReviewCase } from '@kyc/contracts';
import { useAppFixture, type AppFixture } from './support/app-fixture.ts';
import { testDatabases } from './support/databases.ts';
import { decide, staffClient, userClient, type Answer } from './support/kyc-flows.ts';
import { scriptedVendor, scriptedWebhook } from './support/scripted-vendor.ts';
import type { TestClient } from './support/test-app.ts';
import { repositories } from '../src/data/repositories/index.ts';

const OFAC = path.resolve(import.meta.dirname, '../src/domain/screening/fixtures/ofac-sdn.xml');
const VELMOROV = { firstName: 'Oleg Tarasovich', lastName: 'Velmorov', dateOfBirth: '1971-03-12' };

async function job(app: FastifyInstance, name: string): Promise<number> {
  const found = app.jobs.find((j) => j.name === name);
  if (!found) throw new Error(`no ${name} job`);
  return found.run();
}

async function caseOf(staff: TestClient, userId: number): Promise<ReviewCase> {
  const { envelope } = await staff.get(`/backoffice/api/cases/${userId}`);
  expect(envelope?.ret_code).toBe(0);
  return envelope?.result as ReviewCase;
}

async function resolve(staff: TestClient, hitId: number, body: object): Promise<Answer> {
  const { envelope } = await staff.post(`/backoffice/api/screening/hits/${hitId}/resolution`, body);
  return envelope as Answer;
}

describe.each(testDatabases())("a vendor's approval after a screening hit on $name", (testDb) => {
  const fixture = useAppFixture(testDb, {
    env: {
      SCREENING_LISTS: OFAC,
      SUMSUB_APP_TOKEN: 'test-app-token',
      SUMSUB_SECRET_KEY: 'test-secret',
      SUMSUB_WEBHOOK_SECRET: 'test-hook',
    },
    build: { providerOptions: { adapters: { sumsub: scriptedVendor().adapter } } },
  });

  /** The listed person at the vendor's flow for level 1, screened (one open hit); their id and applicant. */
  async function screenedAtVendor(f: AppFixture) {
    const client = await userClient(f.app, 'sumsub@demo.test');
    expect((await client.post('/v3/private/kyc/kyc-personal-info', VELMOROV)).envelope?.ret_code).toBe(0);
    expect(
      (await client.post('/v3/private/kyc/get-verification-sdk-info', { level: 1 })).envelope?.ret_code,
    ).toBe(0);
    const userId = await f.userIdOf('sumsub@demo.test');
    await repositories(f.database.db).screening.requestRun(userId, 'level_1_submitted', Date.now());
    await job(f.app, 'screening');
    const applicant = await f.database.db
      .selectFrom('vendor_applicants')
      .select('vendor_applicant_id')
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    return { userId, applicantId: applicant.vendor_applicant_id ?? '' };
  }

  const approves = (applicantId: string, key: string) =>
    scriptedWebhook(fixture.app, {
      key,
      type: 'applicantReviewed',
      at: 100,
      applicantId,
      level: 1,
      outcome: { kind: 'approved' },
    });

  async function level1Of(userId: number): Promise<string> {
    const row = await fixture.database.db
      .selectFrom('kyc_level_states')
      .select('status')
      .where('user_id', '=', userId)
      .where('level', '=', 1)
      .executeTakeFirstOrThrow();
    return row.status;
  }

  it('when the vendor approves a person with an open hit, then the level waits in PENDING for a reviewer, who approves after the hit is cleared', async () => {
    const { userId, applicantId } = await screenedAtVendor(fixture);
    const reviewer = await staffClient(fixture.app, 'reviewer@demo.test');
    expect((await caseOf(reviewer, userId)).screening.status).toBe('open_hit');

    const answer = await approves(applicantId, 'e-open');

    expect(answer.json()).toMatchObject({ result: { effect: 'held_open_hit' } });
    expect(await level1Of(userId)).toBe('PENDING');
    const view = await caseOf(reviewer, userId);
    expect(view.vendor.events.map((e) => [e.outcome, e.effect])).toEqual([['approved', 'held_open_hit']]);
    expect(view.decisions.filter((d) => d.decision === 'approve')).toEqual([]);
    expect((await decide(reviewer, userId, { decision: 'approve', level: 1 })).ret_code).toBe(61001);

    const [hit] = view.screening.hits;
    if (!hit) throw new Error('no hit');
    const reason = 'Different person: the passport photo and the place of birth do not match the entry.';
    expect(
      (await resolve(reviewer, hit.id, { action: 'false_positive', reason, expectedVersion: hit.version }))
        .ret_code,
    ).toBe(0);
    const senior = await staffClient(fixture.app, 'senior@demo.test');
    expect(
      (await resolve(senior, hit.id, { action: 'confirm', expectedVersion: hit.version + 1 })).ret_code,
    ).toBe(0);
    expect((await decide(reviewer, userId, { decision: 'approve', level: 1 })).ret_code).toBe(0);
    expect(await level1Of(userId)).toBe('SUCCESS');
  });

  it('when the vendor approves a person a true match froze, then the level is not SUCCESS and no approval is recorded', async () => {
    const { userId, applicantId } = await screenedAtVendor(fixture);
    const reviewer = await staffClient(fixture.app, 'reviewer@demo.test');
    const [hit] = (await caseOf(reviewer, userId)).screening.hits;
    if (!hit) throw new Error('no hit');
    const reason = 'Same name, date of birth and nationality as OFAC entry 91001.';
    expect(
      (await resolve(reviewer, hit.id, { action: 'true_match', reason, expectedVersion: hit.version }))
        .ret_code,
    ).toBe(0);

    const answer = await approves(applicantId, 'e-frozen');

    expect(answer.json()).toMatchObject({ result: { effect: 'held_frozen' } });
    expect(await level1Of(userId)).toBe('PENDING');
    const view = await caseOf(reviewer, userId);
    expect(view.vendor.events.map((e) => e.effect)).toEqual(['held_frozen']);
    expect(view.decisions.filter((d) => d.decision === 'approve')).toEqual([]);
    expect((await decide(reviewer, userId, { decision: 'approve', level: 1 })).ret_code).toBe(61007);
    // The same event again changes nothing.
    expect((await approves(applicantId, 'e-frozen')).json()).toMatchObject({
      result: { effect: 'duplicate' },
    });
    expect(await level1Of(userId)).toBe('PENDING');
  });

  it('when the approval and a true match arrive at once, then whichever commits first, the level never becomes SUCCESS', async () => {
    const { userId, applicantId } = await screenedAtVendor(fixture);
    const reviewer = await staffClient(fixture.app, 'reviewer@demo.test');
    const [hit] = (await caseOf(reviewer, userId)).screening.hits;
    if (!hit) throw new Error('no hit');
    const reason = 'Same name, date of birth and nationality as OFAC entry 91001.';

    const [answer, resolved] = await Promise.all([
      approves(applicantId, 'e-race'),
      resolve(reviewer, hit.id, { action: 'true_match', reason, expectedVersion: hit.version }),
    ]);

    expect(resolved.ret_code).toBe(0);
    const effect = (answer.json() as { result: { effect: string } }).result.effect;
    expect(['held_open_hit', 'held_frozen']).toContain(effect);
    expect(await level1Of(userId)).toBe('PENDING');
    expect((await caseOf(reviewer, userId)).screening.frozen).not.toBeNull();
  });
});

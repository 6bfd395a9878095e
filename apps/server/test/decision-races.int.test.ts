/**
 * Issue 14: two back-office decisions on one case sent at the same moment, from two instances of the
 * app on one database. Exactly one commits; the other is 409 / 30081 and writes nothing (no decision
 * row, audit entry, notice or status event), and what is stored agrees with itself. Each kind of
 * decision races a few times on both databases.
 */
import { describe, expect, it } from 'vitest';
import { RET_CODES } from '@kyc/contracts';
import { useAppFixture } from './support/app-fixture.ts';
import { testDatabases } from './support/databases.ts';
import {
  addedSince,
  eventsSince,
  marks,
  onInstance,
  secondInstance,
  winnerAndLoser,
} from './support/decision-races.ts';
import { staffClient } from './support/kyc-flows.ts';
import type { TestClient } from './support/test-app.ts';
import { kycRepo } from '../src/data/repositories/kyc-repo.ts';
import { reviewRepo } from '../src/data/repositories/review-repo.ts';
import { submissionsRepo } from '../src/data/repositories/submissions-repo.ts';

const ROUNDS = 4;
const ALREADY_DECIDED = RET_CODES.CASE_ALREADY_DECIDED.code;
const DAY = 86_400_000;

type Body = Record<string, unknown>;
interface Racer {
  staff: string;
  /** The request, or how to build it once the round's case exists. */
  body: Body | (() => Body);
}
const bodyOf = (r: Racer): Body => (typeof r.body === 'function' ? r.body() : r.body);

describe.each(testDatabases())('two decisions on one case at the same moment on $name', (testDb) => {
  const fixture = useAppFixture(testDb, { env: { DEMO_STAFF_TOTP: 'required' } });

  /** Races `a` (instance one) against `b` (instance two) `ROUNDS` times, `reset` before each round. */
  async function race(
    email: string,
    reset: (userId: number) => Promise<void>,
    a: Racer,
    b: Racer,
    check: (userId: number, winner: Body, added: Awaited<ReturnType<typeof addedSince>>) => Promise<void>,
  ) {
    const other = await secondInstance(fixture);
    try {
      const userId = await fixture.userIdOf(email);
      const signedIn = new Map<string, TestClient>();
      for (const { staff } of [a, b])
        if (!signedIn.has(staff)) signedIn.set(staff, await staffClient(fixture.app, staff));
      const first = signedIn.get(a.staff) as TestClient;
      const second = onInstance(signedIn.get(b.staff) as TestClient, other.app);
      const send = (client: TestClient, body: Body) =>
        client.post(`/backoffice/api/cases/${userId}/decisions`, body);
      for (let round = 0; round < ROUNDS; round++) {
        await reset(userId);
        const before = await marks(fixture);
        const bodies = [bodyOf(a), bodyOf(b)] as const;
        const answers = await Promise.all([send(first, bodies[0]), send(second, bodies[1])]);
        const { winner, outcome } = winnerAndLoser(answers);
        const loser = answers[winner === 0 ? 1 : 0];
        expect(outcome, `round ${round}`).toMatch(/^200\/0 \+ 409\/30081$|^409\/30081 \+ 200\/0$/);
        expect(loser.envelope?.ret_code).toBe(ALREADY_DECIDED);
        const added = await addedSince(fixture, before);
        expect(added.kyc_decisions, `round ${round}: one decision row`).toBe(1);
        expect(added.audit_log, `round ${round}: one audit entry`).toBe(1);
        const events = await eventsSince(fixture, before);
        expect(new Set(events.map((e) => e.ref)).size, `round ${round}: one event per status`).toBe(
          events.length,
        );
        await check(userId, bodies[winner], added);
      }
    } finally {
      await other.close();
    }
  }

  const kyc = () => kycRepo(fixture.database.db);
  const submissions = () => submissionsRepo(fixture.database.db);

  /**
   * pending@demo.test back to level 1 PENDING with a fresh pending submission, level 2 locked, as if the
   * last round ended in a rejection with RETRY and the person submitted again.
   */
  async function pendingLevel(userId: number) {
    const now = Date.now();
    const closing = { userId, level: 1, decision: 'reject_retry', reasonCode: 'BLURRY', staffId: 0 } as const;
    await reviewRepo(fixture.database.db).insertDecision(closing, now);
    await kyc().setLevelState(userId, 1, { status: 'PENDING' }, now);
    await kyc().setLevelState(userId, 2, { status: 'NOT_ALLOW' }, now);
    await kyc().upsertApplicant(userId, { level: 0 }, now);
    await submissions().insertSubmission({
      userId,
      level: 1,
      documentType: 'PASSPORT',
      issuingCountry: 'NG',
      status: 'PENDING',
      idempotencyKey: `race-${now}-${Math.random()}`,
      createdAt: now,
      kind: 'level',
    });
  }

  /** The level's status agrees with its latest submission's (no SUCCESS with REJECTED_RETRY). */
  async function levelAgrees(userId: number, expected: Record<string, [string, string]>, decision: string) {
    const level1 = (await kyc().levelStates(userId)).find((s) => s.level === 1)?.status;
    const latest = (await submissions().submissionsOf(userId)).filter((s) => s.kind === 'level').at(-1);
    expect([level1, latest?.status]).toEqual(expected[decision]);
  }

  const LEVEL_OUTCOME: Record<string, [string, string]> = {
    approve: ['SUCCESS', 'APPROVED'],
    reject_retry: ['FAILED_AND_CAN_RETRY', 'REJECTED_RETRY'],
    propose_final: ['PENDING', 'PENDING'],
    confirm_final: ['FAILED_AND_CAN_NOT_RETRY', 'REJECTED_FINAL'],
  };
  const rejectRetry = { decision: 'reject_retry', level: 1, reasonCode: 'BLURRY', userMessage: 'Blurred.' };
  const proposeFinal = { decision: 'propose_final', level: 1, reasonCode: 'FORGED', userMessage: 'Refused.' };

  it('when approve and reject RETRY race, then one wins, the other is 30081, and level and submission agree', async () => {
    await race(
      'pending@demo.test',
      pendingLevel,
      { staff: 'reviewer@demo.test', body: { decision: 'approve', level: 1 } },
      { staff: 'senior@demo.test', body: rejectRetry },
      async (userId, winner, added) => {
        await levelAgrees(userId, LEVEL_OUTCOME, String(winner.decision));
        expect(added.notices).toBe(1);
      },
    );
  });

  it('when a final rejection is proposed while another reviewer rejects with RETRY, then only one of them stands', async () => {
    await race(
      'pending@demo.test',
      pendingLevel,
      { staff: 'reviewer@demo.test', body: proposeFinal },
      { staff: 'reviewer@demo.test', body: rejectRetry },
      async (userId, winner, added) => {
        await levelAgrees(userId, LEVEL_OUTCOME, String(winner.decision));
        expect(added.notices).toBe(winner.decision === 'propose_final' ? 0 : 1);
      },
    );
  });

  it('when two seniors confirm the same final rejection, then it is confirmed once', async () => {
    const reviewer = await staffClient(fixture.app, 'reviewer@demo.test');
    await race(
      'pending@demo.test',
      async (userId) => {
        await pendingLevel(userId);
        const proposed = await reviewer.post(`/backoffice/api/cases/${userId}/decisions`, proposeFinal);
        expect(proposed.envelope?.ret_code).toBe(0);
      },
      { staff: 'senior@demo.test', body: { decision: 'confirm_final', level: 1 } },
      { staff: 'admin@demo.test', body: { decision: 'confirm_final', level: 1 } },
      async (userId, winner, added) => {
        await levelAgrees(userId, LEVEL_OUTCOME, String(winner.decision));
        expect(added.notices).toBe(1);
      },
    );
  });

  it('when two reviewers request re-verification at once, then it is requested once', async () => {
    await race(
      'l1@demo.test',
      async (userId) => {
        await kyc().setReverification(userId, { status: 'DisplayUpdatePOIStatus_No' }, Date.now());
      },
      {
        staff: 'reviewer@demo.test',
        body: { decision: 'request_reverification', deadline: Date.now() + DAY },
      },
      { staff: 'senior@demo.test', body: { decision: 'request_reverification', deadline: Date.now() + DAY } },
      async (userId, _winner, added) => {
        expect((await kyc().findReverification(userId))?.status).toBe('DisplayUpdatePOIStatus_Needed');
        expect(added.notices).toBe(1);
      },
    );
  });

  it('when a re-verification is approved and rejected at once, then one outcome stands with its submission', async () => {
    await race(
      'l1@demo.test',
      async (userId) => {
        const now = Date.now();
        await kyc().setReverification(userId, { status: 'DisplayUpdatePOIStatus_Pending' }, now);
        await submissions().insertSubmission({
          userId,
          level: 1,
          documentType: 'PASSPORT',
          issuingCountry: 'DE',
          status: 'PENDING',
          idempotencyKey: `race-${now}-${Math.random()}`,
          createdAt: now,
          kind: 'reverification',
        });
      },
      { staff: 'reviewer@demo.test', body: { decision: 'approve_reverification' } },
      {
        staff: 'senior@demo.test',
        body: { decision: 'reject_reverification', reasonCode: 'BLURRY', userMessage: 'Blurred.' },
      },
      async (userId, winner, added) => {
        const approved = winner.decision === 'approve_reverification';
        expect((await kyc().findReverification(userId))?.status).toBe(
          approved ? 'DisplayUpdatePOIStatus_No' : 'DisplayUpdatePOIStatus_Rejected',
        );
        const latest = (await submissions().submissionsOf(userId)).at(-1);
        expect(latest?.status).toBe(approved ? 'APPROVED' : 'REJECTED_RETRY');
        expect(added.notices).toBe(1);
      },
    );
  });

  it('when an update is approved and rejected at once, then one outcome stands', async () => {
    let submissionId = 0;
    await race(
      'l1@demo.test',
      async (userId) => {
        const now = Date.now();
        submissionId = await submissions().insertSubmission({
          userId,
          level: 2,
          documentType: '',
          issuingCountry: 'DE',
          status: 'PENDING',
          idempotencyKey: `race-${now}-${Math.random()}`,
          createdAt: now,
          kind: 'update_poa',
        });
      },
      { staff: 'reviewer@demo.test', body: () => ({ decision: 'approve_update', submissionId }) },
      {
        staff: 'senior@demo.test',
        body: () => ({ decision: 'reject_update', submissionId, reasonCode: 'BLURRY', userMessage: 'No.' }),
      },
      async (userId, winner, added) => {
        const row = (await submissions().submissionsOf(userId)).find((s) => Number(s.id) === submissionId);
        expect(row?.status).toBe(winner.decision === 'approve_update' ? 'APPROVED' : 'REJECTED_RETRY');
        expect(added.notices).toBe(1);
      },
    );
  });
});

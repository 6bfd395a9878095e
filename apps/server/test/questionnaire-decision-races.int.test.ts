/**
 * Issue 14 for questionnaire decisions: approve and reject of one response (a staff-reviewed
 * questionnaire, an EDD case, a SATOS deposit verification) sent at the same moment from two instances
 * of the app on one database. Exactly one commits; the other is 409 / 30081 and writes nothing.
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
import {
  RFI_ANSWERS,
  eddAnswers,
  questionnaireUseCasesOf,
  submittedQuestionnaire,
  uploadEvidence,
} from './support/questionnaires.ts';
import { signedInClient, type TestClient } from './support/test-app.ts';

const ROUNDS = 3;
const ALREADY_DECIDED = RET_CODES.CASE_ALREADY_DECIDED.code;
const reject = { decision: 'reject', reasonCode: 'INCOMPLETE', userMessage: 'Please add the contract.' };

describe.each(testDatabases())('two questionnaire decisions at the same moment on $name', (testDb) => {
  const fixture = useAppFixture(testDb, { env: { DEMO_STAFF_TOTP: 'required' } });
  const db = () => fixture.database.db;

  /** Races approve (instance one) against reject (instance two) on `code`, `reset` before each round. */
  async function race(
    userId: number,
    code: string,
    reset: () => Promise<void>,
    stored: () => Promise<string | undefined>,
    extra: Record<string, unknown> = {},
  ) {
    const other = await secondInstance(fixture);
    try {
      const reviewer = await staffClient(fixture.app, 'reviewer@demo.test');
      const senior = onInstance(await staffClient(fixture.app, 'senior@demo.test'), other.app);
      const send = (client: TestClient, body: Record<string, unknown>) =>
        client.post(`/backoffice/api/questionnaires/${userId}/${code}/decisions`, { ...body, ...extra });
      for (let round = 0; round < ROUNDS; round++) {
        await reset();
        const before = await marks(fixture);
        const answers = await Promise.all([send(reviewer, { decision: 'approve' }), send(senior, reject)]);
        const { winner, outcome } = winnerAndLoser(answers);
        expect(outcome, `round ${round}`).toMatch(/^200\/0 \+ 409\/30081$|^409\/30081 \+ 200\/0$/);
        expect(answers[winner === 0 ? 1 : 0].envelope?.ret_code).toBe(ALREADY_DECIDED);
        const added = await addedSince(fixture, before);
        expect(added, `round ${round}`).toMatchObject({ audit_log: 1, notices: 1 });
        const events = await eventsSince(fixture, before);
        expect(events.length, `round ${round}: one status event at most`).toBeLessThanOrEqual(1);
        expect(await stored()).toBe(winner === 0 ? 'APPROVED' : 'REJECTED');
      }
    } finally {
      await other.close();
    }
  }

  const responseStatus = async (userId: number, code: string) =>
    (
      await db()
        .selectFrom('questionnaire_responses')
        .select('status')
        .where('user_id', '=', userId)
        .where('template_code', '=', code)
        .executeTakeFirst()
    )?.status;

  /** The response held for review again (as a reviewer's lock leaves it). */
  const holdForReview = (userId: number, code: string) =>
    db()
      .updateTable('questionnaire_responses')
      .set({ status: 'PENDING_NO_EDIT', updated_at: Date.now() })
      .where('user_id', '=', userId)
      .where('template_code', '=', code)
      .execute();

  it('when a staff-reviewed questionnaire is approved and rejected at once, then one decision stands', async () => {
    const user = await signedInClient(fixture.app, 'new@demo.test');
    const userId = await fixture.userIdOf('new@demo.test');
    const useCases = questionnaireUseCasesOf(fixture);
    await useCases.requireQuestionnaire(userId, 'rfi', {
      actor: 'reviewer',
      staffId: null,
      requestText: 'Why?',
    });
    await submittedQuestionnaire(user, 'rfi', RFI_ANSWERS, 'rfi-1');
    await race(
      userId,
      'rfi',
      () => holdForReview(userId, 'rfi').then(() => undefined),
      () => responseStatus(userId, 'rfi'),
    );
  });

  it('when an EDD case is passed and rejected at once, then the case and its questionnaire agree', async () => {
    const user = await signedInClient(fixture.app, 'new@demo.test');
    const userId = await fixture.userIdOf('new@demo.test');
    const useCases = questionnaireUseCasesOf(fixture);
    await useCases.startEdd(userId, { actor: 'system', reason: 'large deposits', pep: false });
    const [wealth, funds] = [await uploadEvidence(user), await uploadEvidence(user)];
    await submittedQuestionnaire(user, 'edd', eddAnswers(wealth, funds), 'edd-1');
    const eddStatus = async () =>
      (await db().selectFrom('edd_cases').select('status').where('user_id', '=', userId).executeTakeFirst())
        ?.status;
    await race(
      userId,
      'edd',
      async () => {
        await holdForReview(userId, 'edd');
        await db()
          .updateTable('edd_cases')
          .set({ status: 'Reviewing' })
          .where('user_id', '=', userId)
          .execute();
      },
      async () => {
        const [response, edd] = [await responseStatus(userId, 'edd'), await eddStatus()];
        expect(edd).toBe(response === 'APPROVED' ? 'Pass' : 'Reject');
        return response;
      },
    );
  });

  it('when the EDD case was decided between the reads of its response and of the case, then the late decision is 30081', async () => {
    // The interleaving CI met once: the loser read the response still held, the winner committed, and
    // the loser then read the case already passed (the EDD machine's 51001 before the fix).
    const user = await signedInClient(fixture.app, 'new@demo.test');
    const userId = await fixture.userIdOf('new@demo.test');
    await questionnaireUseCasesOf(fixture).startEdd(userId, {
      actor: 'system',
      reason: 'large deposits',
      pep: false,
    });
    const [wealth, funds] = [await uploadEvidence(user), await uploadEvidence(user)];
    await submittedQuestionnaire(user, 'edd', eddAnswers(wealth, funds), 'edd-1');
    const reviewer = await staffClient(fixture.app, 'reviewer@demo.test');
    for (const [caseStatus, decision] of [
      ['Pass', reject],
      ['Reject', { decision: 'approve' }],
      ['UnSubmit', { decision: 'approve' }],
    ] as const) {
      await holdForReview(userId, 'edd');
      await db().updateTable('edd_cases').set({ status: caseStatus }).where('user_id', '=', userId).execute();
      const before = await marks(fixture);
      const answer = await reviewer.post(`/backoffice/api/questionnaires/${userId}/edd/decisions`, decision);
      expect([answer.response.statusCode, answer.envelope?.ret_code], caseStatus).toEqual([
        409,
        ALREADY_DECIDED,
      ]);
      expect(await addedSince(fixture, before), caseStatus).toMatchObject({ audit_log: 0, notices: 0 });
      expect(await responseStatus(userId, 'edd')).toBe('PENDING_NO_EDIT');
    }
  });

  it('when a SATOS deposit verification is approved and rejected at once, then one decision stands', async () => {
    const user = await signedInClient(fixture.app, 'new@demo.test');
    const userId = await fixture.userIdOf('new@demo.test');
    const created = await user.post('/v3/private/kyc/create-satos-questionnaire', {
      depositRef: 'dep-race-btc',
      coin: 'BTC',
      network: 'BTC',
      templateVersion: 1,
      answers: {
        source_type: 'own_exchange',
        vasp_name: 'Kraken',
        vasp_country: 'DE',
        mixer_used: false,
        declaration_true: true,
      },
    });
    expect(created.envelope?.ret_code).toBe(0);
    const deposit = () =>
      db()
        .selectFrom('satos_verifications')
        .select('status')
        .where('user_id', '=', userId)
        .executeTakeFirst();
    await race(
      userId,
      'satos-deposit',
      async () => {
        await db()
          .updateTable('satos_verifications')
          .set({ status: 'PENDING_NO_EDIT', updated_at: Date.now() })
          .where('user_id', '=', userId)
          .execute();
      },
      async () => (await deposit())?.status,
      { depositRef: 'dep-race-btc' },
    );
  });
});

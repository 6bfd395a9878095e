/**
 * Issue 19 "Automatic decisions" (docs/checks.md "Automatic decisions", D102–D103): once the checks of an
 * in-house level-1 submission are stored, the provider approves a clean, screened, low-risk person on a
 * site that allows it — through the reviewers' decision transaction, so the person sees it at once and
 * the history, audit and outbox say so —, rejects an expired document for a retry, and leaves everything
 * else to a person. A share of approvals goes to the quality-review queue, where a reversal needs four
 * eyes. An automatic approval racing a reviewer's decision: exactly one wins.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { RET_CODES, type AutoReviewResult, type ReviewCase } from '@kyc/contracts';
import { useAppFixture, type AppFixture } from './support/app-fixture.ts';
import { testDatabases } from './support/databases.ts';
import { addedSince, marks, onInstance, secondInstance } from './support/decision-races.ts';
import { jpeg, postWithKey, staffClient, TEST_CONSENT, userClient } from './support/kyc-flows.ts';
import { renderDocument, type Identity } from './support/mrz-documents.ts';
import { completedChallenge } from './support/liveness-frames.ts';
import { astronaut, astronautPortrait, selfieFrom } from './support/face-images.ts';
import { TEST_MASTER_KEY, type TestClient } from './support/test-app.ts';
import { repositories } from '../src/data/repositories/index.ts';
import { personalDataCipher } from '../src/domain/kyc/personal-data.ts';
import { createKeyring } from '../src/lib/crypto/envelope.ts';
import { autoDecisionUseCases, type AutoOutcome } from '../src/domain/checks/auto-decision/auto-decide.ts';
import { MUELLER, upload, job } from './support/checked-submissions.ts';

const OFAC = path.resolve(import.meta.dirname, '../src/domain/screening/fixtures/ofac-sdn.xml');

const TYPED = { firstName: 'Anna', lastName: 'Müller', dateOfBirth: '1990-01-01' };
/** The invented OFAC individual of the screening fixtures, with a passport that agrees. */
const VELMOROV: Identity = {
  ...MUELLER,
  surname: 'VELMOROV',
  givenNames: 'OLEG TARASOVICH',
  documentNumber: 'C01X00T55',
  dateOfBirth: '710312',
  sex: 'M',
};
const VELMOROV_TYPED = { firstName: 'Oleg Tarasovich', lastName: 'Velmorov', dateOfBirth: '1971-03-12' };

/** The passport page prints the public-domain astronaut as its portrait, and the selfie shows her too (face_match). */
const passport = async (identity: Identity = MUELLER) =>
  renderDocument('TD3', identity, {
    documentWidth: 1200,
    jpegQuality: 90,
    portrait: await astronautPortrait(),
  });

/** The person types their details and submits level 1 with this page and a selfie. */
async function submitted(
  app: FastifyInstance,
  email: string,
  typed: object,
  page: Buffer,
): Promise<TestClient> {
  const client = await userClient(app, email);
  expect((await client.post('/v3/private/kyc/kyc-personal-info', typed)).envelope?.ret_code).toBe(0);
  const selfie = await selfieFrom(astronaut(), { mirror: true });
  const documentIds = [
    await upload(client, 'front', page),
    await upload(client, 'selfie', selfie, await completedChallenge()),
  ];
  const body = { level: 1, documentType: 'PASSPORT', country: 'DE', documentIds, consent: TEST_CONSENT };
  expect((await postWithKey(client, '/v3/private/kyc/submit', body)).envelope.ret_code).toBe(0);
  return client;
}

/** Screening first (its background run finished), then the checks, which decide. */
async function checked(app: FastifyInstance): Promise<void> {
  await job(app, 'screening');
  expect(await job(app, 'document-checks')).toBe(1);
}

async function kycInfo(client: TestClient) {
  const { envelope } = await client.post('/v3/private/kyc/kyc-info', {});
  return envelope?.result as {
    applicant: { level: number };
    state: { level: number; status: string; rejectReasonCode?: string }[];
  };
}
const level1Of = async (client: TestClient) => (await kycInfo(client)).state.find((s) => s.level === 1);

async function caseOf(staff: TestClient, userId: number): Promise<ReviewCase> {
  const { envelope } = await staff.get(`/backoffice/api/cases/${userId}`);
  expect(envelope?.ret_code).toBe(0);
  return envelope?.result as ReviewCase;
}

async function queue(staff: TestClient, state = 'waiting'): Promise<AutoReviewResult> {
  const { envelope } = await staff.get(`/backoffice/api/auto-decisions/reviews?state=${state}&limit=1`);
  expect(envelope?.ret_code).toBe(0);
  return envelope?.result as AutoReviewResult;
}

const autoRows = (fixture: AppFixture) =>
  fixture.database.db.selectFrom('auto_decisions').selectAll().execute();

describe.each(testDatabases())('automatic decisions on $name', (testDb) => {
  describe('on a site that allows them (GLOBAL by default), every approval sampled', () => {
    const fixture = useAppFixture(testDb, {
      env: { SCREENING_LISTS: OFAC },
      build: { autoDecisionRandom: () => 0 },
    });

    it('when a clean, screened, low-risk person submits a passport whose MRZ agrees, then level 1 is approved automatically, seen at once, with the evidence in the history, the system in the audit and a status event for partners', async () => {
      const person = await submitted(fixture.app, 'new@demo.test', TYPED, await passport());
      const userId = await fixture.userIdOf('new@demo.test');
      expect((await level1Of(person))?.status).toBe('PENDING');
      const before = await marks(fixture);
      await checked(fixture.app);

      expect((await level1Of(person))?.status).toBe('SUCCESS');
      expect((await kycInfo(person)).state.find((s) => s.level === 2)?.status).toBe('ALLOW');
      const added = await addedSince(fixture, before);
      expect(added).toMatchObject({ kyc_decisions: 1, audit_log: 1, notices: 1 });
      const events = await fixture.database.db
        .selectFrom('status_outbox')
        .select(['ref', 'status'])
        .where('id', '>', before.status_outbox)
        .execute();
      expect(events).toContainEqual({ ref: 'LEVEL_1', status: 'SUCCESS' });

      const reviewer = await staffClient(fixture.app, 'reviewer@demo.test');
      const seen = await caseOf(reviewer, userId);
      expect(seen.decisions[0]).toMatchObject({
        decision: 'approve',
        staffId: 0,
        staffName: 'In-house checks (automatic)',
        automatic: {
          rule: 'clean',
          screening: 'clear',
          risk: 'low',
          checks: [
            { name: 'quality', outcome: 'pass' },
            { name: 'mrz', outcome: 'pass' },
            { name: 'data_match', outcome: 'pass' },
            { name: 'expiry', outcome: 'pass' },
            { name: 'face_match', outcome: 'pass' },
            { name: 'liveness', outcome: 'pass' },
            { name: 'duplicate_document', outcome: 'pass' },
            { name: 'duplicate_face', outcome: 'pass' },
          ],
        },
      });
      const audit = await fixture.database.db
        .selectFrom('audit_log')
        .selectAll()
        .where('action', '=', 'decision.approve')
        .where('subject_user_id', '=', userId)
        .executeTakeFirstOrThrow();
      expect(Number(audit.staff_id)).toBe(0);
      expect(JSON.parse(audit.details ?? '{}')).toMatchObject({
        actor: 'system',
        automatic: { rule: 'clean' },
      });

      // Sampled (the injected random is 0 < 10 %): waiting in the quality-review queue.
      const waiting = await queue(reviewer);
      expect(waiting.items.map((i) => [i.userId, i.state, i.evidence.rule])).toEqual([
        [userId, 'waiting', 'clean'],
      ]);
    });

    it('when the passport has expired, then level 1 is rejected automatically for a retry with DOCUMENT_EXPIRED, which the person sees at once', async () => {
      const person = await submitted(
        fixture.app,
        'new@demo.test',
        TYPED,
        await passport({ ...MUELLER, expiryDate: '200101' }),
      );
      await checked(fixture.app);
      expect(await level1Of(person)).toMatchObject({
        status: 'FAILED_AND_CAN_RETRY',
        rejectReasonCode: 'DOCUMENT_EXPIRED',
      });
      const [row] = await autoRows(fixture);
      expect(row).toMatchObject({ outcome: 'rejected', review_state: null });
      expect(JSON.parse(row?.evidence ?? '{}')).toMatchObject({ rule: 'expired_document' });
    });

    it('when the photo has no readable zone (the mrz check warns), then nothing is decided: a person reviews it', async () => {
      const person = await submitted(fixture.app, 'new@demo.test', TYPED, await jpeg());
      await checked(fixture.app);
      expect((await level1Of(person))?.status).toBe('PENDING');
      expect(await autoRows(fixture)).toEqual([]);
    });

    it('when the person matches a screening list entry (an open hit), then nothing is decided', async () => {
      const person = await submitted(fixture.app, 'new@demo.test', VELMOROV_TYPED, await passport(VELMOROV));
      await checked(fixture.app);
      expect((await level1Of(person))?.status).toBe('PENDING');
      expect(await autoRows(fixture)).toEqual([]);
    });

    it('when a screening of the person is still to finish (a run waiting for the job), then nothing is decided: clear means every run ended', async () => {
      const person = await submitted(fixture.app, 'new@demo.test', TYPED, await passport());
      const userId = await fixture.userIdOf('new@demo.test');
      await job(fixture.app, 'screening');
      // As when a screening failed and waits for the job to retry it.
      await repositories(fixture.database.db).screening.requestRun(userId, 'document_read', Date.now());
      expect(await job(fixture.app, 'document-checks')).toBe(1);
      expect((await level1Of(person))?.status).toBe('PENDING');
      expect(await autoRows(fixture)).toEqual([]);
    });

    it("when the checks leave the case to a person, then the log says why (the rule's reasons), as it says an approval", async () => {
      const lines: string[] = [];
      const logging = await secondInstance(
        fixture,
        { SCREENING_LISTS: OFAC },
        { logger: { level: 'info', stream: { write: (line: string) => void lines.push(line) } } },
      );
      try {
        await submitted(fixture.app, 'new@demo.test', TYPED, await passport());
        const userId = await fixture.userIdOf('new@demo.test');
        await job(fixture.app, 'screening');
        // A screening run still to finish: not screened, so a person decides.
        await repositories(fixture.database.db).screening.requestRun(userId, 'document_read', Date.now());
        expect(await job(logging.app, 'document-checks')).toBe(1);
        const logged = lines
          .map((line) => JSON.parse(line) as { event?: string; user?: number; decided?: AutoOutcome })
          .filter((entry) => entry.event === 'auto-decision');
        expect(logged).toHaveLength(1);
        expect(logged[0]).toMatchObject({ user: userId, decided: { outcome: 'person' } });
        expect(logged[0]?.decided).toMatchObject({
          reasons: expect.arrayContaining([{ why: 'screening', status: 'not_screened' }]),
        });
      } finally {
        await logging.close();
      }
    });

    it('when a sampled approval is proposed for reversal, then the proposer cannot confirm it (30002), a second senior reviewer does, and the person must verify again', async () => {
      const person = await submitted(fixture.app, 'new@demo.test', TYPED, await passport());
      await checked(fixture.app);
      const userId = await fixture.userIdOf('new@demo.test');
      const senior = await staffClient(fixture.app, 'senior@demo.test');
      const admin = await staffClient(fixture.app, 'admin@demo.test');
      const reviewer = await staffClient(fixture.app, 'reviewer@demo.test');
      const [item] = (await queue(senior)).items;
      if (!item) throw new Error('nothing sampled');
      const act = (client: TestClient, body: object) =>
        client.post(`/backoffice/api/auto-decisions/reviews/${item.id}`, body);

      expect((await act(reviewer, { action: 'confirm_reversal' })).envelope?.ret_code).toBe(
        RET_CODES.PERMISSION_DENIED.code,
      );
      const proposed = await act(senior, {
        action: 'propose_reversal',
        reasonCode: 'SUSPECTED_FRAUD',
        userMessage: '',
      });
      expect(proposed.envelope?.ret_code).toBe(0);
      expect((await act(reviewer, { action: 'reviewed' })).envelope?.ret_code).toBe(
        RET_CODES.AUTO_REVIEW_NOT_WAITING.code,
      );
      expect((await act(senior, { action: 'confirm_reversal' })).envelope?.ret_code).toBe(
        RET_CODES.KYC_FOUR_EYES_REQUIRED.code,
      );
      expect((await level1Of(person))?.status).toBe('SUCCESS');

      expect((await act(admin, { action: 'confirm_reversal' })).envelope?.ret_code).toBe(0);
      expect(await level1Of(person)).toMatchObject({
        status: 'FAILED_AND_CAN_RETRY',
        rejectReasonCode: 'SUSPECTED_FRAUD',
      });
      expect((await kycInfo(person)).state.find((s) => s.level === 2)?.status).toBe('NOT_ALLOW');
      const history = (await caseOf(admin, userId)).decisions;
      expect(history[0]).toMatchObject({
        decision: 'reject_retry',
        reasonCode: 'SUSPECTED_FRAUD',
        confirmedBy: expect.any(Number),
      });
      expect((await queue(admin, 'reversed')).items.map((i) => i.userId)).toEqual([userId]);
      const actions = await fixture.database.db
        .selectFrom('audit_log')
        .select('action')
        .where('action', 'like', 'auto_decision.%')
        .orderBy('id')
        .execute();
      expect(actions.map((a) => a.action)).toEqual([
        'auto_decision.reversal_proposed',
        'auto_decision.reversed',
      ]);
      // Done: a second confirmation finds nothing to confirm.
      expect((await act(admin, { action: 'confirm_reversal' })).envelope?.ret_code).toBe(
        RET_CODES.AUTO_REVIEW_NOT_WAITING.code,
      );
    });

    it('when a sampled approval is marked reviewed, then it leaves the waiting queue and the approval stands', async () => {
      const person = await submitted(fixture.app, 'new@demo.test', TYPED, await passport());
      await checked(fixture.app);
      const reviewer = await staffClient(fixture.app, 'reviewer@demo.test');
      const [item] = (await queue(reviewer)).items;
      const answer = await reviewer.post(`/backoffice/api/auto-decisions/reviews/${item?.id}`, {
        action: 'reviewed',
      });
      expect(answer.envelope?.ret_code).toBe(0);
      expect((await queue(reviewer)).items).toEqual([]);
      expect((await queue(reviewer, 'reviewed')).items.map((i) => i.reviewedBy)).toEqual([
        expect.any(Number),
      ]);
      expect((await level1Of(person))?.status).toBe('SUCCESS');
    });
  });

  describe('an approval not sampled', () => {
    const fixture = useAppFixture(testDb, {
      env: { SCREENING_LISTS: OFAC },
      build: { autoDecisionRandom: () => 0.1 },
    });

    it('when the draw is at the share (10 %), then the approval is not queued for review', async () => {
      const person = await submitted(fixture.app, 'new@demo.test', TYPED, await passport());
      await checked(fixture.app);
      expect((await level1Of(person))?.status).toBe('SUCCESS');
      expect(await autoRows(fixture)).toMatchObject([{ outcome: 'approved', review_state: null }]);
    });
  });

  describe('on a site that does not allow them', () => {
    const fixture = useAppFixture(testDb, { env: { SCREENING_LISTS: OFAC, AUTO_DECISION_SITES: 'TUR,EU' } });

    it('when a clean person of GLOBAL submits, or one whose passport expired, then nothing is decided', async () => {
      const person = await submitted(
        fixture.app,
        'new@demo.test',
        TYPED,
        await passport({ ...MUELLER, expiryDate: '200101' }),
      );
      await checked(fixture.app);
      expect((await level1Of(person))?.status).toBe('PENDING');
      expect(await autoRows(fixture)).toEqual([]);
    });
  });

  describe('the rule against the stored checks, and the race with a reviewer', () => {
    // The app decides nothing here (no site allows it): the test runs the provider's use-case itself.
    const fixture = useAppFixture(testDb, { env: { SCREENING_LISTS: OFAC, AUTO_DECISION_SITES: 'none' } });
    const keyring = () => createKeyring(Buffer.from(TEST_MASTER_KEY, 'base64'));

    /** The provider's use-case on the test's own connection, with the risk level given. */
    function provider(risk: 'low' | 'medium' = 'low') {
      return autoDecisionUseCases({
        repos: repositories(fixture.database.db, personalDataCipher(keyring())),
        keyring: keyring(),
        settings: { sites: ['GLOBAL'], reviewPercent: 0 },
        // The run the screening job finished is what the approval reads; the lists are not reloaded here.
        screening: { enabled: true, beforeApproval: async () => {}, assertApprovable: async () => {} },
        risk: { recompute: async () => ({ level: risk }) },
      });
    }

    async function storedChecks(): Promise<{ userId: number; submissionId: number }> {
      await submitted(fixture.app, 'new@demo.test', TYPED, await passport());
      await checked(fixture.app);
      const userId = await fixture.userIdOf('new@demo.test');
      const submission = (await fixture.submissionsOf('new@demo.test')).at(-1);
      return { userId, submissionId: Number(submission?.id) };
    }

    it('when the risk is medium, then the case is left to a person with that reason', async () => {
      const { userId, submissionId } = await storedChecks();
      expect(await provider('medium').afterChecks(submissionId, userId)).toEqual({
        outcome: 'person',
        reasons: [{ why: 'risk', level: 'medium' }],
      });
      expect(await autoRows(fixture)).toEqual([]);
    });

    it('when the automatic approval and a reviewer’s rejection race, then exactly one wins and the loser writes nothing', async () => {
      const { userId, submissionId } = await storedChecks();
      const other = await secondInstance(fixture, { SCREENING_LISTS: OFAC, AUTO_DECISION_SITES: 'none' });
      try {
        const reviewer = onInstance(await staffClient(fixture.app, 'reviewer@demo.test'), other.app);
        const before = await marks(fixture);
        const [auto, person] = await Promise.all([
          provider().afterChecks(submissionId, userId),
          reviewer.post(`/backoffice/api/cases/${userId}/decisions`, {
            decision: 'reject_retry',
            level: 1,
            reasonCode: 'BLURRY_IMAGE',
            userMessage: 'Blurred.',
          }),
        ]);
        const reviewerWon = person.envelope?.ret_code === 0;
        expect((auto as AutoOutcome).outcome).toBe(reviewerWon ? 'lost' : 'approved');
        if (!reviewerWon) expect(person.envelope?.ret_code).toBe(RET_CODES.CASE_ALREADY_DECIDED.code);
        const added = await addedSince(fixture, before);
        expect(added.kyc_decisions).toBe(1);
        expect(added.audit_log).toBe(1);
        expect((await autoRows(fixture)).length).toBe(reviewerWon ? 0 : 1);
        const level1 = (await repositories(fixture.database.db).kyc.levelStates(userId)).find(
          (s) => s.level === 1,
        );
        expect(level1?.status).toBe(reviewerWon ? 'FAILED_AND_CAN_RETRY' : 'SUCCESS');
      } finally {
        await other.close();
      }
    });
  });
});

/**
 * A capture a compliance officer signs off (issue 10): the consent and declaration before an ID and a
 * selfie, the level-2 residence address sealed and shown to staff, abandoned uploads kept out of the
 * case and swept, the approval's comment, and the queue's "final rejection waits for a senior" filter.
 */
import { describe, expect, it } from 'vitest';
import type { ReviewCase, ReviewQueueResult } from '@kyc/contracts';
import { useAppFixture } from './support/app-fixture.ts';
import { sweepAll } from './support/test-app.ts';
import { testDatabases } from './support/databases.ts';
import { openedTexts } from './support/sealed-texts.ts';
import {
  TEST_CONSENT,
  TEST_RESIDENCE,
  decide,
  passportDocuments,
  postWithKey,
  staffClient,
  uploadAs,
  userClient,
  userWithCase,
} from './support/kyc-flows.ts';
import { cutoffFor } from '../src/domain/retention/due-rules.ts';

const SUBMIT = '/v3/private/kyc/submit';

describe.each(testDatabases())('capture sign-off on $name', (testDb) => {
  const fixture = useAppFixture(testDb);
  const { userIdOf } = fixture;

  const passport = async (email: string, extra: Record<string, unknown>) => {
    const client = await userClient(fixture.app, email);
    const body = {
      level: 1,
      documentType: 'PASSPORT',
      country: 'DE',
      documentIds: await passportDocuments(client),
    };
    return { client, answer: await postWithKey(client, SUBMIT, { ...body, ...extra }) };
  };

  const caseOf = async (email: string) => {
    const reviewer = await staffClient(fixture.app, 'reviewer@demo.test');
    const { envelope } = await reviewer.get(`/backoffice/api/cases/${await userIdOf(email)}`);
    expect(envelope?.ret_code).toBe(0);
    return envelope?.result as ReviewCase;
  };

  describe('consent and declaration before an ID and a selfie', () => {
    it('when the consent is missing or a box is not ticked, then 30041 and nothing is submitted; the documents stay usable', async () => {
      const { client, answer } = await passport('new@demo.test', {});
      expect(answer.envelope.ret_code).toBe(30041);
      const unticked = await passport('new@demo.test', { consent: { ...TEST_CONSENT, declaration: false } });
      expect(unticked.answer.envelope.ret_code).toBe(30041);
      const outdated = await passport('new@demo.test', { consent: { ...TEST_CONSENT, version: '0' } });
      expect(outdated.answer.envelope.ret_code).toBe(30042);
      expect(await fixture.submissionsOf('new@demo.test')).toHaveLength(0);
      // Nothing already saved is lost: the same uploads are accepted once the consent is given.
      const ids = await passportDocuments(client);
      const body = { level: 1, documentType: 'PASSPORT', country: 'DE', documentIds: ids };
      expect((await postWithKey(client, SUBMIT, body)).envelope.ret_code).toBe(30041);
      expect((await postWithKey(client, SUBMIT, { ...body, consent: TEST_CONSENT })).envelope.ret_code).toBe(
        0,
      );
    });

    it('when given, then version, language and time are recorded with the submission and shown to the reviewer', async () => {
      const before = Date.now();
      const { answer } = await passport('new@demo.test', { consent: { ...TEST_CONSENT, language: 'ar-SA' } });
      expect(answer.envelope.ret_code).toBe(0);
      const [row] = await fixture.submissionsOf('new@demo.test');
      expect(row).toMatchObject({ consent_version: TEST_CONSENT.version, consent_language: 'ar-SA' });
      expect(Number(row?.consent_at)).toBeGreaterThanOrEqual(before);
      const shown = (await caseOf('new@demo.test')).submissions[0];
      expect(shown?.consent).toEqual({
        version: TEST_CONSENT.version,
        language: 'ar-SA',
        at: Number(row?.consent_at),
      });
    });
  });

  describe('level 2: the residence address', () => {
    it('when level 2 is submitted without the address, then 10001; with it, sealed at rest and shown to staff beside the proof', async () => {
      const client = await userClient(fixture.app, 'l1@demo.test');
      const poa = await uploadAs(client, 'poa');
      const body = { level: 2, documentType: 'PASSPORT', country: 'DE', documentIds: [poa] };
      expect((await postWithKey(client, SUBMIT, body)).envelope.ret_code).toBe(10001);
      const badCountry = { ...TEST_RESIDENCE, country: 'ZZ' };
      expect((await postWithKey(client, SUBMIT, { ...body, residence: badCountry })).envelope.ret_code).toBe(
        30003,
      );
      const blank = { ...TEST_RESIDENCE, line1: '   ' };
      expect((await postWithKey(client, SUBMIT, { ...body, residence: blank })).envelope.ret_code).toBe(
        10001,
      );
      expect(
        (await postWithKey(client, SUBMIT, { ...body, residence: TEST_RESIDENCE })).envelope.ret_code,
      ).toBe(0);

      const [row] = await fixture.submissionsOf('l1@demo.test');
      const sealed = Buffer.from(row?.details_enc ?? Buffer.alloc(0));
      expect(sealed.length).toBeGreaterThan(0);
      expect(sealed.includes(Buffer.from('Unter den Linden'))).toBe(false);

      const view = await caseOf('l1@demo.test');
      const submission = view.submissions.find((s) => s.level === 2);
      expect(submission?.details).toMatchObject({
        residenceCountry: 'DE',
        residenceLine1: 'Unter den Linden 1',
        residenceCity: 'Berlin',
        residencePostalCode: '10117',
      });
      expect(submission?.documentIds).toEqual([poa]);
      expect(view.applicant.residenceCountry).toBe('DE');
    });
  });

  describe('abandoned uploads', () => {
    it('when a person uploads and never submits, then the case lists only submitted documents, staff cannot open the others, and the sweep deletes them when the retention policy for uploads never submitted ends (30 days)', async () => {
      const { client } = await userWithCase(fixture.app, 'new@demo.test');
      const abandoned = await uploadAs(client, 'front');
      const view = await caseOf('new@demo.test');
      expect(view.documents.map((d) => d.id)).not.toContain(abandoned);
      expect(view.documents.every((d) => d.submissionId !== null)).toBe(true);
      const reviewer = await staffClient(fixture.app, 'reviewer@demo.test');
      const userId = await userIdOf('new@demo.test');
      const open = await reviewer.get(`/backoffice/api/cases/${userId}/documents/${abandoned}`);
      expect(open.response.statusCode).toBe(404);

      const count = () =>
        fixture.database.db.selectFrom('kyc_documents').select('id').where('user_id', '=', userId).execute();
      expect(await count()).toHaveLength(3);
      await fixture.database.db
        .updateTable('kyc_documents')
        .set({ created_at: cutoffFor(Date.now(), 'P30D') - 60_000 })
        .where('user_id', '=', userId)
        .execute();
      expect(await sweepAll(fixture.app)).toBeGreaterThanOrEqual(1);
      const left = await count();
      expect(left.map((d) => d.id)).not.toContain(abandoned);
      expect(left).toHaveLength(2); // the submitted ones stay, however old
    });
  });

  describe('back office', () => {
    it('when a reviewer approves with a comment, then the decision history and the audit entry carry it', async () => {
      await userWithCase(fixture.app, 'new@demo.test');
      const userId = await userIdOf('new@demo.test');
      const reviewer = await staffClient(fixture.app, 'reviewer@demo.test');
      const answer = await decide(reviewer, userId, {
        decision: 'approve',
        level: 1,
        comment: '  Passport checked against the selfie.  ',
      });
      expect(answer.ret_code).toBe(0);
      const view = answer.result as unknown as ReviewCase;
      expect(view.decisions[0]).toMatchObject({
        decision: 'approve',
        comment: 'Passport checked against the selfie.',
      });
      const audit = await fixture.database.db
        .selectFrom('audit_log')
        .select(['details'])
        .where('action', '=', 'decision.approve')
        .where('subject_user_id', '=', userId)
        .executeTakeFirstOrThrow();
      // The comment is about the person: sealed under their data key in the audit row (D110), readable
      // with it, never in clear.
      const { comment } = JSON.parse(audit.details) as { comment: unknown };
      expect(audit.details).not.toContain('Passport checked');
      expect(await openedTexts(fixture, userId, [comment])).toEqual(['Passport checked against the selfie.']);
    });

    it('when a final rejection is proposed, then the queue badges the case, the filter lists only such cases, and a second proposal is refused', async () => {
      await userWithCase(fixture.app, 'new@demo.test');
      const other = await userClient(fixture.app, 'quick@demo.test');
      await postWithKey(other, SUBMIT, {
        level: 1,
        documentType: 'PASSPORT',
        country: 'DE',
        documentIds: await passportDocuments(other),
        consent: TEST_CONSENT,
      });
      const userId = await userIdOf('new@demo.test');
      const reviewer = await staffClient(fixture.app, 'reviewer@demo.test');
      const proposal = {
        decision: 'propose_final',
        level: 1,
        reasonCode: 'FORGED_DOCUMENT',
        userMessage: 'Forged.',
      };
      expect((await decide(reviewer, userId, proposal)).ret_code).toBe(0);
      // The case is decided for a reviewer now (it waits for a senior): 30081, as any late decision (D46).
      expect((await decide(reviewer, userId, proposal)).ret_code).toBe(30081);

      const queue = async (query: string) =>
        (await reviewer.get(`/backoffice/api/queue${query}`)).envelope?.result as ReviewQueueResult;
      const all = await queue('');
      const mine = all.items.find((i) => i.userId === userId);
      const quickId = await userIdOf('quick@demo.test');
      const theirs = all.items.find((i) => i.userId === quickId);
      expect(mine?.finalProposed).toBe(true);
      expect(theirs?.finalProposed).toBe(false);
      const waiting = await queue('?pendingFinal=true');
      expect(waiting.items.map((i) => i.userId)).toEqual([userId]);
      expect(waiting.total).toBe(1);
      expect((await reviewer.get('/backoffice/api/queue?pendingFinal=yes')).envelope?.ret_code).toBe(10001);

      // Once a senior confirms, the case leaves the queue and the filter.
      const senior = await staffClient(fixture.app, 'senior@demo.test');
      expect((await decide(senior, userId, { decision: 'confirm_final', level: 1 })).ret_code).toBe(0);
      expect((await queue('?pendingFinal=true')).total).toBe(0);
    });
  });
});

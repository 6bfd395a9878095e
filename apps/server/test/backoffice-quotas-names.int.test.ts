/**
 * The back office reads the quotas (GET /backoffice/api/quotas) and names the staff members of a
 * case's history (docs/backoffice.md "Roles", "Audit log"; docs/api.md "Back-office review").
 */
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { AuditResult, QuestionnaireReviewCase, QuotaList, ReviewCase } from '@kyc/contracts';
import { testDatabases } from './support/databases.ts';
import { decide, staffClient } from './support/kyc-flows.ts';
import { RFI_ANSWERS, submittedQuestionnaire } from './support/questionnaires.ts';
import { TestClient, signedUpClient, testApp } from './support/test-app.ts';
import type { Database } from '../src/data/db.ts';
import { SEED_QUOTAS } from '../src/data/migrations/003-kyc.ts';
import { reviewRepo } from '../src/data/repositories/review-repo.ts';
import { staffRepo } from '../src/data/repositories/staff-repo.ts';
import { usersRepo } from '../src/data/repositories/users-repo.ts';

const QUOTAS = '/backoffice/api/quotas';
/** The display name of admin@demo.test (seed/demo.ts). */
const ADMIN_NAME = 'Alex Admin';

describe.each(testDatabases())('back-office quotas and staff names on $name', (testDb) => {
  let database: Database;
  let app: FastifyInstance;

  beforeEach(async () => {
    database = await testDb.open({ seeded: true });
    app = await testApp(database);
    return () => app.close();
  });
  afterAll(() => testDb.cleanup());

  async function userIdOf(email: string): Promise<number> {
    const user = await usersRepo(database.db).findByEmail(email);
    if (!user) throw new Error(`no user ${email}`);
    return user.id;
  }

  async function staffIdOf(email: string): Promise<number> {
    const member = await staffRepo(database.db).findByEmail(email);
    if (!member) throw new Error(`no staff ${email}`);
    return member.id;
  }

  describe('GET /backoffice/api/quotas', () => {
    it('when an admin reads the quotas after saving some, then the answer holds every row as saved and the read is audited', async () => {
      const admin = await staffClient(app, 'admin@demo.test');
      const patch = {
        quotas: [
          { scope: 'KYC', level: 1, coin: 'BTC', limit: '7.5' },
          { scope: 'KYB', level: 2, coin: 'ETH', limit: '3' },
        ],
      };
      const saved = await admin.send('PATCH', QUOTAS, patch);
      expect(saved.envelope?.ret_code).toBe(0);

      const { envelope } = await admin.get(QUOTAS);

      expect(envelope?.ret_code).toBe(0);
      const quotas = envelope?.result as QuotaList;
      expect(quotas).toEqual(saved.envelope?.result);
      expect(quotas).toHaveLength(SEED_QUOTAS.length + 1);
      expect(quotas).toContainEqual({ scope: 'KYC', level: 1, coin: 'BTC', limit: 7.5 });
      expect(quotas).toContainEqual({ scope: 'KYB', level: 2, coin: 'ETH', limit: 3 });
      expect(quotas).toContainEqual({ scope: 'KYC', level: 2, coin: 'USDT', limit: 5_000_000 });
      const audit = (await admin.get('/backoffice/api/audit?action=quotas.view')).envelope
        ?.result as AuditResult;
      expect(audit.items).toEqual([
        expect.objectContaining({
          action: 'quotas.view',
          staffId: await staffIdOf('admin@demo.test'),
          staffName: ADMIN_NAME,
        }),
      ]);
    });

    it.each(['reviewer@demo.test', 'senior@demo.test', 'auditor@demo.test'])(
      'when %s (no edit_quotas) reads the quotas, then 10005 and nothing is audited',
      async (email) => {
        const member = await staffClient(app, email);

        const { envelope } = await member.get(QUOTAS);

        expect(envelope?.ret_code).toBe(10005);
        expect(envelope?.result).toBeNull();
        const admin = await staffClient(app, 'admin@demo.test');
        const audit = (await admin.get('/backoffice/api/audit?action=quotas.view')).envelope
          ?.result as AuditResult;
        expect(audit.total).toBe(0);
      },
    );

    it('when there is no staff session (none, or an end user), then 10007 and no quota is answered', async () => {
      const anonymous = new TestClient(app);
      await anonymous.get('/backoffice/');
      const endUser = await signedUpClient(app, 'eve@example.com');

      for (const client of [anonymous, endUser]) {
        const { envelope } = await client.get(QUOTAS);
        expect(envelope?.ret_code).toBe(10007);
        expect(envelope?.result).toBeNull();
      }
    });
  });

  describe('questionnaire history', () => {
    it('when a reviewer takes a response and releases it, then its history names the reviewer', async () => {
      const person = await signedUpClient(app, 'rfi-person@example.com');
      await submittedQuestionnaire(person, 'rfi', RFI_ANSWERS, 'names-1');
      const userId = await userIdOf('rfi-person@example.com');
      const reviewer = await staffClient(app, 'reviewer@demo.test');
      const decisions = `/backoffice/api/questionnaires/${userId}/rfi/decisions`;
      expect((await reviewer.post(decisions, { decision: 'lock' })).envelope?.ret_code).toBe(0);
      expect((await reviewer.post(decisions, { decision: 'release' })).envelope?.ret_code).toBe(0);

      const { envelope } = await reviewer.get(`/backoffice/api/questionnaires/${userId}/rfi`);

      expect(envelope?.ret_code).toBe(0);
      const { history } = envelope?.result as QuestionnaireReviewCase;
      const reviewerId = await staffIdOf('reviewer@demo.test');
      expect(history.map((h) => [h.event, h.actor, h.staffId, h.staffName])).toEqual([
        ['submit', 'user', null, null],
        ['lock', 'staff', reviewerId, 'Riley Reviewer'],
        ['release', 'staff', reviewerId, 'Riley Reviewer'],
      ]);
    });
  });

  describe('case history', () => {
    it('when a reviewer proposes a final rejection and a senior confirms it, then the history names both', async () => {
      const userId = await userIdOf('pending@demo.test');
      const reviewer = await staffClient(app, 'reviewer@demo.test');
      const senior = await staffClient(app, 'senior@demo.test');
      const propose = { decision: 'propose_final', level: 1, reasonCode: 'FORGED', userMessage: 'Refused.' };
      expect((await decide(reviewer, userId, propose)).ret_code).toBe(0);
      expect((await decide(senior, userId, { decision: 'confirm_final', level: 1 })).ret_code).toBe(0);

      const { envelope } = await senior.get(`/backoffice/api/cases/${userId}`);

      expect(envelope?.ret_code).toBe(0);
      const [confirmed, proposed] = (envelope?.result as ReviewCase).decisions;
      expect(confirmed).toMatchObject({
        decision: 'reject_final_confirmed',
        staffId: await staffIdOf('reviewer@demo.test'),
        staffName: 'Riley Reviewer',
        confirmedBy: await staffIdOf('senior@demo.test'),
        confirmedByName: 'Sam Senior',
      });
      expect(proposed).toMatchObject({
        decision: 'reject_final_proposed',
        staffName: 'Riley Reviewer',
        confirmedBy: null,
        confirmedByName: null,
      });
    });

    it('when a member has no display name, then the history shows their email; an unknown member is null', async () => {
      const userId = await userIdOf('pending@demo.test');
      const unnamedId = await staffRepo(database.db).insert({
        email: 'quiet@demo.test',
        display_name: '',
        role: 'reviewer',
        password_hash: 'unused',
        created_at: Date.now(),
        last_login_at: null,
        totp_secret: null,
        totp_enrolled_at: null,
      });
      const review = reviewRepo(database.db);
      await review.insertDecision({ userId, level: 0, decision: 'reverify_requested', staffId: 987_654 }, 1);
      await review.insertDecision(
        { userId, level: 0, decision: 'reverify_requested', staffId: unnamedId },
        2,
      );
      const admin = await staffClient(app, 'admin@demo.test');

      const { envelope } = await admin.get(`/backoffice/api/cases/${userId}`);

      expect(envelope?.ret_code).toBe(0);
      expect((envelope?.result as ReviewCase).decisions).toEqual([
        expect.objectContaining({ staffId: unnamedId, staffName: 'quiet@demo.test', confirmedByName: null }),
        expect.objectContaining({ staffId: 987_654, staffName: null, confirmedByName: null }),
      ]);
    });
  });
});

/**
 * Issue 20 (docs/data-lifecycle.md "Back office", D86): the lists that print a person's name or email —
 * the verification queue, the questionnaire queue, the screening alerts, the support inbox and the
 * identity-transfer queue — leave a closed person's personal data out (empty strings, `closed: true`),
 * so the back office shows "Closed account #id"; an open person's rows are unchanged. SQLite and
 * PostgreSQL.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { OwnSupportRequest } from '@kyc/contracts';
import { useAppFixture, type AppFixture } from './support/app-fixture.ts';
import { testDatabases } from './support/databases.ts';
import { staffClient, userClient, userWithCase } from './support/kyc-flows.ts';
import { RFI_ANSWERS, submittedQuestionnaire } from './support/questionnaires.ts';
import { signedUpClient } from './support/test-app.ts';
import { repositories } from '../src/data/repositories/index.ts';

const OFAC = path.resolve(import.meta.dirname, '../src/domain/screening/fixtures/ofac-sdn.xml');
const VELMOROV = { firstName: 'Oleg Tarasovich', lastName: 'Velmorov', dateOfBirth: '1971-03-12' };

/** A closure recorded as the retention tests do: the person's pending items stay where they were. */
async function close(fixture: AppFixture, userId: number) {
  await repositories(fixture.database.db).accountClosures.recordClosure({
    userId,
    closedAt: Date.now(),
    closedBy: 'self',
  });
}

interface Row {
  userId: number | null;
  email: string | null;
  closed: boolean;
  firstName?: string;
  lastName?: string;
  excerpt?: string;
  matchedName?: string;
}

describe.each(testDatabases())('lists after closure on $name', (testDb) => {
  const fixture = useAppFixture(testDb, { env: { SCREENING_LISTS: OFAC } });

  it('when a person with a pending case, an alert, a questionnaire and a report closes, then every list shows them as closed without name, email or text, and the others as before', async () => {
    // The closed person: level 1 pending as a name on the OFAC fixture (an alert), an RFI answered, a report.
    const closedEmail = 'new@demo.test';
    const person = await userClient(fixture.app, closedEmail);
    expect((await person.post('/v3/private/kyc/kyc-personal-info', VELMOROV)).envelope?.ret_code).toBe(0);
    await userWithCase(fixture.app, closedEmail);
    await fixture.app.jobs.find((j) => j.name === 'screening')?.run();
    await submittedQuestionnaire(person, 'rfi', RFI_ANSWERS, 'closed-1');
    const report = { topic: 'account', message: 'Please close my account for good.', language: 'en' };
    const own = { ...report, message: 'Ticket 7731: my card payment was refused twice.' };
    await person.post('/v3/public/help/support-requests', own);
    const closedId = await fixture.userIdOf(closedEmail);
    // An open person with the same items (no alert: an ordinary name).
    const open = await signedUpClient(fixture.app, 'open.person@example.com');
    await submittedQuestionnaire(open, 'rfi', RFI_ANSWERS, 'open-1');
    const filed = (await open.post('/v3/public/help/support-requests', report)).envelope
      ?.result as OwnSupportRequest;
    expect(filed.id).toBeGreaterThan(0);
    const openId = await fixture.userIdOf('open.person@example.com');

    await close(fixture, closedId);
    const reviewer = await staffClient(fixture.app, 'reviewer@demo.test');
    const items = async (url: string) =>
      ((await reviewer.get(url)).envelope?.result as { items: Row[] }).items;

    const queue = await items('/backoffice/api/queue');
    expect(queue.find((r) => r.userId === closedId)).toMatchObject({
      closed: true,
      email: '',
      firstName: '',
      lastName: '',
    });
    const pendingId = await fixture.userIdOf('pending@demo.test');
    expect(queue.find((r) => r.userId === pendingId)).toMatchObject({
      closed: false,
      email: 'pending@demo.test',
    });

    const questionnaires = await items('/backoffice/api/questionnaires/queue');
    expect(questionnaires.find((r) => r.userId === closedId)).toMatchObject({ closed: true, email: '' });
    expect(questionnaires.find((r) => r.userId === openId)).toMatchObject({
      closed: false,
      email: 'open.person@example.com',
    });

    const alerts = await items('/backoffice/api/screening/alerts');
    expect(alerts.filter((r) => r.userId === closedId)).toEqual([
      expect.objectContaining({ closed: true, email: '', matchedName: '' }),
    ]);

    const inbox = await items('/backoffice/api/support-requests');
    expect(inbox.find((r) => r.userId === closedId)).toMatchObject({ closed: true, email: '', excerpt: '' });
    expect(inbox.find((r) => r.userId === openId)).toMatchObject({
      closed: false,
      email: 'open.person@example.com',
      excerpt: report.message,
    });
    // Nothing of the closed person's anywhere in the lists' answers. ("Ticket 7731" as text: a bare
    // 7731 also occurs inside a millisecond timestamp, as it once did.)
    for (const list of [queue, questionnaires, alerts, inbox])
      expect(JSON.stringify(list)).not.toMatch(/new@demo\.test|Velmorov|Ticket 7731/i);
  });

  it('when one side of an identity transfer is closed, then the transfer queue leaves its email out and flags it', async () => {
    const { db } = fixture.database;
    const sourceId = await fixture.userIdOf('l1@demo.test');
    const target = await signedUpClient(fixture.app, 'lena.target@example.com');
    expect(target).toBeTruthy();
    const targetId = await fixture.userIdOf('lena.target@example.com');
    await repositories(db).identityTransfers.insert({
      sourceUserId: sourceId,
      targetUserId: targetId,
      sourceLevel: 1,
      at: Date.now(),
    });
    await close(fixture, sourceId);
    const reviewer = await staffClient(fixture.app, 'reviewer@demo.test');
    const answer = await reviewer.get('/backoffice/api/identity-transfers?status=awaiting_source');
    expect((answer.envelope?.result as { items: unknown[] }).items).toEqual([
      expect.objectContaining({
        sourceUserId: sourceId,
        sourceClosed: true,
        sourceEmail: '',
        targetUserId: targetId,
        targetClosed: false,
        targetEmail: 'lena.target@example.com',
      }),
    ]);
  });
});

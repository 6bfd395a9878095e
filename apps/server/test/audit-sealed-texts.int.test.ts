/**
 * Issue 20 (D107, docs/data-lifecycle.md "Requests for information in the audit log"): the text of a
 * request for information, or of a rejection's message to the person, is the person's data, and the audit
 * log cannot be redacted. The audit row holds it sealed under the person's data key: never in clear, shown in the case's history, covered by the
 * chain's hash (an edit of the sealed text breaks the chain), and unreadable once the erasure destroys the
 * key — while the chain still verifies.
 */
import { describe, expect, it } from 'vitest';
import type { Envelope, QuestionnaireReviewCase } from '@kyc/contracts';
import { useAppFixture, type AppFixture } from './support/app-fixture.ts';
import { testDatabases } from './support/databases.ts';
import { staffClient } from './support/kyc-flows.ts';
import { asOwner } from './support/audit-tamper.ts';
import { RFI_ANSWERS, submittedQuestionnaire } from './support/questionnaires.ts';
import { signedInClient, type TestClient } from './support/test-app.ts';
import { auditChainRepo } from '../src/data/repositories/audit-chain-repo.ts';
import { walkChain } from '../src/domain/audit/verify-chain.ts';

const FIRST = 'Ms Lovelace, please send the payslips of March and April 2026.';
const SECOND = 'Please upload the sale contract of the flat on Rue des Lilas.';
const THIRD = 'The contract you sent names Mr Babbage, not you.';

async function auditRows(fixture: AppFixture, userId: number, action: string) {
  return fixture.database.db
    .selectFrom('audit_log')
    .select(['id', 'details'])
    .where('subject_user_id', '=', userId)
    .where('action', '=', action)
    .orderBy('id')
    .execute();
}

async function history(client: TestClient, userId: number) {
  const { envelope } = await client.get(`/backoffice/api/questionnaires/${userId}/rfi`);
  const view = (envelope as Envelope<QuestionnaireReviewCase>).result;
  if (!view) throw new Error('no questionnaire case');
  return view.history.filter((h) => h.actor === 'staff' && h.text !== '').map((h) => [h.event, h.text]);
}

describe.each(testDatabases())('request texts in the audit log on $name', (testDb) => {
  const fixture = useAppFixture(testDb);

  it('when staff ask for information and reject with a message, then the audit rows hold the texts sealed, the history shows it, an edit breaks the chain, and after erasure of the key it reads [redacted] with the chain intact', async () => {
    const user = await signedInClient(fixture.app, 'new@demo.test');
    const userId = await fixture.userIdOf('new@demo.test');
    const reviewer = await staffClient(fixture.app, 'reviewer@demo.test');
    // A request for information (questionnaire.rfi) …
    const raised = await reviewer.post(`/backoffice/api/users/${userId}/rfi`, {
      templateCode: 'rfi',
      requestText: FIRST,
    });
    expect(raised.envelope?.ret_code).toBe(0);
    // … answered, then more asked for as a decision (questionnaire.decision, request_info).
    await submittedQuestionnaire(user, 'rfi', RFI_ANSWERS, 'rfi-sealed-1');
    const decide = (body: unknown) =>
      reviewer.post(`/backoffice/api/questionnaires/${userId}/rfi/decisions`, body);
    expect((await decide({ decision: 'lock' })).envelope?.ret_code).toBe(0);
    expect((await decide({ decision: 'request_info', requestText: SECOND })).envelope?.ret_code).toBe(0);
    // … answered again, and rejected with a message to the person (questionnaire.decision, reject).
    await submittedQuestionnaire(user, 'rfi', RFI_ANSWERS, 'rfi-sealed-2');
    expect((await decide({ decision: 'lock' })).envelope?.ret_code).toBe(0);
    const rejected = await decide({ decision: 'reject', reasonCode: 'OTHER', userMessage: THIRD });
    expect(rejected.envelope?.ret_code).toBe(0);

    const rfi = await auditRows(fixture, userId, 'questionnaire.rfi');
    const decisions = await auditRows(fixture, userId, 'questionnaire.decision');
    const ofKind = (kind: string) =>
      decisions.filter((r) => (JSON.parse(r.details) as { decision?: string }).decision === kind);
    expect(rfi).toHaveLength(1);
    expect(ofKind('request_info')).toHaveLength(1);
    expect(ofKind('reject')).toHaveLength(1);
    const sealedShape = { sealed: expect.any(String) as unknown, ref: expect.any(String) as unknown };
    for (const row of [...rfi, ...decisions]) {
      expect(row.details).not.toContain('payslips');
      expect(row.details).not.toContain('Lilas');
      expect(row.details).not.toContain('Babbage');
    }
    for (const row of [...rfi, ...ofKind('request_info')])
      expect((JSON.parse(row.details) as { requestText: unknown }).requestText).toEqual(sealedShape);
    for (const row of ofKind('reject'))
      expect(JSON.parse(row.details)).toMatchObject({ reasonCode: 'OTHER', userMessage: sealedShape });
    // Staff with the case read them in its history.
    expect(await history(reviewer, userId)).toEqual([
      ['rfi', FIRST],
      ['request_info', SECOND],
      ['reject', THIRD],
    ]);
    const chain = auditChainRepo(fixture.database.db);
    expect(await walkChain(chain)).toMatchObject({ ok: true, complete: true });

    // An edit of the sealed text (another ciphertext) breaks the chain at that row.
    const row = rfi[0];
    if (!row) throw new Error('no rfi row');
    const tampered = JSON.parse(row.details) as { requestText: { sealed: string; ref: string } };
    const original = row.details;
    tampered.requestText.sealed = Buffer.from('forged').toString('base64');
    const setDetails = (details: string) => () =>
      fixture.database.db.updateTable('audit_log').set({ details }).where('id', '=', row.id).execute();
    await asOwner(fixture.database, setDetails(JSON.stringify(tampered)));
    expect(await walkChain(chain)).toMatchObject({
      ok: false,
      broken: { id: Number(row.id), kind: 'edited' },
    });
    await asOwner(fixture.database, setDetails(original));

    // Crypto-shredding (the erasure's data_key step): the rows stay, the chain holds, the texts are gone.
    await fixture.database.db.deleteFrom('user_data_keys').where('user_id', '=', userId).execute();
    expect(await walkChain(chain)).toMatchObject({ ok: true, complete: true });
    const senior = await staffClient(fixture.app, 'senior@demo.test');
    expect(await history(senior, userId)).toEqual([
      ['rfi', '[redacted]'],
      ['request_info', '[redacted]'],
      ['reject', '[redacted]'],
    ]);
  });
});

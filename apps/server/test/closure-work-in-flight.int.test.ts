/**
 * Issue 20 (docs/data-lifecycle.md "Closing an account", D85): what was still waiting when an account
 * closes stops in the closing transaction — the pending submission withdrawn, the open request for
 * information cancelled, an open identity transfer cancelled, the claims on the case released — each a
 * compare-and-set with its audit entry; and a decision racing with the closure: exactly one of them acts
 * on the submission. SQLite and PostgreSQL.
 */
import { describe, expect, it } from 'vitest';
import { SECURITY_SCENES } from '@kyc/contracts';
import { useAppFixture, type AppFixture } from './support/app-fixture.ts';
import { testDatabases } from './support/databases.ts';
import { onInstance, secondInstance } from './support/decision-races.ts';
import { decide, staffClient, userWithCase } from './support/kyc-flows.ts';
import { grantedRiskHeaders } from './support/step-up.ts';
import { transferWaitingForReview } from './support/transfers.ts';

async function auditOf(fixture: AppFixture, userId: number) {
  const rows = await fixture.database.db
    .selectFrom('audit_log')
    .select(['action', 'details', 'staff_id', 'case_ref'])
    .where('subject_user_id', '=', userId)
    .orderBy('id')
    .execute();
  return rows.map((r) => ({
    action: r.action,
    caseRef: r.case_ref,
    staffId: Number(r.staff_id),
    details: JSON.parse(r.details) as Record<string, unknown>,
  }));
}

async function submissionStatus(fixture: AppFixture, userId: number) {
  const row = await fixture.database.db
    .selectFrom('kyc_submissions')
    .select('status')
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  return row.status;
}

describe.each(testDatabases())('work in flight at closure on $name', (testDb) => {
  const fixture = useAppFixture(testDb, { env: { TRANSFER_COOLING_OFF_HOURS: '0' } });

  it('when staff close an account with a pending case, a claim, a request for information and an identity transfer, then each stops in the closing transaction with its audit entry, and the case says why it left the queue', async () => {
    // The person: level 1 approved (the transfer's source) with a level-1 re-submission pending? No:
    // a new person with a pending case carries the case, the claim and the request for information.
    await userWithCase(fixture.app, 'new@demo.test');
    const userId = await fixture.userIdOf('new@demo.test');
    const reviewer = await staffClient(fixture.app, 'reviewer@demo.test');
    expect((await reviewer.post(`/backoffice/api/cases/${userId}/claim`, {})).envelope?.ret_code).toBe(0);
    const rfi = await reviewer.post(`/backoffice/api/users/${userId}/rfi`, {
      templateCode: 'rfi',
      requestText: 'Please tell us the source of your funds.',
    });
    expect(rfi.envelope?.ret_code).toBe(0);

    // An identity transfer from l1 (verified) to a new account, consented, waiting for review.
    const {
      id: transferId,
      source,
      target,
    } = await transferWaitingForReview(fixture, 'lena.target@example.com');
    const sourceId = await fixture.userIdOf('l1@demo.test');

    const senior = await staffClient(fixture.app, 'senior@demo.test');
    const closed = await senior.post(`/backoffice/api/cases/${userId}/close`, {
      reason: 'Customer asked by phone (ticket 77)',
    });
    expect(closed.envelope?.ret_code).toBe(0);
    expect(await submissionStatus(fixture, userId)).toBe('WITHDRAWN');
    const tasks = await fixture.database.db
      .selectFrom('compliance_tasks')
      .select(['kind', 'status'])
      .where('user_id', '=', userId)
      .execute();
    expect(tasks).toEqual([{ kind: 'rfi', status: 'cancelled' }]);
    const claims = await fixture.database.db
      .selectFrom('case_claims')
      .select('case_ref')
      .where('user_id', '=', userId)
      .execute();
    expect(claims).toEqual([]);
    const audit = await auditOf(fixture, userId);
    const seniorId = audit.find((a) => a.action === 'account.close')?.staffId;
    expect(audit.filter((a) => a.action === 'case.release')).toEqual([
      {
        action: 'case.release',
        caseRef: `user:${userId}`,
        staffId: seniorId,
        details: expect.objectContaining({ cause: 'account_closed', closedBy: 'staff' }) as unknown,
      },
    ]);
    expect(audit.find((a) => a.action === 'account.close')?.details).toMatchObject({
      withdrawn: { submissions: 1, tasks: 1, claims: 1, transfers: 0 },
    });
    // The queue no longer lists it; the case says it was withdrawn by the closure (with a reason given).
    const queue = (await reviewer.get('/backoffice/api/queue')).envelope?.result as {
      items: { userId: number }[];
    };
    expect(queue.items.map((i) => i.userId)).not.toContain(userId);
    expect(
      (
        await senior.post(`/backoffice/api/cases/${userId}/closed-access`, {
          reason: 'Why it left the queue',
        })
      ).envelope?.ret_code,
    ).toBe(0);
    const opened = await senior.get(`/backoffice/api/cases/${userId}`);
    expect(JSON.stringify(opened.envelope?.result)).toContain('WITHDRAWN');
    const closure = await senior.get(`/backoffice/api/cases/${userId}/closure`);
    expect(closure.envelope?.result).toMatchObject({ closure: { closedBy: 'staff' } });

    // The transfer's source closes their own account: the transfer is cancelled, audited without staff.
    const closedBySelf = await source.post(
      '/v3/private/user/account/close',
      { confirm: true },
      { headers: await grantedRiskHeaders(fixture.database.db, source, SECURITY_SCENES.closeAccount) },
    );
    expect(closedBySelf.envelope?.ret_code).toBe(0);
    const transfer = await fixture.database.db
      .selectFrom('identity_transfers')
      .select('status')
      .where('id', '=', transferId)
      .executeTakeFirstOrThrow();
    expect(transfer.status).toBe('cancelled');
    expect((await auditOf(fixture, sourceId)).filter((a) => a.action === 'identity_transfer.cancel')).toEqual(
      [
        {
          action: 'identity_transfer.cancel',
          caseRef: `transfer:${transferId}`,
          staffId: 0,
          details: expect.objectContaining({
            cause: 'account_closed',
            closedBy: 'self',
            from: 'in_review',
          }) as unknown,
        },
      ],
    );
    const transferStatus = await target.post('/v1/kyc/transfer/status');
    expect(transferStatus.envelope?.result).toMatchObject({ transfer: { stage: 'cancelled' } });
  });

  it('when a reviewer’s decision and a staff closure race on one pending case, then exactly one acts on the submission: approved and not withdrawn, or withdrawn and the decision refused', async () => {
    const other = await secondInstance(fixture);
    try {
      for (const email of ['new@demo.test', 'quick@demo.test', 'sumsub@demo.test']) {
        await userWithCase(fixture.app, email);
        const userId = await fixture.userIdOf(email);
        const reviewer = await staffClient(fixture.app, 'reviewer@demo.test');
        const senior = onInstance(await staffClient(fixture.app, 'senior@demo.test'), other.app);
        const [decision, closure] = await Promise.all([
          decide(reviewer, userId, { decision: 'approve', level: 1 }),
          senior.post(`/backoffice/api/cases/${userId}/close`, { reason: 'Customer asked by phone' }),
        ]);
        expect(closure.envelope?.ret_code).toBe(0);
        const status = await submissionStatus(fixture, userId);
        const decisions = await fixture.database.db
          .selectFrom('kyc_decisions')
          .select('id')
          .where('user_id', '=', userId)
          .execute();
        const withdrawn = (
          (await auditOf(fixture, userId)).find((a) => a.action === 'account.close')?.details as {
            withdrawn: { submissions: number };
          }
        ).withdrawn.submissions;
        if (decision.ret_code === 0) {
          expect([status, decisions.length, withdrawn]).toEqual(['APPROVED', 1, 0]);
        } else {
          expect([status, decisions.length, withdrawn]).toEqual(['WITHDRAWN', 0, 1]);
          expect(decision.ret_code).not.toBe(0);
        }
      }
    } finally {
      await other.close();
    }
  });
});

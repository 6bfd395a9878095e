// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { StaffMe, StaffRole } from '@kyc/contracts';
import { fail, ok, stubApi, type Handler } from '../../../test/api-stub.ts';
import { renderAsStaff } from '../../../test/render.tsx';
import type { TransferCaseView } from '../api/identity-transfers.ts';
import { TransferCasePage } from './transfer-case-page.tsx';

const T0 = Date.UTC(2026, 10, 20, 9, 30);
const CASE_URL = '/backoffice/api/identity-transfers/7';
const DECISION_URL = '/backoffice/api/identity-transfers/7/decision';

function staff(role: StaffRole, id = 5): StaffMe {
  return { id, email: `${role}@kyc.example`, display_name: `Staff ${id}`, role };
}

function account(userId: number, email: string, level: number) {
  return {
    userId,
    email,
    level,
    firstName: 'Ana',
    lastName: 'Lima',
    dateOfBirth: '1990-04-01',
    country: 'PT',
    residenceCountry: 'DE',
    states: [{ level: 1, status: level > 0 ? 'SUCCESS' : 'ALLOW' }],
  };
}

function transferCase(transfer: Partial<TransferCaseView['transfer']> = {}): TransferCaseView {
  return {
    transfer: {
      id: 7,
      stage: 'in_review',
      sourceEmail: 'old@example.com',
      targetEmail: 'new@example.com',
      sourceUserId: 41,
      targetUserId: 42,
      sourceClosed: false,
      targetClosed: false,
      level: 1,
      createdAt: T0,
      coolingOffUntil: T0 + 24 * 3_600_000,
      firstApprovedBy: null,
      rejectReason: '',
      sourceConsentAt: T0 + 60_000,
      targetConsentAt: T0,
      completedAt: null,
      firstApprovedByName: null,
      firstApprovedAt: null,
      secondApprovedBy: null,
      secondApprovedByName: null,
      secondApprovedAt: null,
      decidedBy: null,
      decidedByName: null,
      decidedAt: null,
      needsSecondApproval: false,
      ...transfer,
    },
    source: account(41, 'old@example.com', 1),
    target: { ...account(42, 'new@example.com', 0), firstName: 'ANA', lastName: 'Lima ' },
  };
}

function serve(view: TransferCaseView, decide?: Handler, reloaded?: TransferCaseView) {
  let reads = 0;
  return stubApi({
    [`GET ${CASE_URL}`]: () => ok(reads++ > 0 && reloaded ? reloaded : view),
    ...(decide ? { [`POST ${DECISION_URL}`]: decide } : {}),
  });
}

function renderCase(as: StaffMe) {
  return renderAsStaff(
    as,
    [{ path: 'identity-transfers/:transferId', Component: TransferCasePage }],
    '/backoffice/identity-transfers/7',
  );
}

afterEach(cleanup);

describe('TransferCasePage', () => {
  it('when the case loads, then both accounts, the checks and the history show', async () => {
    serve(transferCase());
    renderCase(staff('reviewer'));

    expect(await screen.findByRole('heading', { level: 1, name: 'Identity transfer #7' })).toBeTruthy();
    const source = screen.getByRole('region', { name: 'Source: the verified account' });
    const target = screen.getByRole('region', { name: 'Target: the account receiving the verification' });
    expect(within(source).getByText('old@example.com')).toBeTruthy();
    expect(within(target).getByText('new@example.com')).toBeTruthy();
    // Level states and countries in words, as the verification case shows them, not wire values.
    expect(within(source).getByText('Level 1: Verified')).toBeTruthy();
    expect(within(source).getByText('Portugal (PT)')).toBeTruthy();
    expect(within(source).getByText('Germany (DE)')).toBeTruthy();

    const checks = screen.getByRole('region', { name: 'Checks' });
    // Case and spaces aside, the names match.
    expect(within(checks).getByText(/Same name/).textContent).toContain('Yes');
    expect(within(checks).getByText(/Same date of birth/).textContent).toContain('Yes');

    const history = screen.getByRole('region', { name: 'History' });
    expect(within(history).getByText(/The target account asked for the transfer/)).toBeTruthy();
    expect(within(history).getByText(/The source account confirmed the transfer/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Approve transfer' })).toBeTruthy();
  });

  it('when the target account has no details of its own yet, then the checks say they matched at the start', async () => {
    const view = transferCase();
    serve({ ...view, target: { ...view.target, firstName: '', lastName: '', dateOfBirth: '' } });
    renderCase(staff('reviewer'));
    const checks = await screen.findByRole('region', { name: 'Checks' });
    expect(within(checks).getByText(/Same name/).textContent).toContain('Matched when the transfer started');
    expect(within(checks).getByText(/Same date of birth/).textContent).toContain(
      'Matched when the transfer started',
    );
  });

  it('when Approve is pressed without the selfie confirmed, then nothing is sent until it is ticked', async () => {
    const api = serve(transferCase(), () => ok(transferCase({ stage: 'approved', firstApprovedBy: 5 })));
    const { user } = renderCase(staff('reviewer'));

    await user.click(await screen.findByRole('button', { name: 'Approve transfer' }));
    expect(screen.getByText('Confirm that you reviewed the selfie before approving.')).toBeTruthy();
    expect(api.callsTo('POST', DECISION_URL)).toHaveLength(0);

    await user.click(screen.getByRole('checkbox', { name: /it is the same person/ }));
    await user.click(screen.getByRole('button', { name: 'Approve transfer' }));
    expect(
      await screen.findByText(/Transfer approved\. It completes when the cooling-off ends/),
    ).toBeTruthy();
    expect(api.callsTo('POST', DECISION_URL)[0]?.body).toEqual({ decision: 'approve', selfieReviewed: true });
    expect(screen.getByText('This transfer is not waiting for a decision.')).toBeTruthy();
  });

  it('when the approval completes the transfer at once (cooling-off over), then it says so', async () => {
    serve(transferCase(), () =>
      ok(transferCase({ stage: 'completed', firstApprovedBy: 5, completedAt: T0 })),
    );
    const { user } = renderCase(staff('reviewer'));
    await user.click(await screen.findByRole('checkbox', { name: /it is the same person/ }));
    await user.click(screen.getByRole('button', { name: 'Approve transfer' }));
    expect(await screen.findByText(/Transfer approved and completed/)).toBeTruthy();
    const history = screen.getByRole('region', { name: 'History' });
    expect(within(history).getByText(/Transfer completed/)).toBeTruthy();
  });

  it('when Reject is pressed without a reason, then it asks for one; with one, the reason is sent', async () => {
    const api = serve(transferCase(), () =>
      ok(transferCase({ stage: 'rejected', rejectReason: 'Different person on the selfie.' })),
    );
    const { user } = renderCase(staff('reviewer'));

    await user.click(await screen.findByRole('button', { name: 'Reject transfer' }));
    expect(screen.getByText('Give a reason of at least 3 characters.')).toBeTruthy();
    expect(api.callsTo('POST', DECISION_URL)).toHaveLength(0);

    await user.type(
      screen.getByRole('textbox', { name: /Reason for rejection/ }),
      '  Different person on the selfie.  ',
    );
    await user.click(screen.getByRole('button', { name: 'Reject transfer' }));
    expect(await screen.findByText(/Transfer rejected\. Both people see the reason/)).toBeTruthy();
    expect(api.callsTo('POST', DECISION_URL)[0]?.body).toEqual({
      decision: 'reject',
      reason: 'Different person on the selfie.',
    });
    expect(screen.getAllByText('Different person on the selfie.').length).toBeGreaterThan(0);
  });

  it('when another reviewer decided first (30081), then the refusal shows above the transfer as it now is', async () => {
    const api = serve(
      transferCase(),
      () => fail(30081, 'already decided'),
      transferCase({ stage: 'rejected', rejectReason: 'Decided elsewhere.' }),
    );
    const { user } = renderCase(staff('reviewer'));

    await user.click(await screen.findByRole('checkbox', { name: /it is the same person/ }));
    await user.click(screen.getByRole('button', { name: 'Approve transfer' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(
      'Another reviewer decided this case in the meantime, so your decision was not saved. The case now shows its current state.',
    );
    await waitFor(() => expect(screen.getByText('Decided elsewhere.')).toBeTruthy());
    expect(api.callsTo('GET', CASE_URL)).toHaveLength(2);
    expect(screen.queryByRole('button', { name: 'Approve transfer' })).toBeNull();
  });

  it('when four eyes apply, then the first senior gives the first approval and the case waits for a second', async () => {
    const waiting = transferCase({ level: 2, needsSecondApproval: true, firstApprovedBy: 5 });
    const api = serve(transferCase({ level: 2, needsSecondApproval: true }), () => ok(waiting));
    const { user } = renderCase(staff('senior_reviewer', 5));

    expect(
      await screen.findByText('Level 2: two different senior reviewers must approve this transfer.'),
    ).toBeTruthy();
    await user.click(screen.getByRole('checkbox', { name: /it is the same person/ }));
    await user.click(screen.getByRole('button', { name: 'Give the first approval' }));

    expect(
      await screen.findByText(/First approval recorded\. A second senior reviewer must approve/),
    ).toBeTruthy();
    expect(api.callsTo('POST', DECISION_URL)).toHaveLength(1);
    expect(
      screen.getByText('You gave the first approval. Another senior reviewer must give the second.'),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Give the second approval' })).toBeNull();
    const history = screen.getByRole('region', { name: 'History' });
    expect(within(history).getByText('First approval by you (staff member #5)')).toBeTruthy();
  });

  it('when decided, then the history names who approved and who rejected, with when (issue 15)', async () => {
    serve(
      transferCase({
        stage: 'rejected',
        level: 2,
        needsSecondApproval: true,
        firstApprovedBy: 9,
        firstApprovedByName: 'Sam Senior',
        firstApprovedAt: T0 + 3_600_000,
        decidedBy: 5,
        decidedByName: 'Riley Reviewer',
        decidedAt: T0 + 7_200_000,
        rejectReason: 'The selfie does not match',
      }),
    );
    renderCase(staff('senior_reviewer', 5));
    const history = await screen.findByRole('region', { name: 'History' });
    const items = within(history)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(items.find((text) => text?.startsWith('First approval by Sam Senior'))).toMatch(/ · /);
    expect(items.find((text) => text?.startsWith('Rejected by you (Riley Reviewer)'))).toMatch(/ · /);
    expect(within(history).queryByText('Rejected by a reviewer')).toBeNull();
  });

  it('when one approval decided it, then the history says "Approved by", not "First approval"', async () => {
    serve(
      transferCase({
        stage: 'completed',
        firstApprovedBy: 9,
        firstApprovedByName: 'Sam Senior',
        firstApprovedAt: T0 + 3_600_000,
        completedAt: T0 + 3_600_000,
      }),
    );
    renderCase(staff('reviewer', 5));
    const history = await screen.findByRole('region', { name: 'History' });
    const items = within(history)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(items.find((text) => text?.startsWith('Approved by Sam Senior'))).toMatch(/ · /);
    expect(within(history).queryByText(/First approval/)).toBeNull();
  });

  it('when the first approval is someone else’s, then another senior may give the second; a reviewer may only reject', async () => {
    serve(transferCase({ level: 2, needsSecondApproval: true, firstApprovedBy: 9 }));
    renderCase(staff('senior_reviewer', 5));
    expect(await screen.findByRole('button', { name: 'Give the second approval' })).toBeTruthy();
    expect(
      screen.getByText(/First approval recorded by staff member #9\. Waiting for a second/),
    ).toBeTruthy();
    cleanup();

    renderCase(staff('reviewer', 6));
    expect(await screen.findByText(/Only a senior reviewer can approve it/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /approval|Approve/ })).toBeNull();
    expect(screen.getByRole('button', { name: 'Reject transfer' })).toBeTruthy();
  });

  it('when the server refuses the selfie (60040), then the translated rule shows', async () => {
    serve(transferCase(), () => fail(60040, 'selfie'));
    const { user } = renderCase(staff('reviewer'));
    await user.click(await screen.findByRole('checkbox', { name: /it is the same person/ }));
    await user.click(screen.getByRole('button', { name: 'Approve transfer' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Confirm that you reviewed the selfie before approving.',
    );
  });

  it('when an auditor opens a transfer, then no decision panel shows', async () => {
    serve(transferCase());
    renderCase(staff('auditor'));
    await screen.findByRole('heading', { level: 1, name: 'Identity transfer #7' });
    expect(screen.queryByRole('region', { name: 'Decision' })).toBeNull();
  });
});

// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { AccountClosureView, StaffMe, StaffRole } from '@kyc/contracts';
import { fail, ok, stubApi } from '../../../test/api-stub.ts';
import { renderAsStaff } from '../../../test/render.tsx';
import { AccountClosureSection } from './close-account.tsx';

const T0 = Date.UTC(2026, 10, 28, 9, 30);
const PATH = '/backoffice/api/cases/41/closure';
const CLOSE = '/backoffice/api/cases/41/close';

const staff = (role: StaffRole): StaffMe => ({
  id: 7,
  email: `${role}@kyc.example`,
  display_name: 'Sam',
  role,
});
const OPEN: AccountClosureView = { closure: null, erasureRequests: [], remains: [] };
const kept = {
  kind: 'identity_documents' as const,
  period: 'P5Y',
  clock: 'relationship_end' as const,
  until: Date.UTC(2031, 10, 28, 9, 30),
  legalSource: 'FATF Recommendation 11',
};
const CLOSED: AccountClosureView = {
  closure: {
    closedAt: T0,
    closedBy: 'staff',
    staff: { id: 7, name: 'Sam' },
    reason: 'Asked by phone',
    erasedAt: null,
  },
  erasureRequests: [],
  remains: [kept],
};

function renderSection(role: StaffRole) {
  return renderAsStaff(
    staff(role),
    [{ path: 'cases/:userId', Component: () => <AccountClosureSection userId={41} /> }],
    '/backoffice/cases/41',
  );
}

afterEach(cleanup);

describe('account closure on the case page (issue 20)', () => {
  it('a senior reviewer closes the account with a reason (required), then sees who closed it and what remains until when', async () => {
    let closed = false;
    const api = stubApi({
      [`GET ${PATH}`]: () => ok(closed ? CLOSED : OPEN),
      [`POST ${CLOSE}`]: () => {
        closed = true;
        return ok({ closedAt: T0, closedBy: 'staff', site: 'GLOBAL', policyVersion: 1, remains: [kept] });
      },
    });
    const { user } = renderSection('senior_reviewer');
    const region = await screen.findByRole('region', { name: 'Account closure' });
    expect(await within(region).findByText('The account is open.')).toBeTruthy();
    await user.click(within(region).getByRole('button', { name: 'Close account' }));
    const dialog = screen.getByRole('dialog', { name: 'Close this account' });
    await user.click(within(dialog).getByRole('button', { name: 'Close the account' }));
    expect(within(dialog).getByText('Give a reason of at least 3 characters.')).toBeTruthy();
    expect(api.callsTo('POST', CLOSE)).toHaveLength(0);
    await user.type(within(dialog).getByLabelText('Reason'), 'Asked by phone');
    await user.click(within(dialog).getByRole('button', { name: 'Close the account' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.callsTo('POST', CLOSE)[0]?.body).toEqual({ reason: 'Asked by phone' });
    expect((await within(region).findByRole('status')).textContent).toBe('The account was closed.');
    expect(await within(region).findByText(/Closed by Sam on/)).toBeTruthy();
    expect(within(region).getByText('Reason: Asked by phone')).toBeTruthy();
    expect(within(region).getByText(/Identity documents and selfies: until Nov 28, 2031/)).toBeTruthy();
    expect(within(region).queryByRole('button', { name: 'Close account' })).toBeNull();
  });

  it('a reviewer (without close_accounts) sees the state but no Close action', async () => {
    stubApi({ [`GET ${PATH}`]: () => ok(OPEN) });
    renderSection('reviewer');
    expect(await screen.findByText('The account is open.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Close account' })).toBeNull();
  });

  it('a refusal (62031: closed meanwhile) is announced in words', async () => {
    stubApi({ [`GET ${PATH}`]: () => ok(OPEN), [`POST ${CLOSE}`]: () => fail(62031) });
    const { user } = renderSection('admin');
    await user.click(await screen.findByRole('button', { name: 'Close account' }));
    await user.type(screen.getByLabelText('Reason'), 'Duplicate account');
    await user.click(screen.getByRole('button', { name: 'Close the account' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The account is already closed. Nothing more was changed.',
    );
  });

  it('the person’s erasure request shows what went, what is kept and whether a hold kept everything', async () => {
    stubApi({
      [`GET ${PATH}`]: () =>
        ok({
          ...CLOSED,
          closure: { ...CLOSED.closure, closedBy: 'self', staff: null, reason: '' },
          erasureRequests: [
            {
              id: 3,
              requestedAt: T0,
              policyVersion: 1,
              held: true,
              granted: [],
              kept: [kept],
            },
          ],
        }),
    });
    renderSection('reviewer');
    expect(await screen.findByText(/Closed by the person on/)).toBeTruthy();
    expect(screen.getByText('Erasure requests')).toBeTruthy();
    expect(screen.getByText('Legal hold: nothing erased')).toBeTruthy();
    expect(screen.getByText('Nothing was erased at once.')).toBeTruthy();
  });
});

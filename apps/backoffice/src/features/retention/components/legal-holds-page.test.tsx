// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { LegalHold, LegalHoldsResult, StaffMe, StaffRole } from '@kyc/contracts';
import { fail, ok, stubApi, type RecordedCall } from '../../../test/api-stub.ts';
import { renderAsStaff } from '../../../test/render.tsx';
import { LegalHoldsPage } from './legal-holds-page.tsx';

const DAY = 86_400_000;
const staff = (role: StaffRole): StaffMe => ({
  id: 4,
  email: `${role}@kyc.example`,
  display_name: role,
  role,
});

function hold(id: number, extra: Partial<LegalHold> = {}): LegalHold {
  return {
    id,
    userId: 10 + id,
    caseRef: '',
    reason: 'court_order',
    note: `Production order 2026/${id}`,
    reviewAt: Date.now() + 30 * DAY,
    reviewOverdue: false,
    createdBy: 4,
    createdAt: Date.now() - DAY,
    liftedBy: null,
    liftedAt: null,
    liftReason: null,
    ...extra,
  };
}

function holdsApi(items: LegalHold[], more: Record<string, (call: RecordedCall) => Response> = {}) {
  return stubApi({
    'GET /backoffice/api/retention/holds': () =>
      ok({ items, nextCursor: null, total: items.length, totalCapped: false } satisfies LegalHoldsResult),
    ...more,
  });
}

function renderHolds(role: StaffRole, path = '/backoffice/retention/holds') {
  return renderAsStaff(
    staff(role),
    [
      { path: 'retention/holds', Component: LegalHoldsPage },
      { path: 'cases/:userId', element: <p>case page</p> },
    ],
    path,
  );
}

afterEach(cleanup);

describe('LegalHoldsPage', () => {
  it('when holds are listed, then each shows its person, reason and review date, an overdue review marked; filters go to the URL and the API', async () => {
    const api = holdsApi([
      hold(1, { reviewAt: Date.now() - DAY, reviewOverdue: true, reason: 'investigation' }),
      hold(2, { caseRef: 'user:12/level:1' }),
    ]);
    const { user, router } = renderHolds('auditor');

    const table = await screen.findByRole('table', { name: 'Legal holds' });
    const overdue = within(table).getByRole('link', { name: 'Person 11' }).closest('tr');
    expect(overdue?.textContent).toContain('Investigation');
    expect(within(overdue as HTMLElement).getByText('Review overdue')).toBeTruthy();
    const other = within(table).getByRole('link', { name: 'Person 12' }).closest('tr');
    expect(other?.textContent).toContain('Court order');
    expect(other?.textContent).toContain('user:12/level:1');
    expect(other?.textContent).not.toContain('Review overdue');
    expect(screen.getByText('Holds: 2')).toBeTruthy();
    // An auditor reads; only compliance places and lifts.
    expect(screen.queryByRole('button', { name: 'Place a legal hold' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Lift the hold/ })).toBeNull();

    await user.selectOptions(screen.getByLabelText('State'), 'lifted');
    await user.type(screen.getByLabelText('User ID'), '12');
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));
    expect(router.state.location.search).toBe('?state=lifted&userId=12');
    const last = api.callsTo('GET', '/backoffice/api/retention/holds').at(-1);
    expect(last?.query.get('state')).toBe('lifted');
    expect(last?.query.get('userId')).toBe('12');
  });

  it('when compliance places a hold, then the person is found by email (id and state only), and the hold is sent with its reason, note and review date', async () => {
    const api = holdsApi([], {
      'GET /backoffice/api/people/lookup': (call) =>
        call.query.get('q') === 'ana@example.com'
          ? ok({ userId: 41, site: 'EU', closedAt: Date.UTC(2025, 0, 2), erased: false, held: false })
          : fail(62043, 'nobody'),
      'POST /backoffice/api/retention/holds': () => ok(hold(9, { userId: 41 })),
    });
    const { user } = renderHolds('senior_reviewer');

    await user.click(await screen.findByRole('button', { name: 'Place a legal hold' }));
    const dialog = screen.getByRole('dialog', { name: 'Place a legal hold' });
    await user.type(within(dialog).getByLabelText(/^Person/), 'nobody@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Find' }));
    expect(await within(dialog).findByText('No person has this email or user ID.')).toBeTruthy();

    await user.clear(within(dialog).getByLabelText(/^Person/));
    await user.type(within(dialog).getByLabelText(/^Person/), 'ana@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Find' }));
    expect(
      await within(dialog).findByText(/Person 41 · European Union \(EU\) · account closed on Jan 2, 2025/),
    ).toBeTruthy();
    await user.selectOptions(within(dialog).getByLabelText('Reason'), 'suspicious_activity_report');
    await user.type(within(dialog).getByLabelText(/^Note/), 'SAR 2026-114 filed with the FIU');
    await user.click(within(dialog).getByRole('button', { name: 'Place the hold' }));

    expect(await screen.findByText('Person 41 is now on legal hold.')).toBeTruthy();
    const body = api.callsTo('POST', '/backoffice/api/retention/holds')[0]?.body as Record<string, unknown>;
    expect(body).toMatchObject({
      userId: 41,
      reason: 'suspicious_activity_report',
      note: 'SAR 2026-114 filed with the FIU',
    });
    expect(body.reviewAt).toBeGreaterThan(Date.now() + 89 * DAY);
    expect(body.reviewAt).toBeLessThan(Date.now() + 92 * DAY);
    expect(api.callsTo('GET', '/backoffice/api/retention/holds')).toHaveLength(2);
  });

  it('when a review date is refused (62008), then the date field says why', async () => {
    holdsApi([], {
      'GET /backoffice/api/people/lookup': () =>
        ok({ userId: 41, site: 'EU', closedAt: null, erased: false, held: false }),
      'POST /backoffice/api/retention/holds': () => fail(62008, 'review date'),
    });
    const { user } = renderHolds('admin');

    await user.click(await screen.findByRole('button', { name: 'Place a legal hold' }));
    const dialog = screen.getByRole('dialog');
    await user.type(within(dialog).getByLabelText(/^Person/), '41');
    await user.click(within(dialog).getByRole('button', { name: 'Find' }));
    await within(dialog).findByText(/account open/);
    await user.type(within(dialog).getByLabelText(/^Note/), 'Investigation 7');
    await user.click(within(dialog).getByRole('button', { name: 'Place the hold' }));
    expect(
      await within(dialog).findByText('Choose a review date in the future and within two years.'),
    ).toBeTruthy();
  });

  it('when compliance lifts a hold, then a reason is asked and sent; lifted meanwhile (62006) is explained and the list read again', async () => {
    let answer = ok(hold(1, { liftedAt: Date.now(), liftedBy: 4, liftReason: 'Order discharged' }));
    const api = holdsApi([hold(1)], { 'POST /backoffice/api/retention/holds/1/lift': () => answer });
    const { user } = renderHolds('admin');

    await user.click(await screen.findByRole('button', { name: 'Lift the hold on person 11' }));
    let dialog = screen.getByRole('dialog', { name: 'Lift the hold on person 11' });
    await user.click(within(dialog).getByRole('button', { name: 'Lift the hold' }));
    expect(within(dialog).getByText('Write a reason of at least 3 characters.')).toBeTruthy();
    await user.type(within(dialog).getByLabelText('Why is the hold lifted?'), 'Order discharged');
    await user.click(within(dialog).getByRole('button', { name: 'Lift the hold' }));
    expect(await screen.findByText('The hold on person 11 was lifted.')).toBeTruthy();
    expect(api.callsTo('POST', '/backoffice/api/retention/holds/1/lift')[0]?.body).toEqual({
      reason: 'Order discharged',
    });

    answer = fail(62006, 'lifted');
    await user.click(await screen.findByRole('button', { name: 'Lift the hold on person 11' }));
    dialog = screen.getByRole('dialog');
    await user.type(within(dialog).getByLabelText('Why is the hold lifted?'), 'Again');
    await user.click(within(dialog).getByRole('button', { name: 'Lift the hold' }));
    expect(await screen.findByText(/already lifted by someone else/)).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

// @vitest-environment jsdom
import { act, cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ScreeningAlert, StaffMe } from '@kyc/contracts';
import { fail, ok, stubApi, type RecordedCall } from '../../../test/api-stub.ts';
import { renderAsStaff } from '../../../test/render.tsx';
import { nth } from '../../../test/nth.ts';
import { ScreeningAlertsPage } from './screening-alerts-page.tsx';

const reviewer: StaffMe = { id: 2, email: 'rita@kyc.example', display_name: 'Rita', role: 'reviewer' };
const HOUR = 3_600_000;

function alert(hitId: number, extra: Partial<ScreeningAlert> = {}): ScreeningAlert {
  const raisedAt = Date.now() - 3 * HOUR;
  return {
    hitId,
    userId: 40 + hitId,
    email: `person${hitId}@example.com`,
    list: 'ofac-sdn.xml',
    listEntryId: '91001',
    matchedName: 'Oleg Tarasovich VELMOROV',
    category: 'sanctions',
    score: 0.97,
    state: 'open',
    raisedAt,
    dueAt: raisedAt + 24 * HOUR,
    breached: false,
    assignee: null,
    entryRemovedAt: null,
    closed: false,
    ...extra,
  };
}

function alertsApi(
  pages: ScreeningAlert[][],
  assign: (call: RecordedCall) => Response = () => ok({ assignee: null }),
) {
  const queries: URLSearchParams[] = [];
  const api = stubApi({
    'GET /backoffice/api/screening/alerts': (call) => {
      queries.push(call.query);
      const cursor = call.query.get('cursor');
      const page = cursor ? Number(cursor.slice(1)) : 0;
      return ok({
        items: pages[page] ?? [],
        total: pages.flat().length,
        totalCapped: false,
        nextCursor: page + 1 < pages.length ? `p${page + 1}` : null,
      });
    },
    'POST /backoffice/api/screening/hits/1/assignee': assign,
  });
  return { api, queries };
}

function renderAlerts(path = '/backoffice/screening-alerts') {
  return renderAsStaff(
    reviewer,
    [
      { path: 'screening-alerts', Component: ScreeningAlertsPage },
      { path: 'cases/:userId', element: <p>case page</p> },
    ],
    path,
  );
}

afterEach(cleanup);

describe('ScreeningAlertsPage', () => {
  it('when alerts wait, then each row shows list, score, age, state, deadline and assignee, and links to the case', async () => {
    alertsApi([
      [
        alert(1),
        alert(2, {
          state: 'pending_confirmation',
          category: 'pep',
          list: 'operator.csv',
          breached: true,
          assignee: { staffId: 9, name: 'Sam', at: Date.now() },
        }),
      ],
    ]);
    renderAlerts();

    const link = await screen.findByRole('link', { name: 'person1@example.com' });
    expect(link.getAttribute('href')).toBe('/backoffice/cases/41');
    const rows = screen.getAllByRole('row').slice(1);
    expect(within(nth(rows, 0)).getByText('0.97')).toBeTruthy();
    expect(within(nth(rows, 0)).getByText('3 h')).toBeTruthy();
    expect(within(nth(rows, 0)).getByText('Open')).toBeTruthy();
    expect(within(nth(rows, 0)).getByText('Nobody')).toBeTruthy();
    expect(within(nth(rows, 0)).getByRole('button', { name: 'Assign to me' })).toBeTruthy();
    expect(within(nth(rows, 1)).getByText('False positive, waiting for a second reviewer')).toBeTruthy();
    expect(within(nth(rows, 1)).getByText('Past due')).toBeTruthy();
    expect(within(nth(rows, 1)).getByText(/Politically exposed person/)).toBeTruthy();
    // Someone else's alert: a reviewer (not a lead) is offered no take-over.
    expect(within(nth(rows, 1)).getByText(/Sam/)).toBeTruthy();
    expect(within(nth(rows, 1)).queryByRole('button', { name: 'Assign to me' })).toBeNull();
    expect(screen.getByText('Alerts: 2')).toBeTruthy();
  });

  it('when the filters are in the URL, then they go to the API, and the next page is asked for by cursor', async () => {
    const { queries } = alertsApi([[alert(1)], [alert(3)]]);
    renderAlerts('/backoffice/screening-alerts?state=open&list=ofac-sdn.xml&category=sanctions&assignee=me');

    await screen.findByRole('link', { name: 'person1@example.com' });
    expect(nth(queries, 0).get('assignee')).toBe('me');
    expect((screen.getByLabelText('Assigned to') as HTMLSelectElement).value).toBe('me');
    expect(nth(queries, 0).get('state')).toBe('open');
    expect(nth(queries, 0).get('list')).toBe('ofac-sdn.xml');
    expect(nth(queries, 0).get('category')).toBe('sanctions');
    expect(nth(queries, 0).get('cursor')).toBeNull();

    await act(async () => screen.getByRole('link', { name: /Next/ }).click());

    await screen.findByRole('link', { name: 'person3@example.com' });
    expect(nth(queries, 1).get('cursor')).toBe('p1');
    expect(nth(queries, 1).get('state')).toBe('open');
    expect(nth(queries, 1).get('assignee')).toBe('me');
  });

  it("when an alert's list entry is no longer on its list, then the row says since when", async () => {
    alertsApi([[alert(1, { entryRemovedAt: Date.UTC(2026, 10, 20, 9, 30) })]]);
    renderAlerts();

    await screen.findByRole('link', { name: 'person1@example.com' });
    const row = nth(screen.getAllByRole('row').slice(1), 0);
    expect(within(row).getByText(/^No longer on the list since .*2026/)).toBeTruthy();
  });

  it('when "Assign to me" is pressed, then it is sent over the assignee shown and the list is read again; a refusal is translated', async () => {
    const sent: unknown[] = [];
    let refuse = false;
    const { queries } = alertsApi([[alert(1)]], (call) => {
      sent.push(call.body);
      return refuse ? fail(61010, 'changed', 409) : ok({ assignee: { staffId: 2, name: 'Rita', at: 1 } });
    });
    renderAlerts();
    const button = await screen.findByRole('button', { name: 'Assign to me' });

    await act(async () => button.click());

    expect(sent).toEqual([{ expectedStaffId: null }]);
    await screen.findByRole('button', { name: 'Assign to me' });
    expect(queries.length).toBe(2);
    refuse = true;
    await act(async () => screen.getByRole('button', { name: 'Assign to me' }).click());
    expect(
      await screen.findByText(
        "The alert's assignment changed in the meantime. Reload the alerts and try again.",
      ),
    ).toBeTruthy();
  });
});

// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { StaffMe } from '@kyc/contracts';
import { fail, ok, stubApi, type RecordedCall } from '../../../test/api-stub.ts';
import { renderAsStaff } from '../../../test/render.tsx';
import { VerificationQueuePage } from './verification-queue-page.tsx';
import { nth } from '../../../test/nth.ts';

const reviewer: StaffMe = { id: 2, email: 'rita@kyc.example', display_name: 'Rita', role: 'reviewer' };
const HOUR = 3_600_000;

function item(userId: number, firstName: string, waitedMs: number, extra: Record<string, unknown> = {}) {
  return {
    userId,
    email: `${firstName.toLowerCase()}@example.com`,
    site: 'GLOBAL',
    level: 1,
    country: 'DE',
    firstName,
    lastName: 'Lima',
    pendingSince: Date.now() - waitedMs,
    submissionId: userId * 10,
    kind: 'level',
    finalProposed: false,
    assignee: null,
    dueAt: Date.now() - waitedMs + 48 * HOUR,
    breached: waitedMs > 48 * HOUR,
    closed: false,
    ...extra,
  };
}

/** The queue API: answers `items` and records each query string. */
function queueApi(items: unknown[], total = items.length) {
  const queries: URLSearchParams[] = [];
  const api = stubApi({
    'GET /backoffice/api/queue': (call: RecordedCall) => {
      queries.push(call.query);
      // Cursor paging (issue 17): the cursor after page N is "pN"; three pages in all.
      const cursor = queries.at(-1)?.get('cursor');
      const page = cursor ? Number(cursor.slice(1)) + 1 : 1;
      return ok({ items, total, totalCapped: false, nextCursor: total > page * 20 ? `p${page}` : null });
    },
  });
  return { api, queries };
}

function renderQueue(path = '/backoffice/verification-queue') {
  return renderAsStaff(
    reviewer,
    [
      { path: 'verification-queue', Component: VerificationQueuePage },
      { path: 'cases/:userId', element: <p>case page</p> },
    ],
    path,
  );
}

afterEach(cleanup);

describe('VerificationQueuePage', () => {
  it('when items wait, then each row shows person, kind and waiting time, and links to the case', async () => {
    queueApi([
      item(41, 'Ana', 3 * HOUR + 5 * 60_000),
      item(42, 'Bo', 2 * 24 * HOUR + HOUR, { submissionId: 9, kind: 'update_id', level: 1, site: 'EU' }),
    ]);
    renderQueue();

    const link = await screen.findByRole('link', { name: 'Ana Lima' });
    expect(link.getAttribute('href')).toBe('/backoffice/cases/41');
    const rows = screen.getAllByRole('row').slice(1);
    expect(within(nth(rows, 0)).getByText('3 h')).toBeTruthy();
    expect(within(nth(rows, 0)).getByText('Level verification')).toBeTruthy();
    expect(within(nth(rows, 1)).getByText('2 d')).toBeTruthy();
    expect(within(nth(rows, 1)).getByText('ID update')).toBeTruthy();
    expect(within(nth(rows, 1)).getByText('EU')).toBeTruthy();
    expect(screen.getByText('2 submissions waiting')).toBeTruthy();
    // Issue 17: the first is within its service level, the second (2 days) past it; nobody holds them.
    expect(within(nth(rows, 0)).queryByText('Past due')).toBeNull();
    expect(within(nth(rows, 1)).getByText('Past due')).toBeTruthy();
    expect(within(nth(rows, 0)).getByText('Nobody')).toBeTruthy();
  });

  it('when a person’s account is closed, then the row shows "Closed account #id" linking to the case, and no name or email', async () => {
    // The server leaves a closed person's personal data out of the list (issue 20, D86).
    queueApi([item(41, 'Ana', HOUR), item(43, '', HOUR, { lastName: '', email: '', closed: true })]);
    renderQueue();

    const marker = await screen.findByRole('link', { name: 'Closed account #43' });
    expect(marker.getAttribute('href')).toBe('/backoffice/cases/43');
    expect(within(marker).getByTitle(/This account is closed/)).toBeTruthy();
    const closedRow = nth(screen.getAllByRole('row').slice(1), 1);
    expect(within(closedRow).queryByText('(no name yet)')).toBeNull();
    expect(within(closedRow).getByText('—')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Ana Lima' })).toBeTruthy();
  });

  it('when a case is held and the list is capped, then the assignee shows and the total says "more than"', async () => {
    const { queries } = queueApi([
      item(41, 'Ana', HOUR, {
        assignee: { staffId: 2, name: 'Rita', expiresAt: Date.now() + HOUR, version: 1 },
      }),
    ]);
    stubApi({
      'GET /backoffice/api/queue': (call: RecordedCall) => {
        queries.push(call.query);
        return ok({
          items: [
            item(41, 'Ana', HOUR, {
              assignee: { staffId: 2, name: 'Rita', expiresAt: Date.now() + HOUR, version: 1 },
            }),
          ],
          total: 10_000,
          totalCapped: true,
          nextCursor: 'p1',
        });
      },
    });
    const { user, router } = renderQueue();
    expect(await screen.findByText('Rita')).toBeTruthy();
    expect(screen.getByText(/More than 10000 match/)).toBeTruthy();

    await user.click(screen.getByRole('link', { name: 'My cases' }));
    await waitFor(() => expect(router.state.location.search).toBe('?assignedTo=me'));
    await waitFor(() => expect(queries.at(-1)?.get('assignedTo')).toBe('me'));
  });

  it('when the URL holds filters, then the API is asked with them and the form shows them', async () => {
    const { queries } = queueApi([]);
    renderQueue(
      '/backoffice/verification-queue?level=2&country=FR&site=EU&kind=vendor&minAgeHours=24&cursor=p2',
    );

    expect(await screen.findByText('Nothing waiting matches these filters.')).toBeTruthy();
    const q = nth(queries, 0);
    expect(Object.fromEntries(q)).toEqual({
      level: '2',
      country: 'FR',
      site: 'EU',
      kind: 'vendor',
      minAgeHours: '24',
      cursor: 'p2',
      limit: '20',
    });
    expect((screen.getByLabelText('Level') as HTMLSelectElement).value).toBe('2');
    expect((screen.getByLabelText(/^Country/) as HTMLInputElement).value).toBe('FR');
    expect((screen.getByLabelText('Kind') as HTMLSelectElement).value).toBe('vendor');
  });

  it('when filters are applied, then they go into the query string, and Back restores the previous ones', async () => {
    const { queries } = queueApi([item(41, 'Ana', HOUR)]);
    const { user, router } = renderQueue('/backoffice/verification-queue?level=1');
    await screen.findByRole('link', { name: 'Ana Lima' });

    await user.selectOptions(screen.getByLabelText('Level'), '2');
    await user.type(screen.getByLabelText(/^Country/), 'de');
    await user.selectOptions(screen.getByLabelText('Site'), 'HKG');
    await user.selectOptions(screen.getByLabelText('Kind'), 'reverification');
    await user.type(screen.getByLabelText(/^Waiting at least/), '48');
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));

    await screen.findByRole('link', { name: 'Ana Lima' });
    expect(router.state.location.search).toBe(
      '?level=2&country=DE&site=HKG&kind=reverification&minAgeHours=48',
    );
    expect(queries.at(-1)?.get('country')).toBe('DE');
    expect(queries.at(-1)?.get('cursor')).toBeNull();

    await router.navigate(-1);
    expect(router.state.location.search).toBe('?level=1');
    await waitFor(() => expect((screen.getByLabelText('Level') as HTMLSelectElement).value).toBe('1'));
    // The page of the restored filters is loaded again (asynchronously, after the form is restored).
    await waitFor(() => expect(queries.at(-1)?.get('level')).toBe('1'));
    expect(queries.at(-1)?.get('country')).toBeNull();
    expect((screen.getByLabelText(/^Country/) as HTMLInputElement).value).toBe('');
  });

  it('when a filter value is invalid, then the field says so and the URL stays as it was', async () => {
    const { queries } = queueApi([]);
    const { user, router } = renderQueue();
    await screen.findByText('Nothing is waiting for review.');

    await user.type(screen.getByLabelText(/^Country/), 'D1');
    await user.type(screen.getByLabelText(/^Waiting at least/), '-3');
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));

    expect(screen.getByText(/Enter a two-letter country code/)).toBeTruthy();
    expect(screen.getByText(/Enter a whole number of hours/)).toBeTruthy();
    expect(router.state.location.search).toBe('');
    expect(queries).toHaveLength(1);
  });

  it('when there are more pages, then Next page links to the next one with the same filters', async () => {
    const { queries } = queueApi([item(41, 'Ana', HOUR)], 45);
    const { user, router } = renderQueue('/backoffice/verification-queue?site=EU');
    await screen.findByText('Page 1');

    await user.click(screen.getByRole('link', { name: 'Next page' }));

    await screen.findByText('Page 2');
    expect(router.state.location.search).toBe('?site=EU&cursor=p1');
    expect(queries.at(-1)?.get('cursor')).toBe('p1');
    await user.click(screen.getByRole('link', { name: 'Next page' }));
    await screen.findByText('Page 3');
    expect(screen.queryByRole('link', { name: 'Next page' })).toBeNull();

    // Previous goes back through the cursors seen, to the first page (no cursor).
    await user.click(screen.getByRole('link', { name: 'Previous page' }));
    await screen.findByText('Page 2');
    expect(router.state.location.search).toBe('?site=EU&cursor=p1');
    await user.click(screen.getByRole('link', { name: 'Previous page' }));
    await screen.findByText('Page 1');
    expect(router.state.location.search).toBe('?site=EU');
    expect(screen.queryByRole('link', { name: 'Previous page' })).toBeNull();
  });

  it('when the API fails, then the error is translated and Try again asks again', async () => {
    let calls = 0;
    stubApi({
      'GET /backoffice/api/queue': () => {
        calls += 1;
        return calls === 1
          ? fail(10018, 'db down', 503)
          : ok({ items: [], total: 0, totalCapped: false, nextCursor: null });
      },
    });
    const { user } = renderQueue();

    expect(
      await screen.findByText('Something went wrong on the server. Try again in a moment.'),
    ).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Nothing is waiting for review.')).toBeTruthy();
  });
});

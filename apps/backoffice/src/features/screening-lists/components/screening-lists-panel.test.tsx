// @vitest-environment jsdom
import { act, cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ScreeningListStatus, StaffMe } from '@kyc/contracts';
import { fail, ok, stubApi } from '../../../test/api-stub.ts';
import { renderAsStaff } from '../../../test/render.tsx';
import { ScreeningListsPanel } from './screening-lists-panel.tsx';

const admin: StaffMe = { id: 1, email: 'ada@kyc.example', display_name: 'Ada', role: 'admin' };
const reviewer: StaffMe = { id: 2, email: 'rita@kyc.example', display_name: 'Rita', role: 'reviewer' };

function list(extra: Partial<ScreeningListStatus> = {}): ScreeningListStatus {
  return {
    name: 'sdn.xml',
    format: 'ofac-sdn',
    source: 'https://sanctionslist.example/sdn.xml',
    published: '2026-04-15',
    entries: 18234,
    lastRefreshAt: Date.UTC(2026, 10, 28, 9, 0),
    lastChangeAt: Date.UTC(2026, 10, 27, 9, 0),
    lastError: null,
    delta: { changed: 3, removed: 1, screened: 1200, hits: 2, done: true, state: 'done' },
    ...extra,
  };
}

const render = (staff: StaffMe) =>
  renderAsStaff(staff, [{ path: 'lists', Component: ScreeningListsPanel }], '/backoffice/lists');

afterEach(cleanup);

describe('ScreeningListsPanel', () => {
  it('when lists are configured, then each shows its format, entries, refresh, change, status and last delta', async () => {
    stubApi({
      'GET /backoffice/api/screening/lists': () =>
        ok({
          lists: [
            list(),
            list({ name: 'uk.xml', lastError: 'download failed: HTTP 500', delta: null }),
            list({
              name: 'eu.xml',
              delta: { changed: 5, removed: 0, screened: 300, hits: 1, done: false, state: 'abandoned' },
            }),
          ],
        }),
    });
    render(reviewer);

    const table = await screen.findByRole('table', { name: 'Screening lists' });
    const rows = within(table).getAllByRole('row');
    expect(rows[1]?.textContent).toContain('sdn.xml');
    expect(rows[1]?.textContent).toContain('ofac-sdn');
    expect(rows[1]?.textContent).toContain('18,234');
    expect(rows[1]?.textContent).toContain('Up to date');
    expect(rows[1]?.textContent).toContain(
      '3 entries added or changed, 1 removed: 1200 people re-screened, 2 hits',
    );
    expect(rows[2]?.textContent).toContain(
      'Last refresh failed; the last good copy is in use: download failed: HTTP 500',
    );
    // A delta ended when its list left the configuration (D111) says so, never "re-screening".
    expect(rows[3]?.textContent).toContain(
      '5 entries added or changed, 0 removed: re-screening stopped after 300 people, 1 hits, because the list was removed from the configuration',
    );
    // A reviewer reads; only admins refresh.
    expect(screen.queryByRole('button', { name: 'Refresh all lists now' })).toBeNull();
  });

  it('when an admin refreshes, then the lists are posted for and shown as answered', async () => {
    const api = stubApi({
      'GET /backoffice/api/screening/lists': () => ok({ lists: [list({ entries: 10 })] }),
      'POST /backoffice/api/screening/refresh': () => ok({ lists: [list({ entries: 11 })] }),
    });
    render(admin);
    const button = await screen.findByRole('button', { name: 'Refresh all lists now' });

    await act(async () => button.click());

    expect(api.callsTo('POST', '/backoffice/api/screening/refresh')).toHaveLength(1);
    expect(await screen.findByText('The lists were refreshed.')).toBeTruthy();
    expect(screen.getByRole('table', { name: 'Screening lists' })?.textContent).toContain('11');
  });

  it('when the refresh is refused, then the reason shows and the lists stay', async () => {
    stubApi({
      'GET /backoffice/api/screening/lists': () => ok({ lists: [list()] }),
      'POST /backoffice/api/screening/refresh': () => fail(61030, 'no list', 409),
    });
    render(admin);
    const button = await screen.findByRole('button', { name: 'Refresh all lists now' });

    await act(async () => button.click());

    expect((await screen.findByRole('alert'))?.textContent).toContain(
      'No screening list is configured, so there is nothing to refresh.',
    );
    expect(screen.getByRole('table', { name: 'Screening lists' })?.textContent).toContain('sdn.xml');
  });
});

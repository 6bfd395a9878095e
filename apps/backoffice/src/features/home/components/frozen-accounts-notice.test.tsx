// @vitest-environment jsdom
import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { StaffMe } from '@kyc/contracts';
import { fail, ok, stubApi } from '../../../test/api-stub.ts';
import { renderAsStaff } from '../../../test/render.tsx';
import { HomePage } from './home-page.tsx';

const reviewer: StaffMe = { id: 2, email: 'riley@kyc.example', display_name: 'Riley', role: 'reviewer' };

const page = (total: number, totalCapped = false) => ({ items: [], nextCursor: null, total, totalCapped });
const render = () => renderAsStaff(reviewer, [{ path: 'home', Component: HomePage }], '/backoffice/home');

afterEach(cleanup);

describe('the frozen accounts notice on the home page (D111)', () => {
  it('when true matches have frozen accounts, then the home page says how many and links to them in the alerts queue', async () => {
    const api = stubApi({ 'GET /backoffice/api/screening/alerts': () => ok(page(3)) });
    render();

    const notice = await screen.findByText(/Accounts frozen by a true screening match: 3\./);
    expect(notice.textContent).toContain('a suspicious-activity report for each one');
    const link = screen.getByRole('link', { name: 'Show the frozen accounts' });
    expect(link.getAttribute('href')).toBe('/backoffice/screening-alerts?state=true_match');
    const [call] = api.callsTo('GET', '/backoffice/api/screening/alerts');
    expect(call?.query.get('state')).toBe('true_match');
    expect(call?.query.get('limit')).toBe('1'); // the capped count only, never the rows
  });

  it('when the count is capped, then the notice says more than the cap', async () => {
    stubApi({ 'GET /backoffice/api/screening/alerts': () => ok(page(1000, true)) });
    render();

    expect(await screen.findByText(/true screening match: more than 1000\./)).toBeTruthy();
  });

  it('when no account is frozen, or the count cannot be read, then there is no notice', async () => {
    const api = stubApi({ 'GET /backoffice/api/screening/alerts': () => ok(page(0)) });
    render();
    await waitFor(() => expect(api.callsTo('GET', '/backoffice/api/screening/alerts')).toHaveLength(1));
    await screen.findByText('Welcome, Riley');
    expect(screen.queryByRole('link', { name: 'Show the frozen accounts' })).toBeNull();
    cleanup();

    const failing = stubApi({ 'GET /backoffice/api/screening/alerts': () => fail(10005, 'forbidden', 403) });
    render();
    await waitFor(() => expect(failing.callsTo('GET', '/backoffice/api/screening/alerts')).toHaveLength(1));
    expect(screen.queryByText(/Accounts frozen/)).toBeNull();
  });
});

// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DashboardFigures, StaffMe } from '@kyc/contracts';
import { fail, ok, stubApi, type RecordedCall } from '../../../test/api-stub.ts';
import { renderAsStaff } from '../../../test/render.tsx';
import { HomePage } from './home-page.tsx';

// The charts (Recharts, a chunk of its own) measure the page; jsdom has no layout, so they are drawn as
// their label only. The tables beside them are what these tests read.
vi.mock('./dashboard-charts.tsx', () => ({
  FigureBarChart: ({ label }: { label: string }) => <div role="img" aria-label={label} />,
}));

const reviewer: StaffMe = { id: 2, email: 'riley@kyc.example', display_name: 'Riley', role: 'reviewer' };
const senior: StaffMe = { id: 4, email: 'sam@kyc.example', display_name: 'Sam', role: 'senior_reviewer' };

const HOUR = 3_600_000;

function figures(team: boolean): DashboardFigures {
  const zero = { under_1d: 0, from_1d_to_3d: 0, from_3d_to_7d: 0, over_7d: 0 };
  return {
    period: { from: '2026-11-01', to: '2026-11-03', days: 3 },
    generatedAt: Date.UTC(2026, 10, 3, 12),
    backlog: [
      { kind: 'level_1', bands: { ...zero, under_1d: 4, over_7d: 2 }, total: 6, overdue: 2 },
      { kind: 'questionnaire', bands: zero, total: 0, overdue: 0 },
    ],
    decisionsPerDay: [
      { day: '2026-11-01', approved: 3, rejected: 1 },
      { day: '2026-11-02', approved: 0, rejected: 0 },
      { day: '2026-11-03', approved: 5, rejected: 2 },
    ],
    outcomes: { decided: 11, approved: 8, rejected: 3, approvalRate: 8 / 11, rejectionRate: 3 / 11 },
    rejectReasons: [{ reasonCode: 'BLURRY', count: 3, share: 1 }],
    timeToDecision: { decided: 11, medianMs: 12 * HOUR, p90Ms: 69 * HOUR },
    breaches: [{ kind: 'level_1', hours: 48, decidedInTime: 10, decidedLate: 1, overdueNow: 2 }],
    reviewerThroughput: team
      ? [{ staffId: 2, name: 'Riley Reviewer', approved: 8, rejected: 3, total: 11 }]
      : null,
  };
}

function dashboardApi(team: boolean) {
  const queries: URLSearchParams[] = [];
  stubApi({
    'GET /backoffice/api/dashboard': (call: RecordedCall) => {
      queries.push(call.query);
      return ok(figures(team));
    },
  });
  return queries;
}

const renderHome = (staff: StaffMe, path = '/backoffice/') =>
  renderAsStaff(staff, [{ index: true, Component: HomePage }], path);

afterEach(cleanup);

describe('the dashboard on the home page', () => {
  it('when the figures load, then each figure has its chart, its table and its CSV link', async () => {
    dashboardApi(false);
    renderHome(reviewer);

    const backlog = await screen.findByRole('table', { name: 'Backlog now, by kind and age' });
    const level1 = within(backlog).getByRole('row', { name: /Level 1/ });
    expect(
      within(level1)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Level 1', '4', '0', '0', '2', '6', '2']);
    expect(await screen.findByRole('img', { name: /Chart: Decisions per day/ })).toBeTruthy();
    const perDay = screen.getByRole('table', { name: 'Decisions per day' });
    expect(within(perDay).getAllByRole('row')).toHaveLength(4);
    expect(screen.getByText('72.7%')).toBeTruthy();
    expect(screen.getByText('12 hr')).toBeTruthy();
    expect(screen.getByText('69 hr')).toBeTruthy();
    const csv = screen.getByRole('link', { name: 'Download CSV: Top reject reasons' });
    expect(csv.getAttribute('href')).toBe(
      '/backoffice/api/dashboard/export?from=2026-11-01&to=2026-11-03&figure=reject_reasons',
    );
    expect(csv.hasAttribute('download')).toBe(true);
  });

  it('when a reviewer reads the figures, then there is no team throughput; a senior sees it', async () => {
    dashboardApi(false);
    renderHome(reviewer);
    await screen.findByRole('table', { name: 'Deadline breaches' });
    expect(screen.queryByRole('heading', { name: 'Reviewer throughput' })).toBeNull();
    cleanup();

    dashboardApi(true);
    renderHome(senior);
    const table = await screen.findByRole('table', { name: 'Reviewer throughput' });
    expect(within(table).getByText('Riley Reviewer')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Download CSV: Reviewer throughput' })).toBeTruthy();
  });

  it('when a period is chosen, then the figures are read for it and the URL keeps it', async () => {
    const queries = dashboardApi(false);
    const { user, router } = renderHome(reviewer);
    const from = await screen.findByLabelText('From (UTC day)');
    await user.clear(from);
    await user.type(from, '2026-10-01');
    await user.click(screen.getByRole('button', { name: 'Show figures' }));
    await waitFor(() => expect(queries.at(-1)?.get('from')).toBe('2026-10-01'));
    expect(queries.at(-1)?.get('to')).toBe('2026-11-03');
    expect(router.state.location.search).toBe('?from=2026-10-01&to=2026-11-03');

    await user.click(screen.getByRole('button', { name: 'Last 7 days' }));
    await waitFor(() => expect(queries).toHaveLength(3));
    const last = queries.at(-1);
    const days = (Date.parse(String(last?.get('to'))) - Date.parse(String(last?.get('from')))) / 86_400_000;
    expect(days).toBe(6);
  });

  it('when the period is refused, then the reason is shown with Try again and the period form', async () => {
    stubApi({ 'GET /backoffice/api/dashboard': () => fail(55032) });
    renderHome(reviewer, '/backoffice/?from=2024-01-01&to=2026-01-01');
    expect(await screen.findByText('The period may be at most 366 days. Choose a shorter one.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
    expect((screen.getByLabelText('From (UTC day)') as HTMLInputElement).value).toBe('2024-01-01');
  });
});

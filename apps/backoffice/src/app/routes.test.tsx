// @vitest-environment jsdom
import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { StaffMe } from '@kyc/contracts';
import { fail, ok, stubApi, type Handler } from '../test/api-stub.ts';
import { renderRoutes } from '../test/render.tsx';
import { routes } from './routes.tsx';

const reviewer: StaffMe = {
  id: 2,
  email: 'rita@kyc.example',
  display_name: 'Rita Reviewer',
  role: 'reviewer',
};
const auditor: StaffMe = { id: 3, email: 'aziz@kyc.example', display_name: 'Aziz Auditor', role: 'auditor' };

/** A server with one session: /me answers 10007 until /login succeeds. */
function fakeServer(staff: StaffMe, signedIn = false, more: Record<string, Handler> = {}) {
  let session = signedIn;
  const handlers: Record<string, Handler> = {
    ...more,
    'GET /backoffice/api/me': () => (session ? ok(staff) : fail(10007, 'not logged in')),
    'POST /backoffice/api/login': () => {
      session = true;
      return ok(staff);
    },
    'POST /backoffice/api/logout': () => {
      session = false;
      return ok(null);
    },
  };
  return stubApi(handlers);
}

afterEach(cleanup);

describe('route guard', () => {
  it('when /me answers 10007, then it redirects to /login?next=<the page asked for>', async () => {
    const api = fakeServer(auditor);
    const { router } = renderRoutes(routes, '/backoffice/audit-log?from=mail');

    expect(await screen.findByRole('heading', { name: 'Sign in to the compliance console' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/backoffice/login');
    expect(new URLSearchParams(router.state.location.search).get('next')).toBe(
      '/backoffice/audit-log?from=mail',
    );
    expect(api.callsTo('GET', '/backoffice/api/me').length).toBeGreaterThanOrEqual(1);
    expect(screen.queryByRole('navigation')).toBeNull();
  });

  it('when the staff member then signs in, then they land on the page they first asked for', async () => {
    fakeServer(auditor);
    const { user, router } = renderRoutes(routes, '/backoffice/audit-log');

    await user.type(await screen.findByLabelText('Email'), 'aziz@kyc.example');
    await user.type(screen.getByLabelText('Password'), 'correct horse');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Audit log' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/backoffice/audit-log');
    expect(screen.getByText('Aziz Auditor')).toBeTruthy();
  });

  it('when signed in, then Home welcomes the staff member and describes the areas of their role', async () => {
    fakeServer(reviewer, true);
    renderRoutes(routes, '/backoffice/');

    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome, Rita Reviewer' })).toBeTruthy();
    expect(screen.getByText('You are signed in with the role Reviewer.')).toBeTruthy();
    const main = screen.getByRole('main');
    expect(main.textContent).toContain('Identity verifications waiting for a decision');
    expect(main.textContent).not.toContain('append-only record');
    // The title is set by the page's effect, which a loaded runner may run a moment after the heading shows.
    await waitFor(() => expect(document.title).toBe('Home · Compliance console'));
  });

  it('when a role without the area opens it by URL, then the page says there is no access', async () => {
    fakeServer(reviewer, true);
    renderRoutes(routes, '/backoffice/audit-log');

    expect(await screen.findByRole('heading', { level: 1, name: 'No access' })).toBeTruthy();
    expect(screen.queryByText(/audit log arrives/)).toBeNull();
  });

  it('when the verification queue opens, then it lists what the queue API answers', async () => {
    const api = fakeServer(reviewer, true, {
      'GET /backoffice/api/queue': () =>
        ok({
          items: [
            {
              userId: 41,
              email: 'ana@example.com',
              site: 'GLOBAL',
              level: 1,
              country: 'DE',
              firstName: 'Ana',
              lastName: 'Lima',
              pendingSince: Date.now() - 3 * 3_600_000,
              submissionId: 7,
              kind: 'level',
              finalProposed: false,
              assignee: null,
              dueAt: Date.now() + 45 * 3_600_000,
              breached: false,
            },
          ],
          total: 1,
          totalCapped: false,
          nextCursor: null,
        }),
    });
    renderRoutes(routes, '/backoffice/verification-queue');

    expect(await screen.findByRole('heading', { level: 1, name: 'Verification queue' })).toBeTruthy();
    expect((await screen.findByRole('link', { name: 'Ana Lima' })).getAttribute('href')).toBe(
      '/backoffice/cases/41',
    );
    expect(api.callsTo('GET', '/backoffice/api/queue')).toHaveLength(1);
  });

  it('when an auditor opens a case by URL, then the page says there is no access', async () => {
    fakeServer(auditor, true);
    renderRoutes(routes, '/backoffice/cases/41');

    expect(await screen.findByRole('heading', { level: 1, name: 'No access' })).toBeTruthy();
  });

  it('when an auditor opens a questionnaire response by URL, then the page says there is no access', async () => {
    const api = fakeServer(auditor, true);
    renderRoutes(routes, '/backoffice/questionnaires/41/edd');

    expect(await screen.findByRole('heading', { level: 1, name: 'No access' })).toBeTruthy();
    expect(api.callsTo('GET', '/backoffice/api/questionnaires/41/edd')).toHaveLength(0);
  });

  it('when already signed in, then /login goes straight on to ?next=', async () => {
    fakeServer(reviewer, true);
    const { router } = renderRoutes(routes, '/backoffice/login?next=%2Fbackoffice%2Fquestionnaires');

    expect(await screen.findByRole('heading', { level: 1, name: 'Questionnaires' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/backoffice/questionnaires');
  });

  it('when signing out, then the session ends and the sign-in page shows', async () => {
    const api = fakeServer(reviewer, true);
    const { user, router } = renderRoutes(routes, '/backoffice/');

    await user.click(await screen.findByRole('button', { name: 'Sign out' }));

    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/backoffice/login');
    expect(api.callsTo('POST', '/backoffice/api/logout')).toHaveLength(1);
  });

  it('when the server cannot be reached, then an error page offers a retry instead of the sign-in page', async () => {
    stubApi({ 'GET /backoffice/api/me': () => fail(10018, 'database unreachable', 503) });
    const { router } = renderRoutes(routes, '/backoffice/');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'This page could not be loaded.' }),
    ).toBeTruthy();
    expect(screen.getByText('Something went wrong on the server. Try again in a moment.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/backoffice/');
  });

  it('when the path is unknown, then a translated not-found page shows inside the shell', async () => {
    fakeServer(reviewer, true);
    renderRoutes(routes, '/backoffice/no-such-page');

    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Console areas' })).toBeTruthy();
  });
});

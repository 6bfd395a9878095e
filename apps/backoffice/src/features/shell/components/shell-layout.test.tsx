// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import { Outlet } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { StaffMe, StaffRole } from '@kyc/contracts';
import { StaffContext } from '../../../lib/staff-session.tsx';
import { clearCookie, fail, ok, setCookie, stubApi } from '../../../test/api-stub.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { ShellLayout } from './shell-layout.tsx';

function staffAs(role: StaffRole, display_name = 'Sam Staff'): StaffMe {
  return { id: 1, email: 'sam@kyc.example', display_name, role };
}

function renderShell(staff: StaffMe) {
  return renderRoutes(
    [
      {
        path: '/',
        element: (
          <StaffContext.Provider value={staff}>
            <Outlet />
          </StaffContext.Provider>
        ),
        children: [
          {
            Component: ShellLayout,
            children: [
              { index: true, element: <p>home content</p> },
              { path: 'questionnaires', element: <p>questionnaires content</p> },
            ],
          },
        ],
      },
      { path: '/login', element: <p>sign-in page</p> },
    ],
    '/backoffice/',
  );
}

function navLinkNames(): string[] {
  const nav = screen.getByRole('navigation', { name: 'Console areas' });
  return within(nav)
    .getAllByRole('link')
    .map((link) => link.textContent ?? '');
}

afterEach(() => {
  cleanup();
  clearCookie('kyc_staff_csrf');
});

describe('ShellLayout', () => {
  it('when signed in, then the top bar shows the product, the staff member and the translated role', () => {
    stubApi({});
    renderShell(staffAs('senior_reviewer', 'Noor Haddad'));

    const banner = screen.getByRole('banner');
    expect(within(banner).getByText('Compliance console')).toBeTruthy();
    expect(within(banner).getByText('Noor Haddad')).toBeTruthy();
    expect(within(banner).getByText('Senior reviewer')).toBeTruthy();
    expect(within(banner).getByLabelText('Language')).toBeTruthy();
    expect(within(banner).getByRole('button', { name: 'Sign out' })).toBeTruthy();
    expect(screen.getByRole('main').textContent).toContain('home content');
  });

  it.each<[StaffRole, string[]]>([
    [
      'reviewer',
      [
        'Home',
        'Verification queue',
        'Screening alerts',
        'Automatic approvals to review',
        'Identity transfers',
        'Questionnaires',
        'Risk weights',
        'Country risk lists',
        'Service levels',
        'Support inbox',
        'Security',
      ],
    ],
    [
      'senior_reviewer',
      [
        'Home',
        'Verification queue',
        'Screening alerts',
        'Automatic approvals to review',
        'Identity transfers',
        'Questionnaires',
        'Risk weights',
        'Country risk lists',
        'Service levels',
        'Support inbox',
        'Retention policies',
        'Legal holds',
        'Redactions',
        'Security',
      ],
    ],
    ['auditor', ['Home', 'Audit log', 'Retention policies', 'Legal holds', 'Redactions', 'Security']],
    [
      'admin',
      [
        'Home',
        'Verification queue',
        'Screening alerts',
        'Automatic approvals to review',
        'Identity transfers',
        'Questionnaires',
        'Risk weights',
        'Country risk lists',
        'Service levels',
        'Audit log',
        'Quotas',
        'Countries',
        'Partners',
        'Provider routing',
        'Support inbox',
        'Retention policies',
        'Legal holds',
        'Redactions',
        'Staff',
        'Security',
      ],
    ],
  ])('when the role is %s, then the side navigation offers %j', (role, expected) => {
    stubApi({});
    renderShell(staffAs(role));

    expect(navLinkNames()).toEqual(expected);
  });

  it('when a navigation link is followed, then that area shows and its link is marked current', async () => {
    stubApi({});
    const { user } = renderShell(staffAs('reviewer'));

    await user.click(screen.getByRole('link', { name: 'Questionnaires' }));

    expect(screen.getByRole('main').textContent).toContain('questionnaires content');
    expect(screen.getByRole('link', { name: 'Questionnaires' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('link', { name: 'Home' }).getAttribute('aria-current')).toBeNull();
  });

  it('when Sign out is pressed, then it posts /logout with the CSRF header and goes to /login', async () => {
    setCookie('kyc_staff_csrf', 'csrf-of-session');
    const api = stubApi({ 'POST /backoffice/api/logout': () => ok(null) });
    const { user, router } = renderShell(staffAs('admin'));

    await user.click(screen.getByRole('button', { name: 'Sign out' }));

    expect(await screen.findByText('sign-in page')).toBeTruthy();
    const calls = api.callsTo('POST', '/backoffice/api/logout');
    expect(calls).toHaveLength(1);
    expect(calls[0]?.headers.get('X-CSRF-Token')).toBe('csrf-of-session');
    expect(calls[0]?.credentials).toBe('include');
    expect(router.state.location.pathname).toBe('/backoffice/login');
  });

  it('when sign-out fails on the server, then the staff member stays and is told', async () => {
    stubApi({ 'POST /backoffice/api/logout': () => fail(10016, 'internal', 500) });
    const { user, router } = renderShell(staffAs('admin'));

    await user.click(screen.getByRole('button', { name: 'Sign out' }));

    expect((await screen.findByRole('alert')).textContent).toBe('Sign-out did not complete. Try again.');
    expect(router.state.location.pathname).toBe('/backoffice/');
  });

  it('when the menu button is pressed (narrow screens), then it opens and closes the navigation', async () => {
    stubApi({});
    const { user } = renderShell(staffAs('reviewer'));
    const menu = screen.getByRole('button', { name: 'Menu' });
    const nav = screen.getByRole('navigation', { name: 'Console areas' });

    expect(menu.getAttribute('aria-controls')).toBe(nav.id);
    expect(menu.getAttribute('aria-expanded')).toBe('false');
    await user.click(menu);
    expect(menu.getAttribute('aria-expanded')).toBe('true');
    expect(nav.className).toContain('shell-nav--open');
    await user.click(screen.getByRole('link', { name: 'Questionnaires' }));
    expect(menu.getAttribute('aria-expanded')).toBe('false');
  });
});

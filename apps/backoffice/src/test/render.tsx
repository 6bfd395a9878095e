// Renders routes in a memory router under the real basename, with the test translations.
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, Outlet, RouterProvider, type RouteObject } from 'react-router';
import type { StaffMe } from '@kyc/contracts';
import { StaffContext } from '../lib/staff-session.tsx';
import { BASENAME } from '../lib/paths.ts';
import { createTestI18n } from './i18n.ts';

export function renderRoutes(routes: RouteObject[], initialPath: string) {
  const i18n = createTestI18n();
  const router = createMemoryRouter(routes, { basename: BASENAME, initialEntries: [initialPath] });
  const user = userEvent.setup();
  const view = render(
    <I18nextProvider i18n={i18n}>
      <RouterProvider router={router} />
    </I18nextProvider>,
  );
  return { ...view, router, user, i18n };
}

/**
 * Renders screens as a signed-in staff member (what RequireStaff provides in the app), each route
 * object given as in the app's table, under the basename.
 */
export function renderAsStaff(staff: StaffMe, children: RouteObject[], initialPath: string) {
  return renderRoutes(
    [
      {
        path: '/',
        element: (
          <StaffContext.Provider value={staff}>
            <Outlet />
          </StaffContext.Provider>
        ),
        children,
      },
    ],
    initialPath,
  );
}

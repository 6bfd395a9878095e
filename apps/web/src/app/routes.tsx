import { Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { SCREENS, type ScreenPath } from '@kyc/contracts';
import { retryableLazy } from '../lib/lazy/retryable-lazy';
import { Navigate, useRoutes, type RouteObject } from '../lib/router';
import { PageSpinner } from '../ui/spinner';
import { AppShell } from './app-shell';
import { DetectedLanguageRedirect, LanguageRoute } from './language-route';
import { NotFound } from './not-found';
import { SCREEN_MODULES } from './screen-modules';
import { StartUpGate } from './start-up-gate';

/**
 * One React.lazy component per screen: each screen is its own chunk, loaded on first visit; a chunk
 * that fails to load is asked again by the Retry of the screen's error boundary (app-shell.tsx).
 */
const LAZY_SCREENS = Object.fromEntries(
  (Object.keys(SCREEN_MODULES) as ScreenPath[]).map((path) => [path, retryableLazy(SCREEN_MODULES[path])]),
) as Record<ScreenPath, LazyExoticComponent<ComponentType>>;

/** The element of a screen route: its lazy chunk, with a spinner while the chunk loads. */
export function screenElement(path: ScreenPath) {
  const Screen = LAZY_SCREENS[path];
  return (
    <Suspense fallback={<PageSpinner />}>
      <Screen />
    </Suspense>
  );
}

/**
 * The route table (spec §2), relative to the basename /user/accounts:
 *   /                      → /{detected}/auth/personal
 *   /:lang                 → /:lang/auth/personal
 *   /:lang/auth            → personal screen (index), inside the start-up wrapper (profile, or the
 *                            SDK token info in SDK mode)
 *   /:lang/auth/{screen}   → every screen of SCREENS, each its own lazily loaded chunk
 *   anything else          → a not-found page
 */
export function createRoutes(): RouteObject[] {
  return [
    {
      element: <AppShell />,
      children: [
        { index: true, element: <DetectedLanguageRedirect /> },
        {
          path: ':lang',
          element: <LanguageRoute />,
          children: [
            { index: true, element: <Navigate replace to="auth/personal" /> },
            {
              path: 'auth',
              element: <StartUpGate />,
              children: [
                { index: true, element: screenElement('personal') },
                ...SCREENS.map((screen): RouteObject => ({
                  path: screen.path,
                  element: screenElement(screen.path),
                })),
                { path: '*', element: <NotFound /> },
              ],
            },
            { path: '*', element: <NotFound /> },
          ],
        },
      ],
    },
  ];
}

const ROUTES = createRoutes();

/**
 * The app's routes in declarative mode (inside lib/router's <BrowserRouter>): no data-router APIs, and
 * no React Router at all, which keeps the first load under budget (docs/decisions.md D16, D21).
 */
export function AppRoutes() {
  return useRoutes(ROUTES);
}

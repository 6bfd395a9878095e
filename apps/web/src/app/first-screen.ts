import { SCREENS, type ScreenPath } from '@kyc/contracts';
import { ROUTER_BASENAME } from '../lib/language/app-path';
import { SCREEN_MODULES } from './screen-modules';

/**
 * The first screen's chunk starts loading with the page (issue 10, docs/decisions.md D34): otherwise
 * the router asks for it only after the profile has arrived (the start-up wrapper renders its screen
 * then), one round trip later. React.lazy's import() of the same module then finds it loaded.
 */

const SCREEN_PATHS: ReadonlySet<string> = new Set(SCREENS.map((s) => s.path));

/**
 * The screen an address opens: '/user/accounts/en/auth/kyc' → 'kyc'; '/user/accounts/', '/…/en',
 * '/…/en/auth' → 'personal' (the index); '/…/auth/kyc' (no language) → 'kyc'; anything else → null.
 */
export function firstScreenOf(pathname: string): ScreenPath | null {
  if (!pathname.startsWith(ROUTER_BASENAME)) return null;
  const segments = pathname.slice(ROUTER_BASENAME.length).split('/').filter(Boolean);
  if (segments[0] !== 'auth') segments.shift(); // the language segment
  if (segments.length === 0) return 'personal';
  if (segments[0] !== 'auth' || segments.length > 2) return null;
  const screen = segments[1] ?? 'personal';
  return SCREEN_PATHS.has(screen) ? (screen as ScreenPath) : null;
}

export function preloadFirstScreen(pathname: string): void {
  const screen = firstScreenOf(pathname);
  // A failure is left to the route, which loads (and reports) it again.
  if (screen) SCREEN_MODULES[screen]().catch(() => undefined);
}

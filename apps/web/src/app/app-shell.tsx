import { Suspense, useEffect, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { Outlet, useLocation } from '../lib/router';
import { Footer } from '../features/chrome/components/footer';
import { Header, MAIN_CONTENT_ID } from '../features/chrome/components/header';
import { useMiniApp } from '../lib/mini-app/use-mini-app';
import { chromeVisibility, pageMode, type ChromeVisibility } from '../lib/navigation/page-mode';
import { selectUser, useAppDispatch, useAppSelector } from '../lib/store/hooks';
import { locationChanged } from '../lib/store/router-slice';
import { ErrorBoundary } from '../ui/error-boundary';
import { PageSpinner } from '../ui/spinner';
import { MessageRegions } from './lazy-messages';
import { StepUpHost } from '../features/security-verification/components/step-up-host';
import './app-shell.css';

/** Host containers of index.html that the header and footer are mounted into (spec §2 "Page chrome"). */
export const HEADER_CONTAINER_ID = 'header';
export const FOOTER_CONTAINER_ID = 'footer';

/** Keeps the router slice (spec §3) in step with the current location. */
function RouterSync() {
  const { pathname, search, hash } = useLocation();
  const dispatch = useAppDispatch();
  useEffect(() => {
    dispatch(locationChanged({ pathname, search, hash }));
  }, [dispatch, pathname, search, hash]);
  return null;
}

/** Mounts the chrome into its host container when the page has one (spec §2); nothing otherwise. */
function Portal({ containerId, children }: { containerId: string; children: ReactNode }) {
  const container = document.getElementById(containerId);
  return container ? createPortal(children, container) : null;
}

/** spec §2 chrome per page mode; SDK mode also counts once the user holds an SDK token. */
function useChrome(): ChromeVisibility & { sdk: boolean } {
  const user = useAppSelector(selectUser);
  const mode = pageMode();
  const sdk = mode.sdk !== null || Boolean(user.sdkToken);
  return { ...chromeVisibility({ sdk, app: mode.app }), sdk };
}

/**
 * The root layout: chrome in its host containers, the routed screen in <main>, the message regions.
 * One Suspense boundary around all of it, so that header, content and footer appear together once
 * the translations are in (no untranslated flash, no header popping in after the content). An error
 * boundary around the routed screen (forgotten on the next navigation) and one around each widget:
 * a screen or a header that fails leaves the rest of the page working.
 */
export function AppShell() {
  const chrome = useChrome();
  const { pathname } = useLocation();
  useMiniApp();
  return (
    <>
      <RouterSync />
      <Suspense fallback={<PageSpinner overlay />}>
        {chrome.header === 'absent' ? null : (
          <Portal containerId={HEADER_CONTAINER_ID}>
            <ErrorBoundary depth="widget">
              <Header hidden={chrome.header === 'hidden'} />
            </ErrorBoundary>
          </Portal>
        )}
        <main id={MAIN_CONTENT_ID} className="app-main" tabIndex={-1}>
          <ErrorBoundary depth="screen" resetKey={pathname}>
            <Outlet />
          </ErrorBoundary>
        </main>
        <Portal containerId={FOOTER_CONTAINER_ID}>
          <ErrorBoundary depth="widget">
            <Footer hidden={chrome.footer === 'hidden'} embedded={chrome.sdk} />
          </ErrorBoundary>
        </Portal>
        <ErrorBoundary depth="widget">
          <MessageRegions />
        </ErrorBoundary>
        {/* Issue 15: the security-verification dialog every sensitive call opens (lib/http/step-up.ts). */}
        <ErrorBoundary depth="widget">
          <StepUpHost />
        </ErrorBoundary>
      </Suspense>
    </>
  );
}

import { Suspense, useEffect, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { Outlet, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Footer } from '../features/chrome/components/footer';
import { Header, MAIN_CONTENT_ID } from '../features/chrome/components/header';
import { useAppDispatch } from '../lib/store/hooks';
import { locationChanged } from '../lib/store/router-slice';
import { PageSpinner } from '../ui/spinner';
import { ToastRegion } from '../ui/toast';
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

function Toasts() {
  const { t } = useTranslation();
  return <ToastRegion dismissLabel={t('app.dismiss')} />;
}

function Portal({ containerId, children }: { containerId: string; children: ReactNode }) {
  const container = document.getElementById(containerId);
  return container ? createPortal(children, container) : null;
}

/**
 * The root layout: chrome in its host containers, the routed screen in <main>, the toast region.
 * One Suspense boundary around all of it, so that header, content and footer appear together once
 * the translations are in (no untranslated flash, no header popping in after the content).
 */
export function AppShell() {
  return (
    <>
      <RouterSync />
      <Suspense fallback={<PageSpinner />}>
        <Portal containerId={HEADER_CONTAINER_ID}>
          <Header />
        </Portal>
        <main id={MAIN_CONTENT_ID} className="app-main" tabIndex={-1}>
          <Outlet />
        </main>
        <Portal containerId={FOOTER_CONTAINER_ID}>
          <Footer />
        </Portal>
        <Toasts />
      </Suspense>
    </>
  );
}

import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { RET_CODES } from '@kyc/contracts';
import { isApiError } from '../../../lib/api-client.ts';
import { paths } from '../../../lib/paths.ts';
import { useStaff } from '../../../lib/staff-session.tsx';
import { Alert } from '../../../ui/alert.tsx';
import { signOut } from '../api/sign-out.ts';
import { SideNav } from './side-nav.tsx';
import { TopBar } from './top-bar.tsx';
import './shell.css';

/** The signed-in frame: top bar, side navigation and the current area in <main>. */
export function ShellLayout() {
  const { t } = useTranslation();
  const staff = useStaff();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const navId = useId();
  const mainRef = useRef<HTMLElement>(null);
  const [navOpen, setNavOpen] = useState(false);
  const [signingOut, setSigningOut] = useState(false);
  const [signOutFailed, setSignOutFailed] = useState(false);
  const previousPath = useRef(pathname);

  // After moving to another area: close the mobile menu and put focus at the start of the new content,
  // so that keyboard and screen-reader users land where the page changed.
  useEffect(() => {
    if (previousPath.current === pathname) return;
    previousPath.current = pathname;
    setNavOpen(false);
    mainRef.current?.focus();
  }, [pathname]);

  const onSignOut = async () => {
    setSigningOut(true);
    setSignOutFailed(false);
    try {
      await signOut();
    } catch (error) {
      // 10007: the session had already ended, which is what signing out wanted.
      if (!isApiError(error, RET_CODES.NOT_LOGGED_IN.code)) {
        setSigningOut(false);
        setSignOutFailed(true);
        return;
      }
    }
    await navigate(paths.login.getHref(), { replace: true });
  };

  return (
    <div className="shell">
      <a
        className="shell-skip-link"
        href="#main-content"
        onClick={(event) => {
          // Move focus without touching the URL (a hash would become part of the route's location).
          event.preventDefault();
          mainRef.current?.focus();
        }}
      >
        {t('app.skipToContent')}
      </a>
      <TopBar
        staff={staff}
        navId={navId}
        navOpen={navOpen}
        onToggleNav={() => setNavOpen((open) => !open)}
        signingOut={signingOut}
        onSignOut={() => void onSignOut()}
      />
      <div className="shell-body">
        <SideNav id={navId} role={staff.role} open={navOpen} />
        <main id="main-content" ref={mainRef} tabIndex={-1} className="shell-main">
          {signOutFailed ? <Alert tone="error">{t('shell.signOutFailed')}</Alert> : null}
          <Outlet />
        </main>
      </div>
    </div>
  );
}

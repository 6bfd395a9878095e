import { Suspense, useCallback, useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CODE_NOT_LOGGED_IN, LOGIN_PATH } from '@kyc/contracts';
import { Outlet } from '../../../lib/router';
import { browserLocation } from '../../../lib/browser/location';
import { isApiError } from '../../../lib/http';
import { useAppDispatch } from '../../../lib/store/hooks';
import { setProfileError, setUserInfo } from '../../../lib/store/global-slice';
import { ErrorState } from '../../../ui/error-state';
import { PageSpinner } from '../../../ui/spinner';
import { loadProfile, profileToUser } from '../api/get-profile';

type GateStatus = 'loading' | 'ready' | 'error';

/** spec §4: where a signed-out visitor is sent, carrying the full current address back. */
export function loginRedirectUrl(currentHref: string): string {
  return `${LOGIN_PATH}?redirect_url=${encodeURIComponent(currentHref)}`;
}

/**
 * The wrapper of every /auth screen (spec §2, §4 "Start-up"): loads the profile first and stores the
 * user; 10007 (not signed in) sends the browser to /login; any other failure sets profileError and
 * offers a retry. SDK mode starts from its token instead (features/sdk/components/sdk-gate.tsx).
 *
 * The request is usually already running (prefetchProfile at page start); Retry always sends a new one.
 */
export function ProfileGate({ children }: { children?: ReactNode }) {
  const dispatch = useAppDispatch();
  const [status, setStatus] = useState<GateStatus>('loading');
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    loadProfile({ signal: controller.signal }).then(
      (profile) => {
        if (controller.signal.aborted) return;
        dispatch(setUserInfo(profileToUser(profile)));
        dispatch(setProfileError(false));
        setStatus('ready');
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        if (isApiError(error) && error.ret_code === CODE_NOT_LOGGED_IN) {
          browserLocation.assign(loginRedirectUrl(browserLocation.href()));
          return;
        }
        dispatch(setProfileError(true));
        setStatus('error');
      },
    );
    return () => controller.abort();
  }, [attempt, dispatch]);

  const retry = useCallback(() => {
    setStatus('loading');
    setAttempt((n) => n + 1);
  }, []);

  return (
    <Suspense fallback={<PageSpinner />}>
      {status === 'ready' ? (children ?? <Outlet />) : <GateView status={status} onRetry={retry} />}
    </Suspense>
  );
}

function GateView({ status, onRetry }: { status: 'loading' | 'error'; onRetry: () => void }) {
  const { t } = useTranslation();
  if (status === 'loading') return <PageSpinner label={t('profile.loading')} />;
  return (
    <div className="page">
      <ErrorState
        headingLevel={1}
        title={t('profile.errorTitle')}
        message={t('profile.errorBody')}
        actionLabel={t('profile.retry')}
        onAction={onRetry}
      />
    </div>
  );
}

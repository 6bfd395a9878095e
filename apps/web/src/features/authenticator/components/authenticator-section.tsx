import { Suspense } from 'react';
import { retryableLazy } from '../../../lib/lazy/retryable-lazy';
import { pageMode } from '../../../lib/navigation/page-mode';
import { selectUser, useAppSelector } from '../../../lib/store/hooks';
import { ErrorBoundary } from '../../../ui/error-boundary';

const Authenticator = retryableLazy(() =>
  import('./authenticator').then((m) => ({ default: m.Authenticator })),
);

/**
 * "Authenticator app" on the personal page (issue 15): loaded after the first paint, failing alone. Not
 * in SDK (embedded) mode: the partner signs its users in and holds their second factor, the calls are
 * session calls, and security verification is skipped there (D53), so enrolment would not be guarded.
 */
export function AuthenticatorSection() {
  const user = useAppSelector(selectUser);
  if (pageMode().sdk !== null || user.sdkToken) return null;
  return (
    <ErrorBoundary depth="widget">
      <Suspense fallback={<div className="card authenticator authenticator--loading" aria-busy="true" />}>
        <Authenticator />
      </Suspense>
    </ErrorBoundary>
  );
}

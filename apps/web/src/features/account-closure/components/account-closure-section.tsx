import { Suspense } from 'react';
import type { AccountClosureResult } from '@kyc/contracts';
import { retryableLazy } from '../../../lib/lazy/retryable-lazy';
import { pageMode } from '../../../lib/navigation/page-mode';
import { selectUser, useAppSelector } from '../../../lib/store/hooks';
import { ErrorBoundary } from '../../../ui/error-boundary';

const AccountClosure = retryableLazy(() =>
  import('./account-closure').then((m) => ({ default: m.AccountClosure })),
);
const ClosedScreen = retryableLazy(() =>
  import('./account-closed-screen').then((m) => ({ default: m.AccountClosedScreen })),
);

/**
 * "Close account" on the personal page (issue 20): loaded after the first paint, failing alone. Not in
 * SDK (embedded) mode: the partner holds the relationship there, and security verification is skipped
 * (D53), so closing would not be guarded. `onClosed` hands the answer to the app, which shows the final
 * screen in place of the page (every session has ended).
 */
export function AccountClosureSection({ onClosed }: { onClosed: (result: AccountClosureResult) => void }) {
  const user = useAppSelector(selectUser);
  if (pageMode().sdk !== null || user.sdkToken) return null;
  return (
    <ErrorBoundary depth="widget">
      <Suspense fallback={<div className="card account-closure account-closure--loading" aria-busy="true" />}>
        <AccountClosure onClosed={onClosed} />
      </Suspense>
    </ErrorBoundary>
  );
}

/** The final screen after closing: what remains and when it goes (its own chunk). */
export function AccountClosedPage({ result }: { result: AccountClosureResult }) {
  return (
    <div className="page">
      <ErrorBoundary depth="screen">
        <Suspense
          fallback={<div className="card account-closure account-closure--loading" aria-busy="true" />}
        >
          <ClosedScreen result={result} />
        </Suspense>
      </ErrorBoundary>
    </div>
  );
}

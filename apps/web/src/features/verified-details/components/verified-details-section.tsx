import { Suspense } from 'react';
import { retryableLazy } from '../../../lib/lazy/retryable-lazy';
import { pageMode } from '../../../lib/navigation/page-mode';
import { selectUser, useAppSelector } from '../../../lib/store/hooks';
import { ErrorBoundary } from '../../../ui/error-boundary';

const VerifiedDetails = retryableLazy(() =>
  import('./verified-details').then((m) => ({ default: m.VerifiedDetails })),
);

/**
 * "Verified details" on the personal page (issue 15): loaded after the first paint, failing alone. Not in
 * SDK (embedded) mode: security verification is skipped there (D53), so the reveal would not be guarded;
 * the partner's app shows its user what it holds.
 */
export function VerifiedDetailsSection() {
  const user = useAppSelector(selectUser);
  if (pageMode().sdk !== null || user.sdkToken) return null;
  return (
    <ErrorBoundary depth="widget">
      <Suspense
        fallback={<div className="card verified-details verified-details--loading" aria-busy="true" />}
      >
        <VerifiedDetails />
      </Suspense>
    </ErrorBoundary>
  );
}

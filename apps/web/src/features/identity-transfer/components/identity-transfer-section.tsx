import { Suspense } from 'react';
import { retryableLazy } from '../../../lib/lazy/retryable-lazy';
import { ErrorBoundary } from '../../../ui/error-boundary';

const IdentityTransfer = retryableLazy(() =>
  import('./identity-transfer').then((m) => ({ default: m.IdentityTransfer })),
);

/** "Identity transfer" on the personal page (issue 15): loaded after the first paint, failing alone. */
export function IdentityTransferSection() {
  return (
    <ErrorBoundary depth="widget">
      <Suspense fallback={null}>
        <IdentityTransfer />
      </Suspense>
    </ErrorBoundary>
  );
}

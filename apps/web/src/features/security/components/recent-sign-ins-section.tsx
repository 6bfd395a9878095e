import { Suspense } from 'react';
import { retryableLazy } from '../../../lib/lazy/retryable-lazy';
import { ErrorBoundary } from '../../../ui/error-boundary';

const RecentSignIns = retryableLazy(() =>
  import('./recent-sign-ins').then((m) => ({ default: m.RecentSignIns })),
);

/**
 * "Recent sign-ins" on the personal page (issue 11): its code loads after the first paint, in a box
 * kept at its usual height, so the verification cards above never move. A widget that fails alone.
 */
export function RecentSignInsSection() {
  return (
    <ErrorBoundary depth="widget">
      <Suspense fallback={<div className="card recent-sign-ins recent-sign-ins--loading" aria-busy="true" />}>
        <RecentSignIns />
      </Suspense>
    </ErrorBoundary>
  );
}

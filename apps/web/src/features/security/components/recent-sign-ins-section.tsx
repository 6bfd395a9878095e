import { Suspense } from 'react';
import { retryableLazy } from '../../../lib/lazy/retryable-lazy';
import { pageMode } from '../../../lib/navigation/page-mode';
import { selectUser, useAppSelector } from '../../../lib/store/hooks';
import { ErrorBoundary } from '../../../ui/error-boundary';

const RecentSignIns = retryableLazy(() =>
  import('./recent-sign-ins').then((m) => ({ default: m.RecentSignIns })),
);

/**
 * "Recent sign-ins" on the personal page (issue 11): its code loads after the first paint, in a box
 * kept at its usual height, so the verification cards above never move. A widget that fails alone.
 * Not in SDK (embedded) mode: the partner signs its users in, so the portal's sign-ins are not theirs to
 * show there, and the call is a portal-session call.
 */
export function RecentSignInsSection() {
  const user = useAppSelector(selectUser);
  if (pageMode().sdk !== null || user.sdkToken) return null;
  return (
    <ErrorBoundary depth="widget">
      <Suspense fallback={<div className="card recent-sign-ins recent-sign-ins--loading" aria-busy="true" />}>
        <RecentSignIns />
      </Suspense>
    </ErrorBoundary>
  );
}

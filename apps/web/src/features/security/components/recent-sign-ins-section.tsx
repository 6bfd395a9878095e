import { lazy, Suspense } from 'react';

const RecentSignIns = lazy(() => import('./recent-sign-ins').then((m) => ({ default: m.RecentSignIns })));

/**
 * "Recent sign-ins" on the personal page (issue 11): its code loads after the first paint, in a box
 * kept at its usual height, so the verification cards above never move.
 */
export function RecentSignInsSection() {
  return (
    <Suspense fallback={<div className="card recent-sign-ins recent-sign-ins--loading" aria-busy="true" />}>
      <RecentSignIns />
    </Suspense>
  );
}

import { Suspense } from 'react';
import { retryableLazy } from '../../../lib/lazy/retryable-lazy';
import { pageMode } from '../../../lib/navigation/page-mode';
import { selectUser, useAppSelector } from '../../../lib/store/hooks';
import { ErrorBoundary } from '../../../ui/error-boundary';

const DataExport = retryableLazy(() => import('./data-export').then((m) => ({ default: m.DataExport })));

/**
 * "Your data" on the personal page (issue 20): loaded after the first paint, failing alone. Not in SDK
 * (embedded) mode: security verification is skipped there (D53), so the copy would not be guarded, and a
 * partner's page is not where a person takes everything we hold about them.
 */
export function DataExportSection() {
  const user = useAppSelector(selectUser);
  if (pageMode().sdk !== null || user.sdkToken) return null;
  return (
    <ErrorBoundary depth="widget">
      <Suspense fallback={<div className="card data-export data-export--loading" aria-busy="true" />}>
        <DataExport />
      </Suspense>
    </ErrorBoundary>
  );
}

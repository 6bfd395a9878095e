/**
 * The door to the vendor flow from the verification screens: the flow itself is a lazy chunk of its
 * own (retryableLazy), so the first load of people verified in-house does not grow (docs/decisions.md
 * D20). A chunk that fails to load ends in the widget boundary's translated message with Retry.
 */
import { Suspense, type ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { retryableLazy } from '../../../lib/lazy/retryable-lazy';
import { ErrorBoundary } from '../../../ui/error-boundary';
import { Spinner } from '../../../ui/spinner';

export { isVendorProvider, type VendorProvider } from './launch-types';

const VendorVerification = retryableLazy(() => import('./vendor-verification'));

export function LazyVendorVerification(props: ComponentProps<typeof VendorVerification>) {
  const { t } = useTranslation();
  return (
    <ErrorBoundary depth="widget">
      <Suspense fallback={<Spinner label={t('vendorSdk.loading')} />}>
        <VendorVerification {...props} />
      </Suspense>
    </ErrorBoundary>
  );
}

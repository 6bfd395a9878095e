import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { KycInfo } from '@kyc/contracts';
import { ErrorState } from '../../../ui/error-state';
import { Spinner } from '../../../ui/spinner';
import type { KycInfoLoad } from '../api/use-kyc-info';

export interface KycInfoViewProps {
  load: KycInfoLoad;
  onRetry: () => void;
  children: (info: KycInfo) => ReactNode;
  /** Shown while loading instead of the spinner: a skeleton of the final size (no layout shift). */
  skeleton?: ReactNode;
}

/** A screen part that needs kyc-info: a spinner while it loads, the error state with retry, then the part. */
export function KycInfoView({ load, onRetry, children, skeleton }: KycInfoViewProps) {
  const { t } = useTranslation();
  if (load.status === 'loading' && skeleton) return <>{skeleton}</>;
  if (load.status === 'loading') {
    return (
      <div className="kyc-loading">
        <Spinner label={t('kyc.loading')} />
      </div>
    );
  }
  if (load.status === 'error') {
    return (
      <ErrorState
        title={t('kyc.loadError.title')}
        message={t('kyc.loadError.message')}
        actionLabel={t('kyc.loadError.retry')}
        onAction={onRetry}
      />
    );
  }
  return <>{children(load.info)}</>;
}

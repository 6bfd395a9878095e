/**
 * What the person sees once the vendor's flow says "submitted": our own confirmation, the level's status
 * as kyc-info reports it while the vendor's webhook is awaited (use-review-polling), and the way on.
 */
import { useTranslation } from 'react-i18next';
import type { KycStepLevel } from '@kyc/contracts';
import { Button } from '../../../ui/button';
import { Card } from '../../../ui/card';
import { useReviewPolling } from './use-review-polling';

export interface VendorSubmittedProps {
  level: KycStepLevel;
  /** The way on: the personal page, or in SDK mode the after-a-step target. */
  onFinished: () => void;
  finishLabel: string;
  /** Tests: a shorter poll. */
  pollIntervalMs?: number;
  pollLimitMs?: number;
}

export function VendorSubmitted({
  level,
  onFinished,
  finishLabel,
  pollIntervalMs,
  pollLimitMs,
}: VendorSubmittedProps) {
  const { t } = useTranslation();
  const { status, polling } = useReviewPolling(level, true, pollIntervalMs, pollLimitMs);
  let detail = t('vendorSdk.submitted.body');
  if (status === 'SUCCESS') detail = t('kyc.step.verifiedNotice');
  else if (status === 'FAILED_AND_CAN_RETRY' || status === 'FAILED_AND_CAN_NOT_RETRY')
    detail = t('vendorSdk.submitted.rejected');
  else if (!polling) detail = t('vendorSdk.submitted.slow');
  // Once decided, the card is titled with the outcome ("Verified", "Not approved …"), not "under review".
  const decided = status === 'SUCCESS' || status?.startsWith('FAILED') === true;
  return (
    <Card title={decided ? t(`kyc.status.${status}`) : t('vendorSdk.submitted.title')}>
      <div data-testid="vendor-sdk-submitted" data-status={status ?? ''} data-polling={String(polling)}>
        <p role="status">{detail}</p>
        {status && !decided ? (
          <p>
            {t('vendorSdk.submitted.status')} <strong>{t(`kyc.status.${status}`)}</strong>
          </p>
        ) : null}
        <Button variant="primary" onClick={onFinished}>
          {finishLabel}
        </Button>
      </div>
    </Card>
  );
}

import { useTranslation } from 'react-i18next';
import type { KycInfo, KycStepLevel } from '@kyc/contracts';
import { currentLanguage } from '../../../lib/language/current';
import { useAfterVerificationStep } from '../../../lib/navigation/after-step';
import { APP_ROUTES } from '../../../lib/navigation/routes';
import { Link } from '../../../lib/router';
import { Card } from '../../../ui/card';
import { useKycInfo } from '../api/use-kyc-info';
import { isVendorProvider, LazyVendorVerification } from '../vendor-sdk/lazy-vendor-verification';
import { KycFlow } from './kyc-flow';
import { KycInfoView } from './kyc-info-view';
import { stepOf } from './kyc-steps';
import { RejectionReason } from './rejection-reason';
import {
  levelStartability,
  nextStartability,
  reverificationStartability,
  type NotStartableReason,
  type Startability,
} from './kyc-start';
import '../../../ui/button.css';

const REASON_TEXT = {
  pending: 'kyc.step.pendingNotice',
  verified: 'kyc.step.verifiedNotice',
  locked: 'kyc.step.lockedStep1',
  lockedStep2: 'kyc.step.lockedStep2',
  final: 'kyc.step.rejectedFinal',
  countryDisabled: 'kyc.step.countryDisabled',
  reverifyNone: 'capture.notStartable.reverifyNone',
  reverifyPending: 'kyc.reverify.pending',
  reverifyDaily: 'kyc.reverify.dailyLimit',
  frozen: 'kyc.frozen.body',
} as const satisfies Record<NotStartableReason, string>;

/** Which flow: a level the user chose, the next startable one (SDK), or a re-verification. */
export type FlowRequest =
  { kind: 'level'; level: KycStepLevel } | { kind: 'next' } | { kind: 'reverification' };

/** Where the flow cannot start because the person is done for now, the card says so, not "can't". */
const TITLE_TEXT: Partial<
  Record<
    NotStartableReason,
    'capture.notStartable.underReview' | 'capture.notStartable.verified' | 'kyc.frozen.title'
  >
> = {
  frozen: 'kyc.frozen.title',
  pending: 'capture.notStartable.underReview',
  reverifyPending: 'capture.notStartable.underReview',
  verified: 'capture.notStartable.verified',
};

/**
 * Why the flow cannot start, and the way on: back to the personal screen, or in SDK mode (no personal
 * screen of ours to go to) back to the partner's app.
 */
export function NotStartable({
  reason,
  showPersonalLink = true,
}: {
  reason: NotStartableReason;
  showPersonalLink?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Card title={t(TITLE_TEXT[reason] ?? 'capture.notStartable.title')}>
      <p role="status">{t(REASON_TEXT[reason])}</p>
      {showPersonalLink ? (
        <Link
          className="btn btn--primary btn--middle kyc-flow__primary"
          to={APP_ROUTES.personal.to(currentLanguage())}
        >
          {t('capture.notStartable.back')}
        </Link>
      ) : (
        <p>{t('capture.notStartable.backToApp')}</p>
      )}
    </Card>
  );
}

function startabilityOf(info: KycInfo, request: FlowRequest): Startability {
  if (request.kind === 'reverification') return reverificationStartability(info);
  if (request.kind === 'next') return nextStartability(info);
  return levelStartability(info, request.level);
}

export interface KycVerificationProps {
  request: FlowRequest;
  /** SDK mode: after the step go to the session's redirect_url when it has one (spec §2). */
  useRedirectUrl?: boolean;
  /** Offer the link back to /auth/personal when the flow cannot start (not in SDK mode). */
  showPersonalLink?: boolean;
}

/**
 * kyc-info, then the flow the request names when it can start (spec §4 step statuses), otherwise why
 * not and the way back; after the submission the after-step navigation of spec §2. The flow is ours
 * (KycFlow) for the in-house provider, the vendor's web SDK (vendor-sdk/) for sumsub, onfido, jumio.
 */
export function KycVerification({
  request,
  useRedirectUrl = false,
  showPersonalLink = true,
}: KycVerificationProps) {
  const { load, reload } = useKycInfo();
  const afterStep = useAfterVerificationStep();
  return (
    <KycInfoView load={load} onRetry={reload}>
      {(info) => {
        const start = startabilityOf(info, request);
        if (!start.startable) {
          return <NotStartable reason={start.reason} showPersonalLink={showPersonalLink} />;
        }
        // A retry after a rejection starts with what to fix (issue 10), before the flow's first step.
        const step = stepOf(info, start.level);
        const retry = request.kind !== 'reverification' && step.status === 'FAILED_AND_CAN_RETRY';
        return (
          <>
            {retry ? (
              <RejectionReason code={step.rejectReasonCode} note={step.rejectReason} canRetry />
            ) : null}
            {isVendorProvider(info.provider) ? (
              // A vendor verifies this person: its own web SDK instead of our capture (docs/kyc.md).
              <LazyVendorVerification
                provider={info.provider}
                level={start.level}
                sdkMode={!showPersonalLink}
                onFinished={() => afterStep({ useRedirectUrl })}
              />
            ) : (
              <KycFlow
                level={start.level}
                reverification={request.kind === 'reverification'}
                info={info}
                onFinished={() => afterStep({ useRedirectUrl })}
              />
            )}
          </>
        );
      }}
    </KycInfoView>
  );
}

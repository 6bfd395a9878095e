import type { KycStepLevel, KycStepStatus } from '@kyc/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from '../../../lib/router';
import { helpCenterHref } from '../../../lib/site/help-center';
import { RejectionReason } from './rejection-reason';
import '../../../ui/button.css';

export interface StepCardProps {
  level: KycStepLevel;
  title: string;
  status: KycStepStatus;
  /** The reviewer's note of a FAILED_* step ('' when none). */
  rejectReason: string;
  /** The structured reason code of a FAILED_* step ('' when none), shown translated. */
  rejectReasonCode: string;
  /** The BTC limit this level unlocks, already formatted; null when the quotas are unknown. */
  unlocks: string | null;
  /** The page language, for the links to other screens. */
  lang: string;
}

const TONE: Record<KycStepStatus, string> = {
  ALLOW: 'info',
  NOT_ALLOW: 'muted',
  PENDING: 'warn',
  SUCCESS: 'success',
  FAILED_AND_CAN_RETRY: 'danger',
  FAILED_AND_CAN_NOT_RETRY: 'danger',
  CERTIFICATION_DISABLED: 'muted',
};

const STATUS_LABEL = {
  ALLOW: 'kyc.status.ALLOW',
  NOT_ALLOW: 'kyc.status.NOT_ALLOW',
  PENDING: 'kyc.status.PENDING',
  SUCCESS: 'kyc.status.SUCCESS',
  FAILED_AND_CAN_RETRY: 'kyc.status.FAILED_AND_CAN_RETRY',
  FAILED_AND_CAN_NOT_RETRY: 'kyc.status.FAILED_AND_CAN_NOT_RETRY',
  CERTIFICATION_DISABLED: 'kyc.status.CERTIFICATION_DISABLED',
} as const satisfies Record<KycStepStatus, string>;

/** One verification step (spec §4 KYC step status) with the action its status allows. */
export function StepCard({
  level,
  title,
  status,
  rejectReason,
  rejectReasonCode,
  unlocks,
  lang,
}: StepCardProps) {
  const { t } = useTranslation();
  const headingId = `kyc-step-${level}`;
  const kycHref = `/${lang}/auth/kyc?level=${level}`;

  return (
    <section className={`card step-card step-card--${TONE[status]}`} aria-labelledby={headingId}>
      <div className="step-card__head">
        <h2 id={headingId} className="card__title">
          {title}
        </h2>
        <span className={`status-tag status-tag--${TONE[status]}`}>{t(STATUS_LABEL[status])}</span>
      </div>
      {unlocks !== null && status !== 'SUCCESS' ? (
        <p className="step-card__text">{t('kyc.step.unlocks', { amount: unlocks })}</p>
      ) : null}
      {status === 'ALLOW' ? (
        <Link
          className="btn btn--primary btn--middle step-card__action"
          to={kycHref}
          aria-label={t('kyc.step.actionFor', { action: t('kyc.step.verify'), step: title })}
        >
          {t('kyc.step.verify')}
        </Link>
      ) : null}
      {status === 'ALLOW' || status === 'FAILED_AND_CAN_RETRY' ? (
        <Link className="step-card__link" to={`/${lang}/auth/step${level}`}>
          {t('guide.howItWorks')}
        </Link>
      ) : null}
      {status === 'PENDING' ? (
        <p className="notice notice--warn" role="status">
          {t('kyc.step.pendingNotice')}
        </p>
      ) : null}
      {status === 'SUCCESS' ? <p className="step-card__text">{t('kyc.step.verifiedNotice')}</p> : null}
      {status === 'FAILED_AND_CAN_RETRY' || status === 'FAILED_AND_CAN_NOT_RETRY' ? (
        <RejectionReason
          code={rejectReasonCode}
          note={rejectReason}
          canRetry={status === 'FAILED_AND_CAN_RETRY'}
        />
      ) : null}
      {status === 'FAILED_AND_CAN_RETRY' ? (
        <Link
          className="btn btn--primary btn--middle step-card__action"
          to={kycHref}
          aria-label={t('kyc.step.actionFor', { action: t('kyc.step.tryAgain'), step: title })}
        >
          {t('kyc.step.tryAgain')}
        </Link>
      ) : null}
      {status === 'FAILED_AND_CAN_NOT_RETRY' ? (
        <a className="step-card__link" href={helpCenterHref('webFormIssueReport', undefined, lang)}>
          {t('kyc.step.contactSupport')}
        </a>
      ) : null}
      {status === 'NOT_ALLOW' ? (
        <p className="step-card__text">{t(level === 2 ? 'kyc.step.lockedStep2' : 'kyc.step.lockedStep1')}</p>
      ) : null}
      {status === 'CERTIFICATION_DISABLED' ? (
        <p className="step-card__text">{t('kyc.step.countryDisabled')}</p>
      ) : null}
    </section>
  );
}

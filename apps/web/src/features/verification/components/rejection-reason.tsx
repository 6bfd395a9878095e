import { useTranslation } from 'react-i18next';
import { KYC_REJECT_REASON_CODES, type KycRejectReasonCode } from '@kyc/contracts';
import './rejection-reason.css';

const isReasonCode = (code: string): code is KycRejectReasonCode =>
  (KYC_REJECT_REASON_CODES as readonly string[]).includes(code);

/** The person's text of each reason code (every code listed, so a new one does not compile without it). */
const REASON_TEXT = {
  BLURRY_IMAGE: 'next.reasons.BLURRY_IMAGE',
  DOCUMENT_EXPIRED: 'next.reasons.DOCUMENT_EXPIRED',
  NAME_MISMATCH: 'next.reasons.NAME_MISMATCH',
  SELFIE_MISMATCH: 'next.reasons.SELFIE_MISMATCH',
  UNSUPPORTED_DOCUMENT: 'next.reasons.UNSUPPORTED_DOCUMENT',
  SUSPECTED_FRAUD: 'next.reasons.SUSPECTED_FRAUD',
  INCOMPLETE_DOCUMENTS: 'next.reasons.INCOMPLETE_DOCUMENTS',
} as const satisfies Record<KycRejectReasonCode, string>;

export interface RejectionReasonProps {
  /** The structured reason the reviewer chose (contracts KYC_REJECT_REASON_CODES; '' for none). */
  code: string;
  /** The reviewer's note for the person, shown as written ('' for none). */
  note: string;
  /** Whether the person may try again (FAILED_AND_CAN_RETRY): then the text says what to fix. */
  canRetry: boolean;
}

/**
 * A rejection as the person reads it (issue 10): the reason code translated in the page language —
 * for a retry, what to fix — and the reviewer's note. Used on the step card and at the flow's start.
 */
export function RejectionReason({ code, note, canRetry }: RejectionReasonProps) {
  const { t } = useTranslation();
  const reason = isReasonCode(code) ? t(REASON_TEXT[code]) : null;
  const text = note.trim();
  return (
    <div className="rejection-reason">
      <p className="rejection-reason__title">
        {t(canRetry ? 'kyc.step.rejected' : 'kyc.step.rejectedFinal')}
      </p>
      {canRetry && reason ? <p className="rejection-reason__title">{t('next.fix.title')}</p> : null}
      {reason ? <p>{reason}</p> : null}
      {text ? (
        <p>
          {t('next.fix.note')} <bdi>{text}</bdi>
        </p>
      ) : null}
      {!reason && !text ? <p>{t('kyc.step.noReason')}</p> : null}
    </div>
  );
}

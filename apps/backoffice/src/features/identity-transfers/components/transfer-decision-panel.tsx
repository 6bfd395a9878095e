import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { StaffMe } from '@kyc/contracts';
import { can } from '../../../lib/permissions.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { Card } from '../../../ui/card.tsx';
import { TextAreaField } from '../../../ui/text-area-field.tsx';
import {
  REASON_MAX,
  REASON_MIN,
  type TransferCaseView,
  type TransferDecisionBody,
} from '../api/identity-transfers.ts';

interface TransferDecisionPanelProps {
  caseView: TransferCaseView;
  staff: StaffMe;
  onDecide: (body: TransferDecisionBody) => Promise<void>;
}

/** Where the four-eyes rule stands for this reviewer (docs/identity-transfer.md, D55). */
function fourEyesState(caseView: TransferCaseView, staff: StaffMe) {
  const { transfer } = caseView;
  if (!transfer.needsSecondApproval) return { canApprove: true, label: 'approve', notice: null } as const;
  if (!can(staff.role, 'confirm_final'))
    return { canApprove: false, label: 'approve', notice: 'seniorOnly' } as const;
  if (transfer.firstApprovedBy === null)
    return { canApprove: true, label: 'approveFirst', notice: 'fourEyes' } as const;
  if (transfer.firstApprovedBy === staff.id)
    return { canApprove: false, label: 'approveSecond', notice: 'youApproved' } as const;
  return { canApprove: true, label: 'approveSecond', notice: 'waitingSecond' } as const;
}

/**
 * Approve (after confirming the selfie was reviewed) or reject with a reason shown to both people; at
 * or above the four-eyes level, two different senior reviewers approve.
 */
export function TransferDecisionPanel({ caseView, staff, onDecide }: TransferDecisionPanelProps) {
  const { t } = useTranslation();
  const { transfer } = caseView;
  const selfieId = useId();
  const selfieErrorId = `${selfieId}-error`;
  const [selfieReviewed, setSelfieReviewed] = useState(false);
  const [selfieError, setSelfieError] = useState(false);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState(false);
  const [sending, setSending] = useState<'approve' | 'reject' | null>(null);
  const state = fourEyesState(caseView, staff);

  const send = async (body: TransferDecisionBody) => {
    if (sending) return;
    setSending(body.decision);
    try {
      await onDecide(body);
    } finally {
      setSending(null);
    }
  };
  const approve = () => {
    setSelfieError(!selfieReviewed);
    if (selfieReviewed) void send({ decision: 'approve', selfieReviewed: true });
  };
  const reject = () => {
    const trimmed = reason.trim();
    const invalid = trimmed.length < REASON_MIN;
    setReasonError(invalid);
    if (!invalid) void send({ decision: 'reject', reason: trimmed });
  };

  return (
    <Card as="section" aria-labelledby="transfer-decision" className="transfer-decision">
      <h2 id="transfer-decision">{t('identityTransfers.decision.heading')}</h2>
      {transfer.stage !== 'in_review' ? (
        <p>{t('identityTransfers.decision.closed')}</p>
      ) : (
        <>
          {state.notice === 'fourEyes' ? (
            <Alert>{t('identityTransfers.decision.fourEyes', { level: transfer.level })}</Alert>
          ) : null}
          {state.notice === 'waitingSecond' || state.notice === 'youApproved' ? (
            <Alert>
              {state.notice === 'youApproved'
                ? t('identityTransfers.decision.youApproved')
                : t('identityTransfers.decision.waitingSecond', { id: transfer.firstApprovedBy ?? '' })}
            </Alert>
          ) : null}
          {state.notice === 'seniorOnly' ? (
            <Alert>
              {transfer.firstApprovedBy !== null
                ? t('identityTransfers.decision.waitingSecond', { id: transfer.firstApprovedBy })
                : t('identityTransfers.decision.fourEyes', { level: transfer.level })}{' '}
              {t('identityTransfers.decision.seniorOnly')}
            </Alert>
          ) : null}
          {state.canApprove ? (
            <fieldset className="ui-decision-form" disabled={sending !== null}>
              <legend>{t(`identityTransfers.decision.${state.label}`)}</legend>
              <div className="ui-decision-form__check">
                <input
                  id={selfieId}
                  type="checkbox"
                  checked={selfieReviewed}
                  aria-invalid={selfieError || undefined}
                  aria-describedby={selfieError ? selfieErrorId : undefined}
                  onChange={(event) => {
                    setSelfieReviewed(event.target.checked);
                    if (event.target.checked) setSelfieError(false);
                  }}
                />
                <label htmlFor={selfieId}>{t('identityTransfers.decision.selfie')}</label>
              </div>
              {selfieError ? (
                <p className="ui-field__error" id={selfieErrorId}>
                  {t('identityTransfers.decision.selfieRequired')}
                </p>
              ) : null}
              <div className="ui-decision-form__actions">
                <Button busy={sending === 'approve'} onClick={approve}>
                  {t(`identityTransfers.decision.${state.label}`)}
                </Button>
              </div>
            </fieldset>
          ) : null}
          <fieldset className="ui-decision-form" disabled={sending !== null}>
            <legend>{t('identityTransfers.decision.reject')}</legend>
            <TextAreaField
              label={t('identityTransfers.decision.reason')}
              value={reason}
              maxLength={REASON_MAX}
              rows={3}
              error={reasonError ? t('identityTransfers.decision.reasonRequired') : undefined}
              onChange={(event) => setReason(event.target.value)}
            />
            <div className="ui-decision-form__actions">
              <Button variant="secondary" busy={sending === 'reject'} onClick={reject}>
                {t('identityTransfers.decision.reject')}
              </Button>
            </div>
          </fieldset>
        </>
      )}
    </Card>
  );
}

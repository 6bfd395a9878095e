import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { roleCan, type StaffMe } from '@kyc/contracts';
import { errorMessageKey } from '../../../lib/error-message.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { Dialog } from '../../../ui/dialog.tsx';
import { TextAreaField } from '../../../ui/text-area-field.tsx';
import type { CaseScreeningHit, CaseView } from '../api/case.ts';
import { resolveHit, type HitResolution } from '../api/screening.ts';

type Action = HitResolution['action'];

/**
 * The controls of one hit (issue 18, slice 3): an open hit is marked a false positive or declared a true
 * match, with a reason; a sanctions false positive waits for a second reviewer, who confirms it or sends
 * it back; the reviewer who marked it is told so and cannot confirm it (the server refuses too, 61006).
 * Every resolution goes over the hit's version as read; the case answered replaces the page's. A true
 * match freezes the account, which no click undoes: it asks for confirmation first.
 */
export function HitResolution({
  hit,
  staff,
  onResolved,
}: {
  hit: CaseScreeningHit;
  staff: StaffMe;
  onResolved: (next: CaseView) => void;
}) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const [missingReason, setMissingReason] = useState(false);
  const [sending, setSending] = useState<Action | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [confirmingFreeze, setConfirmingFreeze] = useState(false);
  if (!roleCan(staff.role, 'decide')) return null;
  if (hit.state !== 'open' && hit.state !== 'pending_confirmation') return null;
  const pending = hit.state === 'pending_confirmation';
  const mine = pending && hit.proposedBy?.staffId === staff.id;

  const send = async (action: Action, confirmed = false) => {
    if (sending) return;
    const needsReason = action !== 'confirm';
    if (needsReason && reason.trim() === '') {
      setMissingReason(true);
      return;
    }
    setMissingReason(false);
    if (action === 'true_match' && !confirmed) {
      setConfirmingFreeze(true);
      return;
    }
    setConfirmingFreeze(false);
    setError(null);
    setSending(action);
    const body: HitResolution =
      action === 'confirm'
        ? { action, expectedVersion: hit.version }
        : { action, reason: reason.trim(), expectedVersion: hit.version };
    try {
      onResolved(await resolveHit(hit.id, body));
      setReason('');
    } catch (failure) {
      setError(t(errorMessageKey(failure)));
    } finally {
      setSending(null);
    }
  };
  const onSubmit = (event: FormEvent) => event.preventDefault();
  const reasonField = (
    <TextAreaField
      name="reason"
      label={t(pending ? 'case.screening.resolve.sendBackReason' : 'case.screening.resolve.reason')}
      hint={t('case.screening.resolve.reasonHint')}
      value={reason}
      maxLength={1000}
      rows={3}
      onChange={(event) => setReason(event.target.value)}
      error={missingReason ? t('case.screening.resolve.reasonRequired') : undefined}
    />
  );

  return (
    <form
      className="case-screening__resolve"
      onSubmit={onSubmit}
      aria-label={t('case.screening.resolve.heading')}
    >
      <h5>{t('case.screening.resolve.heading')}</h5>
      {pending ? (
        <p>{t(mine ? 'case.screening.resolve.ownProposal' : 'case.screening.resolve.waiting')}</p>
      ) : hit.category === 'sanctions' ? (
        <p>{t('case.screening.resolve.fourEyesNote')}</p>
      ) : null}
      {pending && !mine ? (
        <Button busy={sending === 'confirm'} onClick={() => void send('confirm')}>
          {t('case.screening.resolve.confirm')}
        </Button>
      ) : null}
      {reasonField}
      <div className="case-screening__actions">
        {pending ? (
          <Button variant="secondary" busy={sending === 'send_back'} onClick={() => void send('send_back')}>
            {t('case.screening.resolve.sendBack')}
          </Button>
        ) : (
          <Button
            variant="secondary"
            busy={sending === 'false_positive'}
            onClick={() => void send('false_positive')}
          >
            {t('case.screening.resolve.falsePositive')}
          </Button>
        )}
        <Button variant="secondary" busy={sending === 'true_match'} onClick={() => void send('true_match')}>
          {t('case.screening.resolve.trueMatch')}
        </Button>
      </div>
      {error ? <Alert tone="error">{error}</Alert> : null}
      {confirmingFreeze ? (
        <Dialog
          title={t('case.screening.resolve.trueMatchConfirm.title')}
          onClose={() => setConfirmingFreeze(false)}
        >
          <p>{t('case.screening.resolve.trueMatchConfirm.body')}</p>
          <div className="ui-dialog__actions">
            <Button variant="secondary" onClick={() => setConfirmingFreeze(false)} data-autofocus>
              {t('decisions.confirm.cancel')}
            </Button>
            <Button onClick={() => void send('true_match', true)}>
              {t('case.screening.resolve.trueMatchConfirm.action')}
            </Button>
          </div>
        </Dialog>
      ) : null}
    </form>
  );
}

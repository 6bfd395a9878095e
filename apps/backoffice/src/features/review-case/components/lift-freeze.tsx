import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { roleCan, type CaseScreening } from '@kyc/contracts';
import { errorMessageKey } from '../../../lib/error-message.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { liftFreeze } from '../api/screening.ts';
import type { ScreeningActions } from './screening-section.tsx';
import { ReasonDialog } from './reason-dialog.tsx';

/** The server's rule (contracts liftFreezeRequest): a reason of at least ten characters. */
const MIN_REASON = 10;

/**
 * "Lift the freeze" under a frozen account's notice (issue 18, docs/screening.md "Lifting a freeze"):
 * for senior reviewers and admins, when the match was wrong or the entry was withdrawn. Whoever froze the
 * account is told that someone else must lift it (four eyes; the server refuses too, 61011). A dialog
 * asks for the reason; the case answered replaces the page's.
 */
export function LiftFreeze({
  frozen,
  userId,
  actions,
}: {
  frozen: NonNullable<CaseScreening['frozen']>;
  userId: number;
  actions: ScreeningActions;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [tooShort, setTooShort] = useState(false);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const { staff, onResolved } = actions;
  if (!roleCan(staff.role, 'confirm_final')) return null;
  if (frozen.frozenBy === staff.id)
    return <p className="case-screening__lift-note">{t('case.screening.frozen.ownFreeze')}</p>;

  const close = () => {
    setOpen(false);
    setTooShort(false);
    setError(null);
  };
  const submit = async () => {
    if (sending) return;
    if (reason.trim().length < MIN_REASON) {
      setTooShort(true);
      return;
    }
    setTooShort(false);
    setError(null);
    setSending(true);
    try {
      onResolved(await liftFreeze(userId, { hitId: frozen.hitId, reason: reason.trim() }));
      setOpen(false);
      setReason('');
    } catch (failure) {
      setError(t(errorMessageKey(failure)));
    } finally {
      setSending(false);
    }
  };

  return (
    <div className="case-screening__lift">
      <Button variant="secondary" onClick={() => setOpen(true)}>
        {t('case.screening.frozen.lift')}
      </Button>
      {open ? (
        <ReasonDialog
          title={t('case.screening.frozen.liftTitle')}
          intro={t('case.screening.frozen.liftBody')}
          label={t('case.screening.frozen.liftReason')}
          hint={t('case.screening.frozen.liftReasonHint')}
          reason={reason}
          onReasonChange={setReason}
          maxLength={1000}
          error={tooShort ? t('case.screening.frozen.liftReasonShort') : undefined}
          problem={error ? <Alert tone="error">{error}</Alert> : null}
          submitLabel={t('case.screening.frozen.liftConfirm')}
          cancelLabel={t('decisions.confirm.cancel')}
          busy={sending}
          onSubmit={() => void submit()}
          onClose={close}
        />
      ) : null}
    </div>
  );
}

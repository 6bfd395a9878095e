import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { RET_CODES } from '@kyc/contracts';
import { isApiError } from '../../../lib/api-client.ts';
import { errorMessageKey } from '../../../lib/error-message.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { Dialog } from '../../../ui/dialog.tsx';
import { TextAreaField } from '../../../ui/text-area-field.tsx';
import { liftHold, type LegalHold } from '../api/holds.ts';

/**
 * Lift a hold with a reason (audited): the person's retention clocks resume and the next erasure run
 * takes what has become due. Lifted meanwhile by someone else (62006): the list is read again.
 */
export function LiftHoldDialog({
  hold,
  onLifted,
  onGone,
  onClose,
}: {
  hold: LegalHold;
  onLifted: (hold: LegalHold) => void;
  onGone: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (reason.trim().length < 3) {
      setError(t('retention.holds.lift.errors.reason'));
      return;
    }
    setError(null);
    setFailure(null);
    setSaving(true);
    try {
      onLifted(await liftHold(hold.id, reason.trim()));
    } catch (caught) {
      if (
        isApiError(caught, RET_CODES.LEGAL_HOLD_ALREADY_LIFTED.code) ||
        isApiError(caught, RET_CODES.LEGAL_HOLD_UNKNOWN.code)
      )
        onGone();
      else setFailure(t(errorMessageKey(caught)));
    } finally {
      setSaving(false);
    }
  };
  return (
    <Dialog title={t('retention.holds.lift.title', { id: hold.userId })} onClose={onClose}>
      <form className="ui-dialog__form" onSubmit={(event) => void onSubmit(event)} noValidate>
        <p>{t('retention.holds.lift.explanation')}</p>
        {failure ? <Alert tone="error">{failure}</Alert> : null}
        <TextAreaField
          label={t('retention.holds.lift.reason')}
          value={reason}
          rows={3}
          maxLength={1000}
          onChange={(event) => setReason(event.target.value)}
          error={error ?? undefined}
          data-autofocus
        />
        <div className="ui-dialog__actions">
          <Button variant="secondary" onClick={onClose}>
            {t('retention.common.cancel')}
          </Button>
          <Button type="submit" busy={saving}>
            {t('retention.holds.lift.submit')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

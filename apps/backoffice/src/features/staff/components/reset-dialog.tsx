import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { RESET_REASON_MAX, RESET_REASON_MIN, RET_CODES } from '@kyc/contracts';
import { isApiError } from '../../../lib/api-client.ts';
import { errorMessageKey } from '../../../lib/error-message.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { Dialog } from '../../../ui/dialog.tsx';
import { TextAreaField } from '../../../ui/text-area-field.tsx';
import { resetSecondFactor, type StaffMemberEntry } from '../api/staff.ts';

/**
 * Confirms the reset of a member's second factor with a required reason (kept in the audit entry). The
 * server checks everything again: 20011 (reason), 20010 (one's own), 20009 (already reset meanwhile).
 */
export function ResetDialog({
  member,
  name,
  onDone,
  onClose,
}: {
  member: StaffMemberEntry;
  name: string;
  onDone: (entry: StaffMemberEntry) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const trimmed = reason.trim();
    const invalid = trimmed.length < RESET_REASON_MIN || trimmed.length > RESET_REASON_MAX;
    setReasonError(invalid);
    setFailure(null);
    if (invalid) return;
    setBusy(true);
    try {
      onDone(await resetSecondFactor(member.id, trimmed));
    } catch (error) {
      setBusy(false);
      if (isApiError(error, RET_CODES.STAFF_RESET_REASON_REQUIRED.code)) setReasonError(true);
      else if (isApiError(error, RET_CODES.STAFF_SECOND_FACTOR_NOT_SET.code))
        setFailure(t('staffAdmin.errors.notSet', { name }));
      else if (isApiError(error, RET_CODES.STAFF_SELF_RESET_REFUSED.code))
        setFailure(t('staffAdmin.errors.self'));
      else if (isApiError(error, RET_CODES.STAFF_MEMBER_NOT_FOUND.code))
        setFailure(t('staffAdmin.errors.notFound'));
      else setFailure(t(errorMessageKey(error)));
    }
  };

  return (
    <Dialog title={t('staffAdmin.dialogTitle', { name })} onClose={onClose}>
      <form onSubmit={(event) => void onSubmit(event)} noValidate>
        {failure ? <Alert tone="error">{failure}</Alert> : null}
        <p>{t('staffAdmin.dialogBody', { name })}</p>
        <TextAreaField
          label={t('staffAdmin.reasonLabel')}
          hint={t('staffAdmin.reasonHint')}
          name="reason"
          rows={3}
          maxLength={RESET_REASON_MAX}
          required
          data-autofocus
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          error={reasonError ? t('staffAdmin.errors.reasonRequired') : undefined}
        />
        <div className="ui-dialog__actions">
          <Button variant="secondary" onClick={onClose}>
            {t('staffAdmin.cancel')}
          </Button>
          <Button type="submit" busy={busy}>
            {busy ? t('staffAdmin.confirming') : t('staffAdmin.confirm')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

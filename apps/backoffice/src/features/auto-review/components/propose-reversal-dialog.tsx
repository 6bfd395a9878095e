import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { KYC_REJECT_REASON_CODES, type KycRejectReasonCode } from '@kyc/contracts';
import { errorMessageKey } from '../../../lib/error-message.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { Dialog } from '../../../ui/dialog.tsx';
import { SelectField } from '../../../ui/select-field.tsx';
import { TextAreaField } from '../../../ui/text-area-field.tsx';
import { actOnAutoReview, type AutoReviewItem } from '../api/auto-review.ts';

/**
 * Propose reversing an automatic approval with a reason from the catalogue and an optional message the
 * person reads; a second senior reviewer confirms it (four eyes). Until then nothing changes for the person.
 */
export function ProposeReversalDialog({
  item,
  onDone,
  onClose,
}: {
  item: AutoReviewItem;
  onDone: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [reasonCode, setReasonCode] = useState<KycRejectReasonCode>('SUSPECTED_FRAUD');
  const [message, setMessage] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFailure(null);
    setSaving(true);
    try {
      await actOnAutoReview(item.id, { action: 'propose_reversal', reasonCode, userMessage: message.trim() });
      onDone();
    } catch (caught) {
      setFailure(t(errorMessageKey(caught)));
    } finally {
      setSaving(false);
    }
  };
  return (
    <Dialog title={t('autoReview.propose.title', { id: item.userId })} onClose={onClose}>
      <form className="ui-dialog__form" onSubmit={(event) => void onSubmit(event)} noValidate>
        <p>{t('autoReview.propose.explanation')}</p>
        {failure ? <Alert tone="error">{failure}</Alert> : null}
        <SelectField
          label={t('autoReview.propose.reason')}
          value={reasonCode}
          onChange={(event) => setReasonCode(event.target.value as KycRejectReasonCode)}
          options={KYC_REJECT_REASON_CODES.map((code) => ({
            value: code,
            label: t(`decisions.reasons.${code}`),
          }))}
          data-autofocus
        />
        <TextAreaField
          label={t('autoReview.propose.message')}
          value={message}
          rows={3}
          maxLength={500}
          onChange={(event) => setMessage(event.target.value)}
        />
        <div className="ui-dialog__actions">
          <Button variant="secondary" onClick={onClose}>
            {t('autoReview.propose.cancel')}
          </Button>
          <Button type="submit" busy={saving}>
            {t('autoReview.propose.submit')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

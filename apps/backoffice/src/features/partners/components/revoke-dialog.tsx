import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RET_CODES } from '@kyc/contracts';
import { isApiError } from '../../../lib/api-client.ts';
import { errorMessageKey } from '../../../lib/error-message.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { Dialog } from '../../../ui/dialog.tsx';
import { revokeSecret, type PartnerEntry } from '../api/partners.ts';

interface RevokeDialogProps {
  partner: PartnerEntry;
  secret: PartnerEntry['secrets'][number];
  onRevoked: (partner: PartnerEntry) => void;
  onConflict: () => void;
  onClose: () => void;
}

/** Confirms the end of one secret: calls signed with it are refused from then on. */
export function RevokeDialog({ partner, secret, onRevoked, onConflict, onClose }: RevokeDialogProps) {
  const { t } = useTranslation();
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const revoke = async () => {
    setBusy(true);
    setFailure(null);
    try {
      onRevoked(await revokeSecret(partner, secret.id));
    } catch (error) {
      if (isApiError(error, RET_CODES.PARTNER_EDIT_CONFLICT.code)) onConflict();
      else if (isApiError(error, RET_CODES.PARTNER_LAST_SECRET.code))
        setFailure(t('partners.errors.lastSecret'));
      else setFailure(t(errorMessageKey(error)));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog title={t('partners.revoke.title', { fingerprint: secret.fingerprint })} onClose={onClose}>
      {failure ? <Alert tone="error">{failure}</Alert> : null}
      <p>{t('partners.revoke.body', { partner: partner.name })}</p>
      <div className="ui-dialog__actions">
        <Button variant="secondary" onClick={onClose} data-autofocus>
          {t('partners.form.cancel')}
        </Button>
        <Button busy={busy} onClick={() => void revoke()}>
          {t('partners.revoke.confirm')}
        </Button>
      </div>
    </Dialog>
  );
}

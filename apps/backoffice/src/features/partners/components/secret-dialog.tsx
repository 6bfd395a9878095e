import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { Dialog } from '../../../ui/dialog.tsx';

interface SecretDialogProps {
  partnerName: string;
  secret: string;
  fingerprint: string;
  /** What the secret is for; the partner's signing secret unless told (the webhook page's own). */
  label?: string;
  onClose: () => void;
}

/**
 * A new signing secret, shown this once (the server keeps it sealed and never answers it again): a
 * warning, the secret in a read-only field to select, a copy button, and a close button that says the
 * admin has stored it. Closing forgets the secret in the page too.
 */
export function SecretDialog({ partnerName, secret, fingerprint, label, onClose }: SecretDialogProps) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(secret);
      setCopied('yes');
    } catch {
      setCopied('failed');
    }
  };

  return (
    <Dialog title={t('partners.secret.title', { partner: partnerName })} onClose={onClose}>
      <div className="partners-secret">
        <Alert tone="error">{t('partners.secret.warning')}</Alert>
        <label className="partners-secret__label" htmlFor="partners-new-secret">
          {label ?? t('partners.secret.label')}
        </label>
        <input
          id="partners-new-secret"
          className="partners-secret__value"
          readOnly
          dir="ltr"
          value={secret}
          onFocus={(event) => event.currentTarget.select()}
          data-autofocus
          aria-describedby="partners-new-secret-fingerprint"
        />
        <p id="partners-new-secret-fingerprint" className="partners-secret__fingerprint">
          {t('partners.secret.fingerprint')} <bdi>{fingerprint}</bdi>
        </p>
        <p role="status" className="partners-secret__copied">
          {copied === 'yes' ? t('partners.secret.copied') : null}
          {copied === 'failed' ? t('partners.secret.copyFailed') : null}
        </p>
        <div className="ui-dialog__actions">
          <Button variant="secondary" onClick={() => void copy()}>
            {t('partners.secret.copy')}
          </Button>
          <Button onClick={onClose}>{t('partners.secret.done')}</Button>
        </div>
      </div>
    </Dialog>
  );
}

import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { RET_CODES } from '@kyc/contracts';
import { isApiError } from '../../../lib/api-client.ts';
import { errorMessageKey } from '../../../lib/error-message.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { TextField } from '../../../ui/text-field.tsx';
import {
  saveWebhook,
  webhookUrlValid,
  type PartnerWebhookAnswer,
  type PartnerWebhookSaved,
} from '../api/partner-webhooks.ts';
import { SecretDialog } from './secret-dialog.tsx';

interface WebhookFormProps {
  partnerId: string;
  webhook: PartnerWebhookAnswer['webhook'];
  onSaved: (saved: PartnerWebhookSaved) => void;
}

/**
 * The partner's webhook address, its enabled flag and the rotation of its secret. The first save makes
 * the secret; a new secret is shown once in the secret dialog (the server never answers it again).
 */
export function WebhookForm({ partnerId, webhook, onSaved }: WebhookFormProps) {
  const { t } = useTranslation();
  const [url, setUrl] = useState(webhook?.url ?? '');
  const [enabled, setEnabled] = useState(webhook?.enabled ?? true);
  const [rotate, setRotate] = useState(false);
  const [urlError, setUrlError] = useState<string | undefined>();
  const [notice, setNotice] = useState<{ tone: 'info' | 'error'; text: string } | null>(null);
  const [saving, setSaving] = useState(false);
  const [secret, setSecret] = useState<{ value: string; fingerprint: string } | null>(null);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setNotice(null);
    if (!webhookUrlValid(url)) {
      setUrlError(t('partnerWebhook.errors.url'));
      return;
    }
    setUrlError(undefined);
    setSaving(true);
    try {
      const saved = await saveWebhook(partnerId, { url: url.trim(), enabled, rotateSecret: rotate });
      setRotate(false);
      onSaved(saved);
      setNotice({ tone: 'info', text: t('partnerWebhook.form.saved') });
      if (saved.secret) setSecret({ value: saved.secret, fingerprint: saved.webhook.secretFingerprint });
    } catch (error) {
      if (isApiError(error, RET_CODES.PARTNER_WEBHOOK_URL_INVALID.code))
        setUrlError(t('partnerWebhook.errors.url'));
      else setNotice({ tone: 'error', text: t(errorMessageKey(error)) });
    } finally {
      setSaving(false);
    }
  };

  return (
    <section className="partner-webhook__section" aria-labelledby="partner-webhook-endpoint">
      <h2 id="partner-webhook-endpoint">{t('partnerWebhook.form.heading')}</h2>
      {notice ? <Alert tone={notice.tone}>{notice.text}</Alert> : null}
      <p className="partners-intro">
        {webhook
          ? t('partnerWebhook.form.fingerprint', { fingerprint: webhook.secretFingerprint })
          : t('partnerWebhook.form.notRegistered')}
      </p>
      <form className="partners-form" onSubmit={(event) => void onSubmit(event)} noValidate>
        <TextField
          label={t('partnerWebhook.form.url')}
          hint={t('partnerWebhook.form.urlHint')}
          value={url}
          onChange={(event) => setUrl(event.target.value)}
          error={urlError}
          dir="ltr"
          type="url"
          autoComplete="off"
          spellCheck={false}
          maxLength={2048}
        />
        <label className="partners-form__choice">
          <input type="checkbox" checked={enabled} onChange={(event) => setEnabled(event.target.checked)} />
          <span>{t('partnerWebhook.form.enabled')}</span>
        </label>
        {webhook ? (
          <label className="partners-form__choice">
            <input type="checkbox" checked={rotate} onChange={(event) => setRotate(event.target.checked)} />
            <span>{t('partnerWebhook.form.rotate')}</span>
          </label>
        ) : null}
        <Button type="submit" busy={saving}>
          {t('partnerWebhook.form.save')}
        </Button>
      </form>
      {secret ? (
        <SecretDialog
          partnerName={partnerId}
          secret={secret.value}
          fingerprint={secret.fingerprint}
          label={t('partnerWebhook.secretLabel')}
          onClose={() => setSecret(null)}
        />
      ) : null}
    </section>
  );
}

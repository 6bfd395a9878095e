import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { StaffTotpEnrolment } from '@kyc/contracts';
import { Button } from '../../../ui/button.tsx';

type CopyState = 'idle' | 'copied' | 'failed';

/** The secret in groups of four, as authenticator apps show it; spaces are ignored when typed in. */
export function groupSecret(secret: string): string {
  return secret.replace(/(.{4})(?=.)/g, '$1 ');
}

/**
 * First sign-in: the new TOTP secret and its otpauth:// link, to add to an authenticator app. Text
 * only (no QR image: that would need a library or a third-party service); both values can be copied.
 */
export function TotpEnrolment({ enrolment }: { enrolment: StaffTotpEnrolment }) {
  const { t } = useTranslation();
  const secretId = useId();
  const linkId = useId();
  const [copied, setCopied] = useState<{ what: 'secret' | 'link'; state: CopyState } | null>(null);

  const copy = async (what: 'secret' | 'link', text: string) => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied({ what, state: 'copied' });
    } catch {
      setCopied({ what, state: 'failed' });
    }
  };

  const status = (what: 'secret' | 'link') =>
    copied?.what === what
      ? t(copied.state === 'copied' ? 'login.enrol.copied' : 'login.enrol.copyFailed')
      : '';

  return (
    <div className="totp-enrolment">
      <p>{t('login.enrol.step1')}</p>
      <div className="totp-enrolment__item">
        <span className="totp-enrolment__label">{t('login.enrol.secretLabel')}</span>
        <code className="totp-enrolment__value totp-enrolment__secret" id={secretId} translate="no">
          {groupSecret(enrolment.secret)}
        </code>
        <div className="totp-enrolment__actions">
          <Button
            variant="secondary"
            onClick={() => void copy('secret', enrolment.secret)}
            aria-describedby={secretId}
          >
            {t('login.enrol.copySecret')}
          </Button>
          <span role="status" className="totp-enrolment__status">
            {status('secret')}
          </span>
        </div>
      </div>
      <div className="totp-enrolment__item">
        <span className="totp-enrolment__label">{t('login.enrol.linkLabel')}</span>
        <code className="totp-enrolment__value" id={linkId} translate="no">
          {enrolment.otpauthUri}
        </code>
        <div className="totp-enrolment__actions">
          <Button
            variant="secondary"
            onClick={() => void copy('link', enrolment.otpauthUri)}
            aria-describedby={linkId}
          >
            {t('login.enrol.copyLink')}
          </Button>
          <a className="totp-enrolment__open" href={enrolment.otpauthUri}>
            {t('login.enrol.openLink')}
          </a>
          <span role="status" className="totp-enrolment__status">
            {status('link')}
          </span>
        </div>
      </div>
      <p className="totp-enrolment__note">{t('login.enrol.keepPrivate')}</p>
      <p>{t('login.enrol.step2')}</p>
    </div>
  );
}

import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LinkInfo } from '@kyc/contracts';
import { isApiError } from '../../../lib/http';
import { isolate } from '../../../lib/i18n/bidi';
import { errorMessage } from '../../../lib/i18n/error-message';
import { useDocumentTitle } from '../../../lib/i18n/use-screen-title';
import { LoginForm } from '../../../login/login-form';
import '../../../login/login.css';
import { Button } from '../../../ui/button';
import { Card } from '../../../ui/card';
import { answerConsent, linkSignIn, sendLinkSignInCode } from '../api/link-flow';
import './link-flow.css';

/**
 * The embedded link flow (docs/sdk.md "Partner links"): a partner's link token for a person it is not
 * yet linked to. The person signs in or signs up here (the portal's own form and rules, without a
 * session cookie), then agrees — or not — to share their verification with the named partner. On
 * agreeing the same token becomes an ordinary SDK token and `onLinked` continues to the verification.
 */
export function LinkFlow({ initial, onLinked }: { initial: LinkInfo; onLinked: () => Promise<void> }) {
  const [info, setInfo] = useState(initial);
  const [declined, setDeclined] = useState(false);
  if (declined) return <Declined partner={info.businessName} />;
  if (info.step === 'sign_in')
    return <SignInStep partner={info.businessName} onSignedIn={(next) => setInfo(next)} />;
  return <ConsentStep info={info} onLinked={onLinked} onDeclined={() => setDeclined(true)} />;
}

function SignInStep({ partner, onSignedIn }: { partner: string; onSignedIn: (info: LinkInfo) => void }) {
  const { t } = useTranslation();
  const title = t('sdk.link.signIn.title');
  useDocumentTitle(title);
  return (
    <div className="page link-flow">
      <h1>{title}</h1>
      <p className="page__intro">{t('sdk.link.signIn.intro', { partner: isolate(partner) })}</p>
      <Card className="link-flow__card">
        <LoginForm
          redirectUrl={null}
          onCredentials={async (intent, body) => onSignedIn(await linkSignIn(intent, body))}
          // D89: a device that keeps failing passes the emailed code here too; the sign-in's 60014 opens
          // the step (no default-intercept call: an embedded page may hold none of the portal's cookies).
          onSendCode={sendLinkSignInCode}
        />
      </Card>
    </div>
  );
}

function ConsentStep({
  info,
  onLinked,
  onDeclined,
}: {
  info: LinkInfo;
  onLinked: () => Promise<void>;
  onDeclined: () => void;
}) {
  const { t, i18n } = useTranslation();
  const partner = info.businessName;
  const title = t('sdk.link.consent.title', { partner: isolate(partner) });
  useDocumentTitle(title);
  const [pending, setPending] = useState<'agree' | 'decline' | null>(null);
  const [error, setError] = useState<string | null>(null);

  const answer = async (decision: 'agree' | 'decline') => {
    if (pending) return;
    setPending(decision);
    setError(null);
    try {
      await answerConsent(decision, info.consentVersion);
      if (decision === 'agree') await onLinked();
      else onDeclined();
    } catch (failure) {
      setError(isApiError(failure) ? errorMessage(i18n, failure) : t('login.errors.unexpected'));
      setPending(null);
    }
  };

  return (
    <div className="page link-flow">
      <h1>{title}</h1>
      <Card className="link-flow__card">
        <p>{t('sdk.link.consent.asks', { partner: isolate(partner) })}</p>
        <ul className="link-flow__list">
          <li>{t('sdk.link.consent.status')}</li>
          <li>{t('sdk.link.consent.details')}</li>
        </ul>
        <p>{t('sdk.link.consent.withdraw')}</p>
        {info.email ? (
          <p className="link-flow__meta">
            {t('sdk.link.consent.signedInAs', { email: isolate(info.email) })}
          </p>
        ) : null}
        <p className="link-flow__meta">
          {t('sdk.link.consent.version', { version: isolate(info.consentVersion) })}
        </p>
        <div role="alert" className="link-flow__alert">
          {error ? (
            <p className="login-form__server-error">
              {error} {t('sdk.link.backToApp')}
            </p>
          ) : null}
        </div>
        <div className="link-flow__actions">
          <Button
            variant="primary"
            size="large"
            block
            loading={pending === 'agree'}
            disabled={pending !== null}
            onClick={() => void answer('agree')}
          >
            {t('sdk.link.consent.agree')}
          </Button>
          <Button
            variant="secondary"
            size="large"
            block
            loading={pending === 'decline'}
            disabled={pending !== null}
            onClick={() => void answer('decline')}
          >
            {t('sdk.link.consent.decline')}
          </Button>
        </div>
      </Card>
    </div>
  );
}

function Declined({ partner }: { partner: string }) {
  const { t } = useTranslation();
  const title = t('sdk.link.declined.title');
  useDocumentTitle(title);
  return (
    <div className="page link-flow">
      <h1>{title}</h1>
      <Card className="link-flow__card">
        <p>{t('sdk.link.declined.body', { partner: isolate(partner) })}</p>
        <p>{t('sdk.link.backToApp')}</p>
      </Card>
    </div>
  );
}

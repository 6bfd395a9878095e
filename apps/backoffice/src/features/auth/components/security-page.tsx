import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { RET_CODES, type RecoveryCodesIssued } from '@kyc/contracts';
import { isApiError } from '../../../lib/api-client.ts';
import { errorMessageKey } from '../../../lib/error-message.ts';
import { formatDate } from '../../../lib/format.ts';
import { useResource } from '../../../lib/use-resource.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useStaff } from '../../../lib/staff-session.tsx';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { Card } from '../../../ui/card.tsx';
import { Dialog } from '../../../ui/dialog.tsx';
import { LoadError } from '../../../ui/load-error.tsx';
import { Spinner } from '../../../ui/spinner.tsx';
import { TextField } from '../../../ui/text-field.tsx';
import { fetchRecoveryCodesStatus, regenerateRecoveryCodes } from '../api/recovery-codes.ts';
import { RecoveryCodesList } from './recovery-codes-list.tsx';
import './login-page.css';

/** Fewer than this many codes left: the page suggests a new set. */
const LOW = 3;

/**
 * Security (every member): two-step verification and the recovery codes left. A new set needs a fresh
 * code (from the app, or one recovery code) in a confirmation dialog that warns the old codes stop
 * working; the new codes are then shown once, with Copy and Download.
 */
export function SecurityPage() {
  const { t, i18n } = useTranslation();
  const staff = useStaff();
  useDocumentTitle(t('areas.security.title'));
  const { resource, reload } = useResource('recovery-codes', (signal) => fetchRecoveryCodesStatus(signal));
  const [confirming, setConfirming] = useState(false);
  const [issued, setIssued] = useState<RecoveryCodesIssued | null>(null);

  return (
    <>
      <h1>{t('areas.security.title')}</h1>
      <p className="security-intro">{t('security.intro')}</p>
      <Card as="section" aria-labelledby="security-two-step">
        <h2 id="security-two-step">{t('security.twoStep.heading')}</h2>
        <p>{t('security.twoStep.status')}</p>
      </Card>
      <Card as="section" aria-labelledby="security-codes" className="security-codes">
        <h2 id="security-codes">{t('security.codes.heading')}</h2>
        <p>{t('security.codes.intro')}</p>
        {issued ? (
          <>
            <h3>{t('security.codes.newHeading')}</h3>
            <RecoveryCodesList codes={issued.codes} email={staff.email} />
            <Button
              variant="secondary"
              onClick={() => {
                setIssued(null);
                reload();
              }}
            >
              {t('security.codes.done')}
            </Button>
          </>
        ) : resource.state === 'loading' ? (
          <Spinner label={t('security.codes.loading')} />
        ) : resource.state === 'error' ? (
          <LoadError message={t(errorMessageKey(resource.error))} onRetry={reload} />
        ) : (
          <>
            <p className="security-codes__count">
              {t('security.codes.remaining', { count: resource.data.remaining })}
              {resource.data.createdAt !== null ? (
                <span className="security-codes__date">
                  {' '}
                  {t('security.codes.createdAt', {
                    date: formatDate(resource.data.createdAt, i18n.language),
                  })}
                </span>
              ) : null}
            </p>
            {resource.data.remaining < LOW ? (
              <Alert tone="error">
                {resource.data.remaining === 0 ? t('security.codes.none') : t('security.codes.low')}
              </Alert>
            ) : null}
            <Button onClick={() => setConfirming(true)}>{t('security.codes.regenerate')}</Button>
          </>
        )}
        <p className="security-codes__lost">{t('security.codes.lostPhone')}</p>
      </Card>
      {confirming ? (
        <RegenerateDialog
          onClose={() => setConfirming(false)}
          onIssued={(result) => {
            setConfirming(false);
            setIssued(result);
          }}
        />
      ) : null}
    </>
  );
}

function RegenerateDialog({
  onClose,
  onIssued,
}: {
  onClose: () => void;
  onIssued: (issued: RecoveryCodesIssued) => void;
}) {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    setFailure(null);
    if (code.trim() === '') {
      setError(t('security.codes.errors.required'));
      return;
    }
    setError(null);
    setBusy(true);
    try {
      onIssued(await regenerateRecoveryCodes(code.trim()));
    } catch (caught) {
      setBusy(false);
      if (
        isApiError(caught, RET_CODES.INVALID_CREDENTIALS.code) ||
        isApiError(caught, RET_CODES.STAFF_RECOVERY_CODE_FORMAT.code)
      ) {
        setCode('');
        setError(t('security.codes.errors.invalid'));
      } else setFailure(t(errorMessageKey(caught)));
    }
  };

  return (
    <Dialog title={t('security.codes.dialogTitle')} onClose={onClose}>
      <form onSubmit={(event) => void onSubmit(event)} noValidate>
        {failure ? <Alert tone="error">{failure}</Alert> : null}
        <p>{t('security.codes.dialogWarning')}</p>
        <TextField
          label={t('security.codes.codeLabel')}
          hint={t('security.codes.codeHint')}
          name="code"
          autoComplete="one-time-code"
          spellCheck={false}
          maxLength={13}
          value={code}
          data-autofocus
          onChange={(event) => setCode(event.target.value)}
          error={error ?? undefined}
        />
        <div className="ui-dialog__actions">
          <Button variant="secondary" onClick={onClose}>
            {t('security.codes.cancel')}
          </Button>
          <Button type="submit" busy={busy}>
            {busy ? t('security.codes.confirming') : t('security.codes.confirm')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

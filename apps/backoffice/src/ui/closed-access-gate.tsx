import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ACCESS_REASON_MAX, ACCESS_REASON_MIN, grantClosedAccess } from '../lib/closed-access.ts';
import { errorMessageKey } from '../lib/error-message.ts';
import { formatDateTime } from '../lib/format.ts';
import type { ClosedAccess } from '../lib/closed-access.ts';
import { Alert } from './alert.tsx';
import { Button } from './button.tsx';
import { Card } from './card.tsx';
import { Dialog } from './dialog.tsx';
import { TextAreaField } from './text-area-field.tsx';

interface ClosedAccessGateProps {
  userId: number;
  /** The reason was recorded: the page reads the person again. */
  onGranted: () => void;
}

/**
 * Issue 20 (D79): a closed or held person's page asks first why it is opened. The reason goes to the
 * audit log and opens the person to this staff member for 30 minutes; every view names it.
 */
export function ClosedAccessGate({ userId, onGranted }: ClosedAccessGateProps) {
  const { t } = useTranslation();
  const [asking, setAsking] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const text = reason.trim();
    if (text.length < ACCESS_REASON_MIN || text.length > ACCESS_REASON_MAX) {
      setError(t('closedAccess.reasonInvalid', { min: ACCESS_REASON_MIN, max: ACCESS_REASON_MAX }));
      return;
    }
    setError(null);
    setFailure(null);
    setBusy(true);
    try {
      await grantClosedAccess(userId, text);
      setAsking(false);
      onGranted();
    } catch (caught) {
      setFailure(t(errorMessageKey(caught)));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card as="section" aria-labelledby="closed-access-heading">
      <h2 id="closed-access-heading">{t('closedAccess.heading')}</h2>
      <p>{t('closedAccess.explanation')}</p>
      <Button onClick={() => setAsking(true)}>{t('closedAccess.open')}</Button>
      {asking ? (
        <Dialog title={t('closedAccess.dialogTitle', { id: userId })} onClose={() => setAsking(false)}>
          <form className="ui-dialog__form" onSubmit={(event) => void onSubmit(event)} noValidate>
            {failure ? <Alert tone="error">{failure}</Alert> : null}
            <TextAreaField
              label={t('closedAccess.reason')}
              hint={t('closedAccess.reasonHint')}
              value={reason}
              maxLength={ACCESS_REASON_MAX}
              rows={3}
              onChange={(event) => setReason(event.target.value)}
              error={error ?? undefined}
              data-autofocus
            />
            <div className="ui-dialog__actions">
              <Button variant="secondary" onClick={() => setAsking(false)}>
                {t('closedAccess.cancel')}
              </Button>
              <Button type="submit" busy={busy}>
                {t('closedAccess.submit')}
              </Button>
            </div>
          </form>
        </Dialog>
      ) : null}
    </Card>
  );
}

/** "Account closed on … · on legal hold — opened with your reason "…" until 14:30". */
export function ClosedAccessBanner({ access }: { access: ClosedAccess }) {
  const { t, i18n } = useTranslation();
  const states = [
    access.closedAt !== null
      ? t('closedAccess.closedOn', { date: formatDateTime(access.closedAt, i18n.language) })
      : null,
    access.held ? t('closedAccess.held') : null,
    access.erased ? t('closedAccess.erased') : null,
  ].filter((s): s is string => s !== null);
  return (
    <Alert>
      <p>
        <strong>{states.join(' · ')}</strong>
      </p>
      {access.reason && access.expiresAt !== null ? (
        <p>
          {t('closedAccess.openedWith', {
            reason: access.reason,
            until: formatDateTime(access.expiresAt, i18n.language),
          })}
        </p>
      ) : null}
    </Alert>
  );
}

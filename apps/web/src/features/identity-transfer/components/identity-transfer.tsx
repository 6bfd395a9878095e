import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { IdentityResult, TransferView } from '@kyc/contracts';
import { isApiError, isStepUpCancelled } from '../../../lib/http';
import { isolate } from '../../../lib/i18n/bidi';
import { errorText } from '../../../lib/i18n/error-text';
import { Button } from '../../../ui/button';
import { Card } from '../../../ui/card';
import { TextField } from '../../../ui/text-field';
import { getIdentity, postTransferCancel, postTransferVerify } from '../api/transfer';
import './identity-transfer.css';

/**
 * Identity transfer on the personal page (issue 15, docs/identity-transfer.md): a new account names the
 * verified account to take the verification from; the verified account confirms it from its own
 * sign-in; both follow the review and may cancel while it is open. Each step behind security
 * verification (30030, 30031). Refusals are explained inline (role=alert).
 */
export function IdentityTransfer() {
  const { t, i18n } = useTranslation();
  const [info, setInfo] = useState<IdentityResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [form, setForm] = useState({ sourceEmail: '', firstName: '', lastName: '', dateOfBirth: '' });

  const load = useCallback(() => {
    getIdentity().then(setInfo, () => setInfo(null));
  }, []);
  useEffect(load, [load]);

  function describe(failure: unknown): string | null {
    if (isStepUpCancelled(failure)) return null;
    if (isApiError(failure)) return errorText(i18n, failure.ret_code) ?? t('identityTransfer.errors.generic');
    return t('identityTransfer.errors.generic');
  }

  async function run(action: () => Promise<unknown>) {
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      await action();
      load();
    } catch (failure) {
      setError(describe(failure));
    } finally {
      setBusy(false);
    }
  }

  function start(event: FormEvent) {
    event.preventDefault();
    void run(() => postTransferVerify({ role: 'target', ...form }));
  }

  if (!info) return null;
  const transfer = info.transfer;
  const open = transfer && ['awaiting_source', 'in_review', 'approved'].includes(transfer.stage);
  if (!transfer && !info.canReceive && info.level === 0) return null;

  return (
    <Card title={t('identityTransfer.title')} className="identity-transfer">
      {transfer ? <TransferState transfer={transfer} /> : null}
      {transfer?.role === 'source' && transfer.stage === 'awaiting_source' ? (
        <Button
          variant="primary"
          size="middle"
          loading={busy}
          onClick={() => void run(() => postTransferVerify({ role: 'source', transferId: transfer.id }))}
        >
          {t('identityTransfer.confirm')}
        </Button>
      ) : null}
      {transfer && open ? (
        <Button
          variant="secondary"
          size="middle"
          disabled={busy}
          onClick={() => void run(() => postTransferCancel(transfer.id))}
        >
          {t('identityTransfer.cancel')}
        </Button>
      ) : null}
      {info.canReceive ? (
        <form className="form-stack" noValidate onSubmit={start}>
          <p>{t('identityTransfer.intro')}</p>
          <TextField
            id="transfer-source-email"
            type="email"
            label={t('identityTransfer.form.sourceEmail')}
            value={form.sourceEmail}
            autoComplete="off"
            onChange={(event) => setForm({ ...form, sourceEmail: event.target.value })}
          />
          <TextField
            id="transfer-first-name"
            label={t('identityTransfer.form.firstName')}
            value={form.firstName}
            onChange={(event) => setForm({ ...form, firstName: event.target.value })}
          />
          <TextField
            id="transfer-last-name"
            label={t('identityTransfer.form.lastName')}
            value={form.lastName}
            onChange={(event) => setForm({ ...form, lastName: event.target.value })}
          />
          <TextField
            id="transfer-date-of-birth"
            type="date"
            label={t('identityTransfer.form.dateOfBirth')}
            value={form.dateOfBirth}
            onChange={(event) => setForm({ ...form, dateOfBirth: event.target.value })}
            hint={t('identityTransfer.form.hint')}
          />
          <Button type="submit" variant="primary" size="middle" loading={busy}>
            {t('identityTransfer.form.submit')}
          </Button>
        </form>
      ) : !transfer ? (
        <p>{t('identityTransfer.introVerified')}</p>
      ) : null}
      <div role="alert">{error ? <p className="field__error">{error}</p> : null}</div>
    </Card>
  );
}

function TransferState({ transfer }: { transfer: TransferView }) {
  const { t, i18n } = useTranslation();
  const account = isolate(transfer.otherAccount);
  const date = transfer.coolingOffUntil
    ? new Date(transfer.coolingOffUntil).toLocaleString(i18n.resolvedLanguage ?? 'en')
    : '';
  const text = (() => {
    switch (transfer.stage) {
      case 'awaiting_source':
        return transfer.role === 'target'
          ? t('identityTransfer.stage.awaitingSourceTarget', { account })
          : t('identityTransfer.stage.awaitingSourceSource', { account });
      case 'in_review':
      case 'approved':
        return t('identityTransfer.stage.inReview', { date });
      case 'completed':
        return transfer.role === 'target'
          ? t('identityTransfer.stage.completedTarget', { account })
          : t('identityTransfer.stage.completedSource', { account });
      case 'rejected':
        return t('identityTransfer.stage.rejected', { reason: transfer.rejectReason });
      default:
        return t('identityTransfer.stage.cancelled');
    }
  })();
  return (
    <p role="status" data-stage={transfer.stage}>
      {text}
    </p>
  );
}

import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { AccountClosureResult } from '@kyc/contracts';
import { isApiError, isStepUpCancelled } from '../../../lib/http';
import { errorText } from '../../../lib/i18n/error-text';
import { Button } from '../../../ui/button';
import { postCloseAccount } from '../api/account-closure';
import './account-closure.css';

/**
 * "Close account" on the personal page (issue 20, docs/data-lifecycle.md "Closing an account"): what
 * closing does, an optional erasure request (which closes too, said before confirming), a checkbox to
 * confirm, then security verification of scene 30035 and the call. Refusals are announced inline
 * (role=alert); a cancelled verification says nothing and gives focus back to the button.
 */
export function AccountClosure({ onClosed }: { onClosed: (result: AccountClosureResult) => void }) {
  const { t, i18n } = useTranslation();
  const [erase, setErase] = useState(false);
  const [understood, setUnderstood] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [refocus, setRefocus] = useState(false);
  const submitRef = useRef<HTMLButtonElement>(null);
  const confirmRef = useRef<HTMLInputElement>(null);
  const titleId = useId();
  const id = useId();

  useEffect(() => {
    if (!refocus || busy) return;
    submitRef.current?.focus();
    setRefocus(false);
  }, [refocus, busy]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    if (!understood) {
      setError(t('accountClosure.confirmRequired'));
      confirmRef.current?.focus();
      return;
    }
    setBusy(true);
    setError(null);
    try {
      onClosed(await postCloseAccount(erase));
    } catch (failure) {
      if (!isStepUpCancelled(failure))
        setError(
          (isApiError(failure) ? errorText(i18n, failure.ret_code) : null) ??
            t('accountClosure.errors.generic'),
        );
      setRefocus(true);
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="card account-closure" aria-labelledby={titleId}>
      <h2 id={titleId} className="card__title">
        {t('accountClosure.title')}
      </h2>
      <p className="account-closure__muted">{t('accountClosure.intro')}</p>
      <p className="account-closure__muted">{t('accountClosure.keptNote')}</p>
      <form noValidate className="account-closure__form" onSubmit={submit}>
        <label className="account-closure__choice">
          <input
            type="checkbox"
            checked={erase}
            aria-describedby={`${id}-erase-hint`}
            onChange={(event) => setErase(event.target.checked)}
          />
          <span>{t('accountClosure.eraseLabel')}</span>
        </label>
        <p id={`${id}-erase-hint`} className="account-closure__hint">
          {t('accountClosure.eraseHint')}
        </p>
        <label className="account-closure__choice">
          <input
            ref={confirmRef}
            type="checkbox"
            checked={understood}
            aria-invalid={error !== null && !understood ? true : undefined}
            onChange={(event) => {
              setUnderstood(event.target.checked);
              if (event.target.checked) setError(null);
            }}
          />
          <span>{t('accountClosure.confirmLabel')}</span>
        </label>
        <div role="alert" className="account-closure__alert">
          {error ? <p className="account-closure__error">{error}</p> : null}
        </div>
        <div>
          <Button
            ref={submitRef}
            type="submit"
            variant="primary"
            size="middle"
            loading={busy}
            disabled={busy}
          >
            {erase ? t('accountClosure.submitErase') : t('accountClosure.submit')}
          </Button>
        </div>
      </form>
    </section>
  );
}

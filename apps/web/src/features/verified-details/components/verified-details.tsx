import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { KycPersonalInfo } from '@kyc/contracts';
import { isApiError, isStepUpCancelled } from '../../../lib/http';
import { errorText } from '../../../lib/i18n/error-text';
import { Button } from '../../../ui/button';
import { getPersonalDetails, revealPersonalDetails } from '../api/personal-details';
import './verified-details.css';

type View =
  | { step: 'loading' }
  | { step: 'error' }
  /** Nothing under review or verified yet: the details are the person's own draft, shown in the flow. */
  | { step: 'none' }
  | { step: 'masked'; details: KycPersonalInfo }
  /** `masked`: what to show again on "Hide details", without asking the server. */
  | { step: 'shown'; details: KycPersonalInfo; masked: KycPersonalInfo };

/** A value as shown: masked ones are read out as "hidden", not as a letter and three stars. */
function Value({ value, masked }: { value: string; masked: boolean }) {
  const { t } = useTranslation();
  if (!masked)
    return (
      <bdi translate="no" className="verified-details__value">
        {value}
      </bdi>
    );
  return (
    <>
      <span aria-hidden="true" dir="ltr" className="verified-details__value verified-details__value--masked">
        {value}
      </span>
      <span className="visually-hidden">{t('verifiedDetails.hiddenValue')}</span>
    </>
  );
}

/**
 * "Verified details" on the personal page (issue 15, docs/security-verification.md "Reveal"): once a
 * level is under review or verified, the server answers the name and date of birth masked; "Show
 * details" asks for security verification of scene 30029 (eye) and shows them until "Hide details".
 * Nothing is kept: hiding drops the revealed values, and leaving the page forgets them.
 */
export function VerifiedDetails() {
  const { t, i18n } = useTranslation();
  const [view, setView] = useState<View>({ step: 'loading' });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState('');
  const toggleRef = useRef<HTMLButtonElement>(null);
  const [refocus, setRefocus] = useState(false);
  const titleId = useId();

  const load = useCallback(() => {
    setView({ step: 'loading' });
    getPersonalDetails().then(
      (details) => setView(details?.masked ? { step: 'masked', details } : { step: 'none' }),
      () => setView({ step: 'error' }),
    );
  }, []);
  useEffect(load, [load]);

  // The toggle keeps focus across show and hide (it is disabled while busy, which drops focus).
  useEffect(() => {
    if (!refocus || busy) return;
    toggleRef.current?.focus();
    setRefocus(false);
  }, [refocus, busy]);

  async function show(masked: KycPersonalInfo) {
    if (busy) return;
    setBusy(true);
    setError(null);
    setStatus('');
    try {
      const details = await revealPersonalDetails();
      setView({ step: 'shown', details, masked });
      setStatus(t('verifiedDetails.shownStatus'));
    } catch (failure) {
      setView({ step: 'masked', details: masked });
      if (!isStepUpCancelled(failure))
        setError(
          (isApiError(failure) ? errorText(i18n, failure.ret_code) : null) ??
            t('verifiedDetails.errors.generic'),
        );
    } finally {
      setBusy(false);
      setRefocus(true);
    }
  }

  function hide(masked: KycPersonalInfo) {
    setView({ step: 'masked', details: masked });
    setError(null);
    setStatus(t('verifiedDetails.hiddenStatus'));
    setRefocus(true);
  }

  if (view.step === 'none') return null;
  if (view.step === 'loading')
    return <div className="card verified-details verified-details--loading" aria-busy="true" />;

  return (
    <section className="card verified-details" aria-labelledby={titleId}>
      <h2 id={titleId} className="card__title">
        {t('verifiedDetails.title')}
      </h2>
      {view.step === 'error' ? (
        <div className="verified-details__error-box">
          <p role="alert">{t('verifiedDetails.loadError')}</p>
          <Button variant="secondary" size="small" onClick={load}>
            {t('verifiedDetails.retry')}
          </Button>
        </div>
      ) : (
        <>
          <p className="verified-details__intro">{t('verifiedDetails.intro')}</p>
          <dl className="verified-details__list">
            <div className="verified-details__item">
              <dt>{t('verifiedDetails.name')}</dt>
              <dd>
                <Value
                  value={`${view.details.firstName} ${view.details.lastName}`.trim()}
                  masked={view.step === 'masked'}
                />
              </dd>
            </div>
            <div className="verified-details__item">
              <dt>{t('verifiedDetails.dateOfBirth')}</dt>
              <dd>
                <Value value={view.details.dateOfBirth} masked={view.step === 'masked'} />
              </dd>
            </div>
          </dl>
          <div className="verified-details__actions">
            {view.step === 'masked' ? (
              <Button
                ref={toggleRef}
                variant="secondary"
                size="middle"
                loading={busy}
                disabled={busy}
                onClick={() => void show(view.details)}
              >
                {t('verifiedDetails.show')}
              </Button>
            ) : (
              <Button ref={toggleRef} variant="secondary" size="middle" onClick={() => hide(view.masked)}>
                {t('verifiedDetails.hide')}
              </Button>
            )}
          </div>
        </>
      )}
      {view.step === 'error' ? null : (
        <div role="alert" className="verified-details__alert">
          {error ? <p className="verified-details__error">{error}</p> : null}
        </div>
      )}
      <p role="status" className="verified-details__status visually-hidden">
        {status}
      </p>
    </section>
  );
}

import {
  lazy,
  Suspense,
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
  type FormEvent,
  type Ref,
} from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError, isStepUpCancelled } from '../../../lib/http';
import { errorText } from '../../../lib/i18n/error-text';
import { Button } from '../../../ui/button';
import { TextField } from '../../../ui/text-field';
import {
  getTotpStatus,
  postTotpConfirm,
  postTotpDisable,
  postTotpEnrol,
  type TotpEnrolment,
} from '../api/totp';
import './authenticator.css';

/** The QR code's library (D70) loads only when a person starts setting up an app. */
const QrCode = lazy(() => import('./qr-code'));

type View =
  | { step: 'loading' }
  | { step: 'error' }
  | { step: 'off' }
  | { step: 'setup'; enrolment: TotpEnrolment }
  | { step: 'on' }
  | { step: 'remove' };

/** Where focus goes after a step: the element the next view starts with. */
type Focus = 'start' | 'setup' | 'code' | 'remove' | 'on' | null;

/** The key in groups of four, as authenticator apps show it; apps ignore the spaces when it is typed. */
export function groupSecret(secret: string): string {
  return secret.replace(/(.{4})(?=.)/g, '$1 ');
}

/**
 * The authenticator app on the personal page (issue 15, docs/security-verification.md "Web"): set up
 * behind security verification of scene 30032 (the email code, D69) — the QR code and the key, then the
 * app's first code — or removed with one of its codes. Refusals are announced inline (role=alert);
 * focus moves to the start of each new step.
 */
export function Authenticator() {
  const { t, i18n } = useTranslation();
  const [view, setView] = useState<View>({ step: 'loading' });
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState('');
  const [busy, setBusy] = useState(false);
  const [focus, setFocus] = useState<Focus>(null);
  const startRef = useRef<HTMLButtonElement>(null);
  const setupRef = useRef<HTMLHeadingElement>(null);
  const codeRef = useRef<HTMLInputElement>(null);
  const removeRef = useRef<HTMLButtonElement>(null);
  const onRef = useRef<HTMLParagraphElement>(null);
  const titleId = useId();

  const load = useCallback(() => {
    setView({ step: 'loading' });
    getTotpStatus().then(
      (answer) => setView({ step: answer?.enabled ? 'on' : 'off' }),
      () => setView({ step: 'error' }),
    );
  }, []);
  useEffect(load, [load]);

  useEffect(() => {
    if (!focus || busy) return;
    const target = { start: startRef, setup: setupRef, code: codeRef, remove: removeRef, on: onRef }[focus];
    target.current?.focus();
    setFocus(null);
  }, [focus, view, busy]);

  function go(next: View, focusOn: Focus) {
    setView(next);
    setCode('');
    setError(null);
    setStatus(''); // what the last step announced is no longer true of the next one
    setFocus(focusOn);
  }

  function describe(failure: unknown): string {
    if (isApiError(failure)) return errorText(i18n, failure.ret_code) ?? t('authenticator.errors.generic');
    return t('authenticator.errors.generic');
  }

  async function enrol() {
    if (busy) return;
    setBusy(true);
    setError(null);
    setStatus('');
    try {
      const enrolment = await postTotpEnrol();
      go({ step: 'setup', enrolment }, 'setup');
    } catch (failure) {
      if (!isStepUpCancelled(failure)) setError(describe(failure));
      // Back on the button once it is enabled again (the dialog gave focus back while it was busy).
      setFocus('start');
    } finally {
      setBusy(false);
    }
  }

  async function submitCode(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    if (!/^\d{6}$/.test(code)) {
      setError(t('authenticator.errors.sixDigits'));
      codeRef.current?.focus();
      return;
    }
    setBusy(true);
    setError(null);
    try {
      if (view.step === 'setup') {
        await postTotpConfirm(code);
        go({ step: 'on' }, 'on');
        setStatus(t('authenticator.enabledStatus'));
      } else {
        await postTotpDisable(code);
        go({ step: 'off' }, 'start');
        setStatus(t('authenticator.removedStatus'));
      }
    } catch (failure) {
      setError(describe(failure));
      setCode('');
      codeRef.current?.focus();
    } finally {
      setBusy(false);
    }
  }

  const enabled = view.step === 'on' || view.step === 'remove';
  return (
    <section className="card authenticator" aria-labelledby={titleId}>
      <div className="authenticator__head">
        <h2 id={titleId} className="card__title">
          {t('authenticator.title')}
        </h2>
        {view.step === 'loading' || view.step === 'error' ? null : (
          <span className={`status-tag status-tag--${enabled ? 'success' : 'info'}`}>
            {t(enabled ? 'authenticator.on' : 'authenticator.off')}
          </span>
        )}
      </div>
      {view.step === 'loading' ? (
        <p role="status" className="authenticator__muted">
          {t('authenticator.loading')}
        </p>
      ) : view.step === 'error' ? (
        <div role="alert" className="authenticator__muted">
          <p>{t('authenticator.loadError')}</p>
          <Button variant="secondary" onClick={load}>
            {t('authenticator.retry')}
          </Button>
        </div>
      ) : view.step === 'off' ? (
        <>
          <p className="authenticator__muted">{t('authenticator.intro')}</p>
          <div>
            <Button
              ref={startRef}
              variant="primary"
              size="middle"
              loading={busy}
              onClick={() => void enrol()}
            >
              {t('authenticator.setUp')}
            </Button>
          </div>
        </>
      ) : view.step === 'on' ? (
        <>
          <p ref={onRef} tabIndex={-1} className="authenticator__muted">
            {t('authenticator.enabled')}
          </p>
          <div>
            <Button
              ref={removeRef}
              variant="secondary"
              size="middle"
              onClick={() => go({ step: 'remove' }, 'code')}
            >
              {t('authenticator.remove')}
            </Button>
          </div>
        </>
      ) : (
        <form noValidate className="authenticator__form" onSubmit={submitCode}>
          {view.step === 'setup' ? (
            <SetupSteps enrolment={view.enrolment} headingRef={setupRef} />
          ) : (
            <p className="authenticator__muted">{t('authenticator.removeIntro')}</p>
          )}
          <TextField
            id="authenticator-code"
            ref={codeRef}
            className="authenticator__code"
            label={t('authenticator.code')}
            value={code}
            onChange={(event) => setCode(event.target.value.replace(/\D/g, '').slice(0, 6))}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            dir="ltr"
            hint={t('authenticator.codeHint')}
          />
          <div role="alert" className="authenticator__alert">
            {error ? <p className="authenticator__error">{error}</p> : null}
          </div>
          <div className="authenticator__actions">
            <Button type="submit" variant="primary" size="middle" loading={busy} disabled={busy}>
              {view.step === 'setup' ? t('authenticator.finish') : t('authenticator.removeConfirm')}
            </Button>
            <Button
              variant="secondary"
              size="middle"
              disabled={busy}
              onClick={() =>
                view.step === 'setup' ? go({ step: 'off' }, 'start') : go({ step: 'on' }, 'remove')
              }
            >
              {t('authenticator.cancel')}
            </Button>
          </div>
        </form>
      )}
      {view.step === 'off' || view.step === 'on' ? (
        <div role="alert" className="authenticator__alert">
          {error ? <p className="authenticator__error">{error}</p> : null}
        </div>
      ) : null}
      <p role="status" className="authenticator__status">
        {status}
      </p>
    </section>
  );
}

type CopyState = 'idle' | 'copied' | 'failed';

/** Step 1 of the setup: the QR code, the key to type (grouped, selectable, copyable), a link for phones. */
function SetupSteps({
  enrolment,
  headingRef,
}: {
  enrolment: TotpEnrolment;
  headingRef: Ref<HTMLHeadingElement>;
}) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState<CopyState>('idle');

  async function copy() {
    try {
      await navigator.clipboard.writeText(enrolment.secret);
      setCopied('copied');
    } catch {
      setCopied('failed');
    }
  }

  return (
    <>
      <h3 ref={headingRef} tabIndex={-1} className="authenticator__step-title">
        {t('authenticator.setup.title')}
      </h3>
      <p>{t('authenticator.setup.scan')}</p>
      <div className="authenticator__pairing">
        {/* A QR code is not text: it never mirrors (isolated left to right in ar-SA). */}
        <div dir="ltr">
          <Suspense fallback={<div className="authenticator__qr authenticator__qr--loading" />}>
            <QrCode text={enrolment.otpauthUri} label={t('authenticator.setup.qrLabel')} />
          </Suspense>
        </div>
        <div className="authenticator__key">
          <p>{t('authenticator.setup.keyLabel')}</p>
          <code className="authenticator__secret" dir="ltr" translate="no">
            {groupSecret(enrolment.secret)}
          </code>
          <div className="authenticator__key-actions">
            <Button variant="secondary" size="small" onClick={() => void copy()}>
              {t('authenticator.setup.copy')}
            </Button>
            <a className="authenticator__open" href={enrolment.otpauthUri}>
              {t('authenticator.setup.open')}
            </a>
          </div>
          <p role="status" className="authenticator__status">
            {copied === 'idle'
              ? ''
              : t(copied === 'copied' ? 'authenticator.setup.copied' : 'authenticator.setup.copyFailed')}
          </p>
        </div>
      </div>
      <p className="authenticator__muted">{t('authenticator.setup.keepPrivate')}</p>
      <p>{t('authenticator.setup.confirm')}</p>
    </>
  );
}

import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { RiskInterceptResult, SecurityScene, VerificationComponent } from '@kyc/contracts';
import { isApiError } from '../../../lib/http';
import { errorText } from '../../../lib/i18n/error-text';
import { Button } from '../../../ui/button';
import { TextField } from '../../../ui/text-field';
import { postRiskIntercept } from '../api/risk-intercept';
import './step-up-dialog.css';

export interface StepUpDialogProps {
  scene: number;
  /** The risk token, or null when the person cancelled. */
  onDone: (token: string | null) => void;
}

/** An address read left to right inside any sentence (ar-SA): Unicode isolates (LRI … PDI). */
const ltr = (text: string) => `\u2066${text}\u2069`;

/** What each scene protects, in words (full keys, so the unused-key check sees each one). */
const SCENE_TEXT = {
  30029: 'securityVerification.scenes.eye',
  30331: 'securityVerification.scenes.reset',
  70029: 'securityVerification.scenes.update',
  30030: 'securityVerification.scenes.identityTransferBefore',
  30031: 'securityVerification.scenes.identityTransferAfter',
  30032: 'securityVerification.scenes.authenticator',
  30034: 'securityVerification.scenes.dataExport',
  30035: 'securityVerification.scenes.closeAccount',
} as const satisfies Record<SecurityScene, string>;
type SceneText = (typeof SCENE_TEXT)[keyof typeof SCENE_TEXT];
const METHOD_TEXT = {
  otp: 'securityVerification.methods.otp',
  totp: 'securityVerification.methods.totp',
} as const;

/**
 * The one security-verification dialog of every scene (issue 15): which action it protects, the email
 * code (sent on request, with a resend countdown) or the authenticator app, and the code field. The
 * native <dialog> with showModal() traps focus and makes the page behind inert; errors are announced in
 * a role=alert region; Escape and Cancel answer null.
 */
export default function StepUpDialog({ scene, onDone }: StepUpDialogProps) {
  const { t, i18n } = useTranslation();
  const ref = useRef<HTMLDialogElement>(null);
  const codeRef = useRef<HTMLInputElement>(null);
  const [info, setInfo] = useState<RiskInterceptResult | null>(null);
  const [component, setComponent] = useState<VerificationComponent>('otp');
  const [challengeId, setChallengeId] = useState<string | undefined>();
  const [resendAt, setResendAt] = useState(0);
  const [now, setNow] = useState(() => Date.now());
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const sceneText: SceneText =
    (SCENE_TEXT as Record<number, SceneText>)[scene] ?? 'securityVerification.scenes.reset';

  useEffect(() => {
    const dialog = ref.current;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (dialog && !dialog.open) dialog.showModal?.();
    return () => {
      dialog?.close?.();
      opener?.focus();
    };
  }, []);

  useEffect(() => {
    let live = true;
    postRiskIntercept({ action: 'query', scene }).then(
      (result) => live && setInfo(result),
      (failure: unknown) => live && setError(describe(failure)),
    );
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per scene
  }, [scene]);

  useEffect(() => {
    if (resendAt <= now) return;
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [resendAt, now]);

  function describe(failure: unknown): string {
    if (isApiError(failure))
      return errorText(i18n, failure.ret_code) ?? t('securityVerification.errors.generic');
    return t('securityVerification.errors.generic');
  }

  async function sendCode() {
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      const sent = await postRiskIntercept({ action: 'send', scene, component: 'otp' });
      setChallengeId(sent.challengeId);
      setResendAt(sent.resendAt ?? 0);
      setNow(Date.now());
      setStatus(t('securityVerification.codeSent', { email: ltr(sent.maskedEmail) }));
      codeRef.current?.focus();
    } catch (failure) {
      setError(describe(failure));
    } finally {
      setBusy(false);
    }
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    if (!/^\d{6}$/.test(code)) {
      setError(t('securityVerification.errors.sixDigits'));
      codeRef.current?.focus();
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const verified = await postRiskIntercept({
        action: 'verify',
        scene,
        component,
        code,
        ...(component === 'otp' && challengeId ? { challengeId } : {}),
      });
      if (verified.riskToken) onDone(verified.riskToken);
    } catch (failure) {
      setError(describe(failure));
      setCode('');
      codeRef.current?.focus();
    } finally {
      setBusy(false);
    }
  }

  const waitSeconds = Math.max(0, Math.ceil((resendAt - now) / 1000));
  const hasTotp = info?.components.includes('totp') ?? false;
  const codeSent = challengeId !== undefined;

  return (
    <dialog
      ref={ref}
      className="step-up-dialog"
      aria-labelledby="step-up-title"
      aria-describedby="step-up-purpose"
      onCancel={(event) => {
        event.preventDefault();
        if (!busy) onDone(null);
      }}
    >
      <form noValidate onSubmit={submit}>
        <h2 id="step-up-title" className="step-up-dialog__title">
          {t('securityVerification.title')}
        </h2>
        <p id="step-up-purpose">{t(sceneText)}</p>
        {hasTotp ? (
          <fieldset className="step-up-dialog__methods">
            <legend>{t('securityVerification.method')}</legend>
            {(['otp', 'totp'] as const).map((option) => (
              <label key={option} className="step-up-dialog__method">
                <input
                  type="radio"
                  name="step-up-method"
                  value={option}
                  checked={component === option}
                  onChange={() => {
                    setComponent(option);
                    setError(null);
                  }}
                />
                <span>{t(METHOD_TEXT[option])}</span>
              </label>
            ))}
          </fieldset>
        ) : null}
        {component === 'otp' ? (
          <div className="step-up-dialog__send">
            <p>
              {info
                ? t('securityVerification.emailHint', { email: ltr(info.maskedEmail) })
                : t('securityVerification.loading')}
            </p>
            <Button
              variant="secondary"
              size="small"
              onClick={() => void sendCode()}
              disabled={busy || waitSeconds > 0 || !info}
            >
              {waitSeconds > 0
                ? t('securityVerification.resendIn', { seconds: waitSeconds })
                : codeSent
                  ? t('securityVerification.resend')
                  : t('securityVerification.send')}
            </Button>
          </div>
        ) : (
          <p>{t('securityVerification.totpHint')}</p>
        )}
        <TextField
          id="step-up-code"
          ref={codeRef}
          label={
            component === 'otp' ? t('securityVerification.emailCode') : t('securityVerification.totpCode')
          }
          value={code}
          onChange={(event) => setCode(event.target.value.replace(/\D/g, '').slice(0, 6))}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          dir="ltr"
          hint={t('securityVerification.codeHint')}
        />
        <p className="step-up-dialog__status" role="status">
          {status}
        </p>
        <div role="alert" className="step-up-dialog__alert">
          {error ? <p className="step-up-dialog__error">{error}</p> : null}
        </div>
        <div className="step-up-dialog__actions">
          <Button variant="secondary" size="middle" disabled={busy} onClick={() => onDone(null)}>
            {t('securityVerification.cancel')}
          </Button>
          <Button type="submit" variant="primary" size="middle" loading={busy} disabled={busy}>
            {t('securityVerification.confirm')}
          </Button>
        </div>
      </form>
    </dialog>
  );
}

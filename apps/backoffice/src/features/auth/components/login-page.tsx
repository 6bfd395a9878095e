import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { checkEmail, RET_CODES, type StaffTotpEnrolment } from '@kyc/contracts';
import { isApiError } from '../../../lib/api-client.ts';
import { errorMessageKey } from '../../../lib/error-message.ts';
import { paths, resolveNextPath } from '../../../lib/paths.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Brand } from '../../../ui/brand.tsx';
import { Button } from '../../../ui/button.tsx';
import { Card } from '../../../ui/card.tsx';
import { LanguageSelect } from '../../../ui/language-select.tsx';
import { TextField } from '../../../ui/text-field.tsx';
import { signIn } from '../api/sign-in.ts';
import { RecoveryCodesList } from './recovery-codes-list.tsx';
import { TotpEnrolment } from './totp-enrolment.tsx';
import './login-page.css';

type FieldErrorKey =
  | 'login.errors.emailRequired'
  | 'login.errors.emailInvalid'
  | 'login.errors.passwordRequired'
  | 'login.totp.errors.required'
  | 'login.totp.errors.format'
  | 'login.recovery.errors.required'
  | 'login.recovery.errors.format';
type FormErrorKey =
  | 'login.errors.invalidCredentials'
  | 'login.errors.rateLimited'
  | 'login.totp.errors.invalid'
  | 'login.recovery.errors.invalid'
  | ReturnType<typeof errorMessageKey>;

interface FieldErrors {
  email?: FieldErrorKey;
  password?: FieldErrorKey;
  code?: FieldErrorKey;
}

/**
 * Email and password first; then the authenticator code or a recovery code, or (first sign-in) the
 * enrolment, after which the new recovery codes are shown once before going on.
 */
type Step =
  | { kind: 'password' }
  | { kind: 'code' }
  | { kind: 'recovery' }
  | { kind: 'enrol'; enrolment: StaffTotpEnrolment }
  | { kind: 'codes'; codes: string[] };

function validate(email: string, password: string): FieldErrors {
  const errors: FieldErrors = {};
  if (email.trim() === '') errors.email = 'login.errors.emailRequired';
  else if (!checkEmail(email).ok) errors.email = 'login.errors.emailInvalid';
  if (password === '') errors.password = 'login.errors.passwordRequired';
  return errors;
}

/** Authenticator codes are 6 digits; spaces (some apps show "123 456") are dropped. */
export function normaliseCode(value: string): string {
  return value.replace(/\s/g, '');
}

function validateCode(code: string): FieldErrors {
  if (code === '') return { code: 'login.totp.errors.required' };
  return /^\d{6}$/.test(code) ? {} : { code: 'login.totp.errors.format' };
}

/** Recovery codes are 10 base32 characters; case, spaces and the dash between the groups are ignored. */
export function normaliseRecoveryCode(value: string): string {
  return value.replace(/[\s-]/g, '').toUpperCase();
}

function validateRecoveryCode(code: string): FieldErrors {
  if (code === '') return { code: 'login.recovery.errors.required' };
  return /^[A-Z2-7]{10}$/.test(code) ? {} : { code: 'login.recovery.errors.format' };
}

function formErrorKey(error: unknown, step: Step['kind']): FormErrorKey {
  // One message for any wrong pair: never say whether the email exists (docs/api.md, 20001). At the
  // code step the password was just accepted, so 20001 means the code.
  if (isApiError(error, RET_CODES.INVALID_CREDENTIALS.code)) {
    if (step === 'password') return 'login.errors.invalidCredentials';
    return step === 'recovery' ? 'login.recovery.errors.invalid' : 'login.totp.errors.invalid';
  }
  if (isApiError(error, RET_CODES.STAFF_RECOVERY_CODE_FORMAT.code)) return 'login.recovery.errors.invalid';
  if (isApiError(error, RET_CODES.TOO_MANY_REQUESTS.code)) return 'login.errors.rateLimited';
  return errorMessageKey(error);
}

/** Staff sign-in. After success the staff member returns to ?next= (a back-office path) or Home. */
export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const headingId = useId();
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const codeRef = useRef<HTMLInputElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [step, setStep] = useState<Step>({ kind: 'password' });
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<FormErrorKey | null>(null);
  const [busy, setBusy] = useState(false);
  useDocumentTitle(t('login.pageTitle'));

  // A new step: the code step puts the caret in the code field, enrolment starts reading at its heading.
  useEffect(() => {
    if (step.kind === 'code' || step.kind === 'recovery') codeRef.current?.focus();
    if (step.kind === 'enrol' || step.kind === 'codes') headingRef.current?.focus();
  }, [step]);

  const goOn = async () => {
    const target = resolveNextPath(searchParams.get('next'), window.location.origin);
    await navigate(target ?? paths.home.getHref(), { replace: true });
  };

  /** Between the authenticator code and a recovery code: the field is emptied, errors cleared. */
  const switchTo = (kind: 'code' | 'recovery') => {
    setStep({ kind });
    setCode('');
    setFieldErrors({});
    setFormError(null);
  };

  const restart = () => {
    setStep({ kind: 'password' });
    setPassword('');
    setCode('');
    setFieldErrors({});
    setFormError(null);
    requestAnimationFrame(() => passwordRef.current?.focus());
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy || step.kind === 'codes') return;
    const totpCode = normaliseCode(code);
    const recoveryCode = normaliseRecoveryCode(code);
    const errors =
      step.kind === 'password'
        ? validate(email, password)
        : step.kind === 'recovery'
          ? validateRecoveryCode(recoveryCode)
          : validateCode(totpCode);
    setFieldErrors(errors);
    setFormError(null);
    if (errors.email || errors.password || errors.code) {
      (errors.email ? emailRef : errors.password ? passwordRef : codeRef).current?.focus();
      return;
    }

    setBusy(true);
    try {
      const outcome = await signIn({
        email: email.trim(),
        password,
        ...(step.kind === 'code' || step.kind === 'enrol' ? { totpCode } : {}),
        ...(step.kind === 'recovery' ? { recoveryCode } : {}),
        ...(step.kind === 'enrol' ? { totpEnrolmentToken: step.enrolment.enrolmentToken } : {}),
      });
      if (outcome.kind === 'enrol') {
        setStep({ kind: 'enrol', enrolment: outcome.enrolment });
        setBusy(false);
        return;
      }
      if (outcome.recoveryCodes) {
        setStep({ kind: 'codes', codes: outcome.recoveryCodes });
        setBusy(false);
        return;
      }
      await goOn();
    } catch (error) {
      setBusy(false);
      if (step.kind === 'password' && isApiError(error, RET_CODES.STAFF_TOTP_REQUIRED.code)) {
        setStep({ kind: 'code' });
        return;
      }
      setFormError(formErrorKey(error, step.kind));
      if (isApiError(error, RET_CODES.INVALID_CREDENTIALS.code)) {
        if (step.kind === 'password') {
          setPassword('');
          passwordRef.current?.focus();
        } else {
          setCode('');
          codeRef.current?.focus();
        }
      }
    }
  };

  const heading = {
    password: t('login.heading'),
    code: t('login.totp.heading'),
    recovery: t('login.recovery.heading'),
    enrol: t('login.enrol.heading'),
    codes: t('login.savedCodes.heading'),
  }[step.kind];
  const intro = {
    password: t('login.intro'),
    code: t('login.totp.intro'),
    recovery: t('login.recovery.intro'),
    enrol: t('login.enrol.intro'),
    codes: t('login.savedCodes.intro'),
  }[step.kind];
  const submitLabel = {
    password: busy ? t('login.submitting') : t('login.submit'),
    code: busy ? t('login.totp.submitting') : t('login.totp.submit'),
    recovery: busy ? t('login.totp.submitting') : t('login.recovery.submit'),
    enrol: busy ? t('login.totp.submitting') : t('login.enrol.submit'),
    codes: '',
  }[step.kind];

  return (
    <div className="login-page">
      <header className="login-page__header">
        <Brand />
        <LanguageSelect />
      </header>
      <main className="login-page__main">
        <Card as="section" className="login-page__card" aria-labelledby={headingId}>
          <h1 id={headingId} ref={headingRef} tabIndex={-1}>
            {heading}
          </h1>
          <p className="login-page__intro">{intro}</p>
          {step.kind !== 'password' ? (
            <p className="login-page__account" translate="no">
              {email.trim()}
            </p>
          ) : null}
          {formError ? <Alert tone="error">{t(formError)}</Alert> : null}
          {step.kind === 'enrol' ? <TotpEnrolment enrolment={step.enrolment} /> : null}
          {step.kind === 'codes' ? (
            <>
              <RecoveryCodesList codes={step.codes} email={email.trim()} />
              <Button block onClick={() => void goOn()}>
                {t('login.savedCodes.continue')}
              </Button>
            </>
          ) : null}
          {step.kind === 'codes' ? null : (
            <form noValidate onSubmit={(event) => void onSubmit(event)}>
              {step.kind === 'password' ? (
                <>
                  <TextField
                    ref={emailRef}
                    label={t('login.email')}
                    name="email"
                    type="email"
                    inputMode="email"
                    autoComplete="username"
                    spellCheck={false}
                    autoCapitalize="none"
                    required
                    value={email}
                    onChange={(event) => setEmail(event.target.value)}
                    error={fieldErrors.email ? t(fieldErrors.email) : undefined}
                  />
                  <TextField
                    ref={passwordRef}
                    label={t('login.password')}
                    name="password"
                    type="password"
                    autoComplete="current-password"
                    required
                    value={password}
                    onChange={(event) => setPassword(event.target.value)}
                    error={fieldErrors.password ? t(fieldErrors.password) : undefined}
                  />
                </>
              ) : step.kind === 'recovery' ? (
                <TextField
                  ref={codeRef}
                  className="login-page__recovery"
                  label={t('login.recovery.label')}
                  hint={t('login.recovery.hint')}
                  name="recoveryCode"
                  type="text"
                  autoComplete="off"
                  autoCapitalize="characters"
                  maxLength={13}
                  spellCheck={false}
                  required
                  value={code}
                  onChange={(event) => setCode(event.target.value)}
                  error={fieldErrors.code ? t(fieldErrors.code) : undefined}
                />
              ) : (
                <TextField
                  ref={codeRef}
                  className="login-page__code"
                  label={t('login.totp.label')}
                  hint={t('login.totp.hint')}
                  name="totpCode"
                  type="text"
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  pattern="[0-9]*"
                  maxLength={7}
                  spellCheck={false}
                  required
                  value={code}
                  onChange={(event) => setCode(event.target.value.replace(/[^\d\s]/g, ''))}
                  error={fieldErrors.code ? t(fieldErrors.code) : undefined}
                />
              )}
              <Button type="submit" block busy={busy}>
                {submitLabel}
              </Button>
            </form>
          )}
          {step.kind === 'code' || step.kind === 'recovery' ? (
            <Button
              variant="ghost"
              block
              className="login-page__switch"
              onClick={() => switchTo(step.kind === 'code' ? 'recovery' : 'code')}
            >
              {t(step.kind === 'code' ? 'login.recovery.useCode' : 'login.recovery.useApp')}
            </Button>
          ) : null}
          {step.kind !== 'password' && step.kind !== 'codes' ? (
            <Button variant="ghost" block className="login-page__back" onClick={restart}>
              {t('login.totp.back')}
            </Button>
          ) : null}
        </Card>
      </main>
    </div>
  );
}

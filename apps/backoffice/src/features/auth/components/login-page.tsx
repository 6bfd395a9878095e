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
import { TotpEnrolment } from './totp-enrolment.tsx';
import './login-page.css';

type FieldErrorKey =
  | 'login.errors.emailRequired'
  | 'login.errors.emailInvalid'
  | 'login.errors.passwordRequired'
  | 'login.totp.errors.required'
  | 'login.totp.errors.format';
type FormErrorKey =
  | 'login.errors.invalidCredentials'
  | 'login.errors.rateLimited'
  | 'login.totp.errors.invalid'
  | ReturnType<typeof errorMessageKey>;

interface FieldErrors {
  email?: FieldErrorKey;
  password?: FieldErrorKey;
  code?: FieldErrorKey;
}

/** Email and password first; then the authenticator code, or (first sign-in) its enrolment. */
type Step = { kind: 'password' } | { kind: 'code' } | { kind: 'enrol'; enrolment: StaffTotpEnrolment };

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

function formErrorKey(error: unknown, step: Step['kind']): FormErrorKey {
  // One message for any wrong pair: never say whether the email exists (docs/api.md, 20001). At the
  // code step the password was just accepted, so 20001 means the code.
  if (isApiError(error, RET_CODES.INVALID_CREDENTIALS.code)) {
    return step === 'password' ? 'login.errors.invalidCredentials' : 'login.totp.errors.invalid';
  }
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
    if (step.kind === 'code') codeRef.current?.focus();
    if (step.kind === 'enrol') headingRef.current?.focus();
  }, [step]);

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
    if (busy) return;
    const totpCode = normaliseCode(code);
    const errors = step.kind === 'password' ? validate(email, password) : validateCode(totpCode);
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
        ...(step.kind === 'password' ? {} : { totpCode }),
        ...(step.kind === 'enrol' ? { totpEnrolmentToken: step.enrolment.enrolmentToken } : {}),
      });
      if (outcome.kind === 'enrol') {
        setStep({ kind: 'enrol', enrolment: outcome.enrolment });
        setBusy(false);
        return;
      }
      const target = resolveNextPath(searchParams.get('next'), window.location.origin);
      await navigate(target ?? paths.home.getHref(), { replace: true });
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

  const heading =
    step.kind === 'password'
      ? t('login.heading')
      : t(step.kind === 'code' ? 'login.totp.heading' : 'login.enrol.heading');
  const submitLabel = {
    password: busy ? t('login.submitting') : t('login.submit'),
    code: busy ? t('login.totp.submitting') : t('login.totp.submit'),
    enrol: busy ? t('login.totp.submitting') : t('login.enrol.submit'),
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
          {step.kind === 'password' ? <p className="login-page__intro">{t('login.intro')}</p> : null}
          {step.kind === 'code' ? <p className="login-page__intro">{t('login.totp.intro')}</p> : null}
          {step.kind === 'enrol' ? <p className="login-page__intro">{t('login.enrol.intro')}</p> : null}
          {step.kind !== 'password' ? (
            <p className="login-page__account" translate="no">
              {email.trim()}
            </p>
          ) : null}
          {formError ? <Alert tone="error">{t(formError)}</Alert> : null}
          {step.kind === 'enrol' ? <TotpEnrolment enrolment={step.enrolment} /> : null}
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
          {step.kind !== 'password' ? (
            <Button variant="ghost" block className="login-page__back" onClick={restart}>
              {t('login.totp.back')}
            </Button>
          ) : null}
        </Card>
      </main>
    </div>
  );
}

import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  DEFAULT_LANGUAGE,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  RET_CODES,
  safeRedirectPath,
  type SignInEmailCodeResult,
} from '@kyc/contracts';
import { browserLocation } from '../lib/browser/location';
import { isApiError } from '../lib/http';
import { errorMessage } from '../lib/i18n/error-message';
import { Button } from '../ui/button';
import { TextField } from '../ui/text-field';
import { register, sendSignInCode, signIn } from './api';
import { validateCredentials, type FieldErrors, type Intent } from './validate';

const EMAIL_ID = 'login-email';
const PASSWORD_ID = 'login-password';
const CODE_ID = 'login-email-code';
/** The server's answer when this device must pass an email code first (D80). */
const EMAIL_CODE_REQUIRED = RET_CODES.SIGN_IN_EMAIL_CODE_REQUIRED.code;
/** Answers about the typed code: it is cleared and the field takes the focus again. */
const CODE_REFUSED = new Set<number>([
  RET_CODES.VERIFICATION_CODE_WRONG.code,
  RET_CODES.VERIFICATION_CODE_EXPIRED.code,
  RET_CODES.VERIFICATION_TOO_MANY_ATTEMPTS.code,
  RET_CODES.SIGN_IN_EMAIL_CODE_NOT_SENT.code,
]);
/** Where the server sends a person whose redirect_url it refused; the browser falls back to it too. */
const PORTAL_HOME = `/user/accounts/${DEFAULT_LANGUAGE}/auth/personal`;

export interface LoginFormProps {
  redirectUrl: string | null;
  /**
   * Where the credentials go instead of the portal's sign-in and sign-up (the embedded link flow of
   * docs/sdk.md "Partner links", which signs in without a session cookie). Same form, same checks, the
   * email-code step included (D89): `emailCode` goes with a sign-in when the step is open.
   */
  onCredentials?: (
    intent: Intent,
    body: { email: string; password: string; emailCode?: string },
  ) => Promise<void>;
  /**
   * D80: default-intercept intercepts this device, so the sign-in needs an email code (the step also
   * opens when a sign-in answers 60014).
   */
  emailCodeNeeded?: boolean;
  /** Where "Send code" asks for the code instead of the portal's route (the embedded link flow, D89). */
  onSendCode?: (email: string) => Promise<SignInEmailCodeResult>;
}

/**
 * Sign in and sign up in one form: "Sign in" posts /user/public/login, "Create account" posts
 * /user/public/register; both pass the page's redirect_url and follow the answer's `redirect`.
 */
export function LoginForm({
  redirectUrl,
  onCredentials,
  emailCodeNeeded = false,
  onSendCode = sendSignInCode,
}: LoginFormProps) {
  const { t, i18n } = useTranslation();
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const [pending, setPending] = useState<Intent | null>(null);
  const [passwordVisible, setPasswordVisible] = useState(false);
  // D80: the email-code step, shown when default-intercept intercepts this device or a sign-in answers
  // 60014. The code goes with the next sign-in; the password is not checked without it.
  const codeRef = useRef<HTMLInputElement>(null);
  const [codeStep, setCodeStep] = useState(false);
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);
  const [codeStatus, setCodeStatus] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [codeSent, setCodeSent] = useState(false);
  const [resendAt, setResendAt] = useState(0);
  const [now, setNow] = useState(() => Date.now());

  // The page asks default-intercept (login-page.tsx, the link flow); its answer may come after the first paint.
  if (emailCodeNeeded && !codeStep) setCodeStep(true);

  useEffect(() => {
    if (resendAt <= now) return;
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [resendAt, now]);

  const waitSeconds = Math.max(0, Math.ceil((resendAt - now) / 1000));

  const sendCode = async () => {
    if (sending || waitSeconds > 0) return;
    const found = validateCredentials('login', email, 'x');
    setErrors((current) => ({ ...current, email: found.email }));
    setServerError(null);
    if (found.email) return emailRef.current?.focus();
    setSending(true);
    try {
      const sent = await onSendCode(email.trim());
      setCodeSent(true);
      setResendAt(sent.resendAt);
      setNow(Date.now());
      setCodeStatus(t('login.emailCode.sent'));
      codeRef.current?.focus();
    } catch (error) {
      setServerError(isApiError(error) ? errorMessage(i18n, error) : t('login.errors.unexpected'));
    } finally {
      setSending(false);
    }
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    const intent: Intent = submitter?.getAttribute('value') === 'register' ? 'register' : 'login';

    const found = validateCredentials(intent, email, password);
    setErrors(found);
    setServerError(null);
    if (found.email) return emailRef.current?.focus();
    if (found.password) return passwordRef.current?.focus();

    const withCode = codeStep && intent === 'login';
    if (withCode && !/^\d{6}$/.test(code)) {
      setCodeError(t('login.emailCode.sixDigits'));
      return codeRef.current?.focus();
    }
    setCodeError(null);

    setPending(intent);
    const body = {
      email: email.trim(),
      password,
      ...(redirectUrl ? { redirect_url: redirectUrl } : {}),
      ...(withCode ? { emailCode: code } : {}),
    };
    try {
      if (onCredentials) {
        await onCredentials(intent, {
          email: body.email,
          password,
          ...(withCode ? { emailCode: code } : {}),
        });
        setPending(null);
        return;
      }
      const { redirect } = await (intent === 'register' ? register(body) : signIn(body));
      // Stay pending: the page is being replaced. The server already decided the target by the product's
      // one redirect rule; the browser applies the same rule again before following it (issue 11).
      browserLocation.assign(safeRedirectPath(redirect, window.location.origin) ?? PORTAL_HOME);
    } catch (error) {
      setServerError(isApiError(error) ? errorMessage(i18n, error) : t('login.errors.unexpected'));
      setPending(null);
      if (isApiError(error) && error.ret_code === EMAIL_CODE_REQUIRED && !codeStep) setCodeStep(true);
      else if (withCode && isApiError(error) && CODE_REFUSED.has(error.ret_code)) {
        setCode('');
        codeRef.current?.focus();
      }
    }
  };

  const limits = { min: PASSWORD_MIN_LENGTH, max: PASSWORD_MAX_LENGTH };

  return (
    <form className="login-form" noValidate onSubmit={submit}>
      <div className="login-form__alert" role="alert">
        {serverError ? <p className="login-form__server-error">{serverError}</p> : null}
      </div>
      <TextField
        ref={emailRef}
        id={EMAIL_ID}
        name="email"
        type="email"
        inputMode="email"
        autoComplete="email"
        autoCapitalize="none"
        spellCheck={false}
        label={t('login.email')}
        value={email}
        error={errors.email ? t(errors.email) : null}
        onChange={(event) => {
          setEmail(event.target.value);
          if (errors.email) setErrors((current) => ({ ...current, email: undefined }));
        }}
      />
      <TextField
        ref={passwordRef}
        id={PASSWORD_ID}
        name="password"
        type={passwordVisible ? 'text' : 'password'}
        autoComplete="current-password"
        label={t('login.password')}
        hint={t('login.passwordHint', limits)}
        value={password}
        error={errors.password ? t(errors.password, limits) : null}
        onChange={(event) => {
          setPassword(event.target.value);
          if (errors.password) setErrors((current) => ({ ...current, password: undefined }));
        }}
        trailing={
          // Named "Show" rather than "Show password" so that the field stays the only thing labelled
          // "Password"; aria-pressed tells whether the password is currently readable.
          <button
            type="button"
            className="login-form__toggle"
            aria-pressed={passwordVisible}
            aria-controls={PASSWORD_ID}
            onClick={() => setPasswordVisible((visible) => !visible)}
          >
            {t('login.showPassword')}
          </button>
        }
      />
      {codeStep ? (
        <fieldset className="login-form__code" aria-describedby="login-email-code-intro">
          <legend className="login-form__code-title">{t('login.emailCode.title')}</legend>
          <p id="login-email-code-intro" className="login-form__code-intro">
            {t('login.emailCode.intro')}
          </p>
          <Button
            variant="secondary"
            size="small"
            onClick={() => void sendCode()}
            loading={sending}
            disabled={sending || waitSeconds > 0 || pending !== null}
          >
            {waitSeconds > 0
              ? t('login.emailCode.resendIn', { seconds: waitSeconds })
              : codeSent
                ? t('login.emailCode.resend')
                : t('login.emailCode.send')}
          </Button>
          <p className="login-form__code-status" role="status">
            {codeStatus}
          </p>
          <TextField
            ref={codeRef}
            id={CODE_ID}
            name="emailCode"
            label={t('login.emailCode.label')}
            hint={t('login.emailCode.hint')}
            value={code}
            error={codeError}
            onChange={(event) => {
              setCode(event.target.value.replace(/\D/g, '').slice(0, 6));
              if (codeError) setCodeError(null);
            }}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            dir="ltr"
          />
        </fieldset>
      ) : null}
      <div className="login-form__actions">
        <Button
          type="submit"
          name="intent"
          value="login"
          variant="primary"
          size="large"
          block
          loading={pending === 'login'}
          disabled={pending !== null}
        >
          {t('login.signIn')}
        </Button>
        <Button
          type="submit"
          name="intent"
          value="register"
          variant="secondary"
          size="large"
          block
          loading={pending === 'register'}
          disabled={pending !== null}
        >
          {t('login.createAccount')}
        </Button>
      </div>
    </form>
  );
}

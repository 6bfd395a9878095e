import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_LANGUAGE, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, safeRedirectPath } from '@kyc/contracts';
import { browserLocation } from '../lib/browser/location';
import { isApiError } from '../lib/http';
import { errorMessage } from '../lib/i18n/error-message';
import { Button } from '../ui/button';
import { TextField } from '../ui/text-field';
import { register, signIn } from './api';
import { validateCredentials, type FieldErrors, type Intent } from './validate';

const EMAIL_ID = 'login-email';
const PASSWORD_ID = 'login-password';
/** Where the server sends a person whose redirect_url it refused; the browser falls back to it too. */
const PORTAL_HOME = `/user/accounts/${DEFAULT_LANGUAGE}/auth/personal`;

export interface LoginFormProps {
  redirectUrl: string | null;
  /**
   * Where the credentials go instead of the portal's sign-in and sign-up (the embedded link flow of
   * docs/sdk.md "Partner links", which signs in without a session cookie). Same form, same checks.
   */
  onCredentials?: (intent: Intent, body: { email: string; password: string }) => Promise<void>;
}

/**
 * Sign in and sign up in one form: "Sign in" posts /user/public/login, "Create account" posts
 * /user/public/register; both pass the page's redirect_url and follow the answer's `redirect`.
 */
export function LoginForm({ redirectUrl, onCredentials }: LoginFormProps) {
  const { t, i18n } = useTranslation();
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const [pending, setPending] = useState<Intent | null>(null);
  const [passwordVisible, setPasswordVisible] = useState(false);

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

    setPending(intent);
    const body = { email: email.trim(), password, ...(redirectUrl ? { redirect_url: redirectUrl } : {}) };
    try {
      if (onCredentials) {
        await onCredentials(intent, { email: body.email, password });
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

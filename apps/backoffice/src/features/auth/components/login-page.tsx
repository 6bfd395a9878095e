import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { checkEmail, RET_CODES } from '@kyc/contracts';
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
import './login-page.css';

type FieldErrorKey =
  'login.errors.emailRequired' | 'login.errors.emailInvalid' | 'login.errors.passwordRequired';
type FormErrorKey =
  'login.errors.invalidCredentials' | 'login.errors.rateLimited' | ReturnType<typeof errorMessageKey>;

interface FieldErrors {
  email?: FieldErrorKey;
  password?: FieldErrorKey;
}

function validate(email: string, password: string): FieldErrors {
  const errors: FieldErrors = {};
  if (email.trim() === '') errors.email = 'login.errors.emailRequired';
  else if (!checkEmail(email).ok) errors.email = 'login.errors.emailInvalid';
  if (password === '') errors.password = 'login.errors.passwordRequired';
  return errors;
}

function formErrorKey(error: unknown): FormErrorKey {
  // One message for any wrong pair: never say whether the email exists (docs/api.md, 20001).
  if (isApiError(error, RET_CODES.INVALID_CREDENTIALS.code)) return 'login.errors.invalidCredentials';
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
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<FormErrorKey | null>(null);
  const [busy, setBusy] = useState(false);
  useDocumentTitle(t('login.pageTitle'));

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const errors = validate(email, password);
    setFieldErrors(errors);
    setFormError(null);
    if (errors.email || errors.password) {
      (errors.email ? emailRef : passwordRef).current?.focus();
      return;
    }

    setBusy(true);
    try {
      await signIn({ email: email.trim(), password });
      const target = resolveNextPath(searchParams.get('next'), window.location.origin);
      await navigate(target ?? paths.home.getHref(), { replace: true });
    } catch (error) {
      setFormError(formErrorKey(error));
      if (isApiError(error, RET_CODES.INVALID_CREDENTIALS.code)) {
        setPassword('');
        passwordRef.current?.focus();
      }
      setBusy(false);
    }
  };

  return (
    <div className="login-page">
      <header className="login-page__header">
        <Brand />
        <LanguageSelect />
      </header>
      <main className="login-page__main">
        <Card as="section" className="login-page__card" aria-labelledby={headingId}>
          <h1 id={headingId}>{t('login.heading')}</h1>
          <p className="login-page__intro">{t('login.intro')}</p>
          {formError ? <Alert tone="error">{t(formError)}</Alert> : null}
          <form noValidate onSubmit={(event) => void onSubmit(event)}>
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
            <Button type="submit" block busy={busy}>
              {busy ? t('login.submitting') : t('login.submit')}
            </Button>
          </form>
        </Card>
      </main>
    </div>
  );
}

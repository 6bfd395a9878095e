import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { applyLanguage } from '../lib/language/apply';
import { pageLanguages } from '../lib/language/page-languages';
import { useDocumentTitle } from '../lib/i18n/use-screen-title';
import { Card } from '../ui/card';
import { LanguageSelect } from '../ui/language-select';
import { PageFooter } from '../ui/page-footer';
import { Wordmark } from '../ui/wordmark';
import { deviceNeedsEmailCode } from './api';
import { LoginForm } from './login-form';
import './login.css';

/** Keeps an explicit ?lang= in step with the chosen language, since it outranks localStorage (spec §4). */
function syncLangQuery(code: string) {
  const url = new URL(window.location.href);
  if (!url.searchParams.has('lang')) return;
  url.searchParams.set('lang', code);
  window.history.replaceState(window.history.state, '', url);
}

/** The sign-in page served at /login (docs/api.md). */
export function LoginPage() {
  const { t, i18n } = useTranslation();
  useDocumentTitle(t('login.signIn'));
  const region = pageLanguages();
  const redirectUrl = new URLSearchParams(window.location.search).get('redirect_url');
  const emailCodeNeeded = useEmailCodeNeeded();

  const changeLanguage = async (code: string) => {
    applyLanguage(code);
    syncLangQuery(code);
    // Load first, then switch: the page keeps its current text instead of flashing a spinner.
    await i18n.loadLanguages(code);
    await i18n.changeLanguage(code);
  };

  return (
    <div className="login-layout">
      <header className="login-header">
        <Wordmark name={t('app.productName')} />
        <LanguageSelect
          id="login-language"
          label={t('app.language')}
          languages={region.languages}
          value={i18n.language}
          onChange={(code) => void changeLanguage(code)}
        />
      </header>
      <main id="main-content" className="login-main">
        <Card className="login-card">
          <h1 className="login-card__title">{t('login.title')}</h1>
          <p className="login-card__intro">{t('login.intro')}</p>
          <LoginForm redirectUrl={redirectUrl} emailCodeNeeded={emailCodeNeeded} />
        </Card>
      </main>
      <PageFooter text={t('footer.copyright', { year: new Date().getFullYear() })} />
    </div>
  );
}

/**
 * spec §7 default-intercept, asked once: whether this device must pass an email code before signing in
 * (D80). Unanswered, the form signs in as usual and the server's 60014 opens the step all the same.
 */
function useEmailCodeNeeded(): boolean {
  const [needed, setNeeded] = useState(false);
  useEffect(() => {
    let live = true;
    deviceNeedsEmailCode().then(
      (answer) => live && setNeeded(answer),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);
  return needed;
}

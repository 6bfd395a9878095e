import { StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { configureHttp } from '../lib/http';
import { createI18n } from '../lib/i18n/create-i18n';
import { httpTexts } from '../lib/i18n/http-texts';
import { applyLanguage } from '../lib/language/apply';
import { detectLanguage, readLanguageSources } from '../lib/language/detect';
import { pageLanguages } from '../lib/language/page-languages';
import { PageSpinner } from '../ui/spinner';
import '../ui/theme.css';
import { LoginPage } from './login-page';

// The sign-in page has no language segment: ?lang= → localStorage → browser → default (spec §4).
const language = detectLanguage(readLanguageSources(), pageLanguages());
applyLanguage(language);
const { i18n, ready } = createI18n(language);
// spec §8: the HTTP client's messages in the page language (the form's own calls are silent).
configureHttp(httpTexts(i18n, ready));

const container = document.getElementById('root');
if (!container) throw new Error('login.html has no #root');
createRoot(container).render(
  <StrictMode>
    <I18nextProvider i18n={i18n}>
      <Suspense fallback={<PageSpinner />}>
        <LoginPage />
      </Suspense>
    </I18nextProvider>
  </StrictMode>,
);

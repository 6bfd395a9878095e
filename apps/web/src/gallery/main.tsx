import { StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { ALL_LANGUAGE_CODES, DEFAULT_LANGUAGE } from '@kyc/contracts';
import { createI18n } from '../lib/i18n/create-i18n';
import { directionOf, type TextDirection } from '../lib/language/apply';
import { setCurrentLanguage } from '../lib/language/current';
import { PageSpinner } from '../ui/spinner';
import '../ui/theme.css';
import { GalleryPage } from './gallery-page';

/**
 * The component gallery (issue 3 "Design system"): a page outside production builds that shows every
 * state of the ui/ components, with the real translations, in any language and either direction.
 * ?lang=ar-SA&dir=rtl picks them from the URL (for scripted screenshots). Unlike the app it never
 * stores the language, so looking at the gallery does not change the language of the portal.
 */
const params = new URLSearchParams(window.location.search);
const requested = params.get('lang') ?? '';
const language = ALL_LANGUAGE_CODES.includes(requested) ? requested : DEFAULT_LANGUAGE;
const dirParam = params.get('dir');
const direction: TextDirection = dirParam === 'rtl' || dirParam === 'ltr' ? dirParam : directionOf(language);

setCurrentLanguage(language);
document.documentElement.lang = language;
document.documentElement.dir = direction;
const { i18n } = createI18n(language);

const container = document.getElementById('root');
if (!container) throw new Error('gallery.html has no #root');
createRoot(container).render(
  <StrictMode>
    <I18nextProvider i18n={i18n}>
      <Suspense fallback={<PageSpinner />}>
        <GalleryPage initialLanguage={language} initialDirection={direction} />
      </Suspense>
    </I18nextProvider>
  </StrictMode>,
);

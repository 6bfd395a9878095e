import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { prefetchProfile } from '../features/profile/api/get-profile';
import { createI18n } from '../lib/i18n/create-i18n';
import { applyLanguage } from '../lib/language/apply';
import { classifyLanguageSegment, languageSegmentOf, ROUTER_BASENAME } from '../lib/language/app-path';
import { detectLanguage, readLanguageSources } from '../lib/language/detect';
import { pageLanguages, urlFallbackLanguage } from '../lib/language/page-languages';
import '../ui/theme.css';
import { Providers } from './providers';
import { AppRoutes } from './routes';
import { store } from './store';

/**
 * The language the page starts in, before the router runs: the URL segment when it is supported,
 * the detected language when there is none, and the fallback an unsupported segment redirects to —
 * so translations for the right language start loading at once.
 */
function startLanguage(): string {
  const region = pageLanguages();
  const segment = classifyLanguageSegment(
    languageSegmentOf(window.location.pathname) ?? '',
    region.languages,
  );
  if (segment.kind === 'language') return segment.code;
  if (segment.kind === 'unsupported') return urlFallbackLanguage(region);
  return detectLanguage(readLanguageSources(), region);
}

const language = startLanguage();
applyLanguage(language);
const { i18n } = createI18n(language);
// Every screen sits behind the profile gate: ask for the profile now, in parallel with the screen's
// chunk and the translations.
prefetchProfile();

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root');
createRoot(container).render(
  <Providers store={store} i18n={i18n}>
    <BrowserRouter basename={ROUTER_BASENAME}>
      <AppRoutes />
    </BrowserRouter>
  </Providers>,
);

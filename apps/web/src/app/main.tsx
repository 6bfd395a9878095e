import { createRoot } from 'react-dom/client';
import { BrowserRouter } from '../lib/router';
import { prefetchProfile } from '../features/profile/api/get-profile';
import { loginRedirectUrl } from '../features/profile/components/profile-gate';
import { browserLocation } from '../lib/browser/location';
import { configureHttp } from '../lib/http';
import { createI18n } from '../lib/i18n/create-i18n';
import { httpTexts } from '../lib/i18n/http-texts';
import { applyLanguage } from '../lib/language/apply';
import { classifyLanguageSegment, languageSegmentOf, ROUTER_BASENAME } from '../lib/language/app-path';
import { detectLanguage, queryLanguageOf, readLanguageSources } from '../lib/language/detect';
import { pageLanguages, urlFallbackLanguage } from '../lib/language/page-languages';
import { registerMessenger } from '../lib/messages/messenger';
import { startPageMode } from '../lib/navigation/page-mode';
import { connectComplianceConfig } from '../lib/store/connect-compliance-config';
import { ErrorBoundary } from '../ui/error-boundary';
import '../ui/theme.css';
import { lazyMessenger, preloadMessagesLater } from './lazy-messages';
import { Providers } from './providers';
import { AppRoutes } from './routes';
import { preloadFirstScreen } from './first-screen';
import { store } from './store';

/**
 * The language the page starts in, before the router runs: a supported ?lang= (spec §4: it comes
 * first), else the URL segment when it is supported, the detected language when there is none, and
 * the fallback an unsupported segment redirects to — so translations for the right language start
 * loading at once.
 */
function startLanguage(): string {
  const region = pageLanguages();
  const requested = queryLanguageOf(window.location.search, region.languages);
  if (requested) return requested;
  const segment = classifyLanguageSegment(
    languageSegmentOf(window.location.pathname) ?? '',
    region.languages,
  );
  if (segment.kind === 'language') return segment.code;
  if (segment.kind === 'unsupported') return urlFallbackLanguage(region);
  return detectLanguage(readLanguageSources(), region);
}

// spec §2, §6: SDK mode and app mode are decided from the address the page was opened with.
const mode = startPageMode();
const language = startLanguage();
applyLanguage(language);
const { i18n, ready } = createI18n(language);

// spec §8: the HTTP client's messages are translated, and shown through the design system's toast and
// notification (lib/ never imports ui/; this is the one place that connects them).
configureHttp(httpTexts(i18n, ready));
// Issue 11: a call answered 10007 (the session expired while the person worked) sends them to /login
// with the way back; the wizard's and questionnaires' drafts stay in the tab. SDK mode has its own
// token errors (1007 / 1008) and no /login.
if (!mode.sdk)
  configureHttp({ onNotLoggedIn: () => browserLocation.assign(loginRedirectUrl(browserLocation.href())) });
registerMessenger(lazyMessenger);
preloadMessagesLater();

// spec §4 start-up: every screen sits behind the start-up wrapper, so its request starts now, in
// parallel with the screen's chunk and the translations — the SDK token info in SDK mode (its code is
// a chunk of its own, not part of the normal first load), else the profile.
const sdkLink = mode.sdk;
if (sdkLink) void import('../features/sdk/api/load-sdk-user').then((sdk) => sdk.prefetchSdkUser(sdkLink));
else prefetchProfile();
// The first screen's chunk too, instead of after the profile (docs/decisions.md D34).
preloadFirstScreen(window.location.pathname);
// spec §4: once a user id exists, follow the compliance configuration and give it the sub_attribute.
connectComplianceConfig(store);

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root');
createRoot(container).render(
  <Providers store={store} i18n={i18n}>
    <ErrorBoundary depth="app">
      <BrowserRouter basename={ROUTER_BASENAME}>
        <AppRoutes />
      </BrowserRouter>
    </ErrorBoundary>
  </Providers>,
);

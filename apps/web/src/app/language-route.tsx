import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation, useParams } from '../lib/router';
import { applyLanguage } from '../lib/language/apply';
import { classifyLanguageSegment, withLanguage } from '../lib/language/app-path';
import { detectLanguage, queryLanguageOf, readLanguageSources } from '../lib/language/detect';
import { pageLanguages, urlFallbackLanguage } from '../lib/language/page-languages';

/** The language a URL without a language segment is sent to (spec §4 detection, without the URL). */
function detectedLanguage(): string {
  return detectLanguage(readLanguageSources(), pageLanguages());
}

/** /user/accounts/ → /user/accounts/{detected}/auth/personal. */
export function DetectedLanguageRedirect() {
  return <Navigate replace to={`/${detectedLanguage()}/auth/personal`} />;
}

/**
 * The /:lang segment (spec §2: "page language is prefixed in URLs when it is in the supported-language
 * list, otherwise /en is used"). A supported ?lang= comes first (spec §4): the address moves to that
 * language's path (/en/auth/personal?lang=ja-JP → /ja-JP/auth/personal?lang=ja-JP, the query kept for
 * SDK links). Otherwise a supported segment becomes the page language; a URL without one (/auth/…) gets
 * the detected language; an unsupported one is replaced by en, keeping the rest.
 */
export function LanguageRoute() {
  const { lang = '' } = useParams();
  const location = useLocation();
  // No suspense here: this route must not wait for translations before its children start loading.
  const { i18n } = useTranslation(undefined, { useSuspense: false });
  const region = pageLanguages();
  const segment = classifyLanguageSegment(lang, region.languages);
  const requested = queryLanguageOf(location.search, region.languages);
  const language = requested ?? (segment.kind === 'language' ? segment.code : null);

  useEffect(() => {
    if (!language) return;
    applyLanguage(language);
    if (i18n.language === language) return;
    // Load first, then switch: the screen keeps its current text instead of flashing a spinner.
    void i18n.loadLanguages(language).then(() => i18n.changeLanguage(language));
  }, [language, i18n]);

  if (language === lang) return <Outlet />;

  const target =
    requested ??
    (segment.kind === 'language'
      ? segment.code // canonical spelling: /EN/… → /en/…
      : segment.kind === 'missing'
        ? detectedLanguage()
        : urlFallbackLanguage(region));
  const pathname = withLanguage(location.pathname, target, segment.kind !== 'missing');
  return <Navigate replace to={{ pathname, search: location.search, hash: location.hash }} />;
}

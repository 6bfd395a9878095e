import { useState, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { LOGIN_PATH, ROUTE_PERSONAL } from '@kyc/contracts';
import { Link, useLocation, useNavigate } from '../../../lib/router';
import { browserLocation } from '../../../lib/browser/location';
import { configureHttp } from '../../../lib/http';
import {
  classifyLanguageSegment,
  firstSegment,
  switchLanguageLocation,
} from '../../../lib/language/app-path';
import { pageLanguages } from '../../../lib/language/page-languages';
import { selectUser, useAppSelector } from '../../../lib/store/hooks';
import { Button } from '../../../ui/button';
import { LanguageSelect } from '../../../ui/language-select';
import { Wordmark } from '../../../ui/wordmark';
import { logout } from '../api/logout';
import './header.css';

/** The id of the page's <main>, target of the skip link. */
export const MAIN_CONTENT_ID = 'main-content';

/**
 * The site header (spec §2 "Page chrome"): logo, language switcher, the signed-in email and log out.
 * `hidden` in app mode (the hosting app draws its own); the app shell leaves it out in SDK mode.
 */
export function Header({ hidden = false }: { hidden?: boolean }) {
  const { t, i18n } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const user = useAppSelector(selectUser);
  const [loggingOut, setLoggingOut] = useState(false);

  const region = pageLanguages();
  const segment = classifyLanguageSegment(firstSegment(location.pathname), region.languages);
  const language = segment.kind === 'language' ? segment.code : (i18n.resolvedLanguage ?? i18n.language);

  // Only the language segment (and an explicit ?lang=) changes: the screen, query and hash stay.
  const changeLanguage = (code: string) => {
    navigate(switchLanguageLocation(location, code, segment.kind !== 'missing'));
  };

  const skipToContent = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    document.getElementById(MAIN_CONTENT_ID)?.focus();
  };

  // spec §2: after logout the user goes to /login, whatever the answer. A section's call still in
  // flight meets the ended session with 10007; its redirect (to /login?redirect_url=…, issue 11) must
  // not overtake this one, or signing in again would return the person to a page they chose to leave.
  const signOut = async () => {
    setLoggingOut(true);
    configureHttp({ onNotLoggedIn: () => undefined });
    try {
      await logout();
    } catch {
      // The session may already be gone; /login is the right place either way.
    }
    browserLocation.assign(LOGIN_PATH);
  };

  return (
    <header className="site-header" hidden={hidden}>
      <a className="skip-link" href={`#${MAIN_CONTENT_ID}`} onClick={skipToContent}>
        {t('app.skipToContent')}
      </a>
      <Link className="site-header__home" to={`/${language}${ROUTE_PERSONAL}`}>
        <Wordmark name={t('app.productName')} />
      </Link>
      <div className="site-header__actions">
        <LanguageSelect
          id="header-language"
          label={t('app.language')}
          hideLabel
          languages={region.languages}
          value={language}
          onChange={changeLanguage}
        />
        {user.email ? (
          <span className="site-header__email">
            <span className="visually-hidden">{t('header.signedInAs')} </span>
            <bdi>{user.email}</bdi>
          </span>
        ) : null}
        {user.id !== undefined ? (
          <Button size="small" onClick={signOut} loading={loggingOut}>
            {t('header.logout')}
          </Button>
        ) : null}
      </div>
    </header>
  );
}

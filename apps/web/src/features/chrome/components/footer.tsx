import { useTranslation } from 'react-i18next';
import type { HelpCenterArticleKey } from '@kyc/contracts';
import { helpCenterArticleLinks } from '../../../lib/site/help-center';
import './footer.css';

/** The footer text of each help-center article (spec §2). */
const ARTICLE_LABEL_KEYS = {
  identityTransfer: 'helpCenter.identityTransfer',
  webFormIssueReport: 'helpCenter.webFormIssueReport',
  detail: 'helpCenter.detail',
  faq: 'helpCenter.faq',
  guide: 'helpCenter.guide',
  commonFailureReasons: 'helpCenter.commonFailureReasons',
} as const satisfies Record<HelpCenterArticleKey, string>;

/**
 * The site footer (spec §2 "Page chrome"): the help-center article links from the runtime
 * configuration, and the copyright line. `hidden` in app mode.
 */
export function Footer({ hidden = false }: { hidden?: boolean }) {
  const { t, i18n } = useTranslation();
  const links = helpCenterArticleLinks(undefined, i18n.language);
  return (
    <footer className="site-footer" hidden={hidden}>
      <nav className="site-footer__help" aria-label={t('helpCenter.title')}>
        <ul className="site-footer__links">
          {links.map(({ article, href }) => (
            <li key={article}>
              <a href={href}>{t(ARTICLE_LABEL_KEYS[article])}</a>
            </li>
          ))}
        </ul>
      </nav>
      <p className="site-footer__copyright">{t('footer.copyright', { year: new Date().getFullYear() })}</p>
    </footer>
  );
}

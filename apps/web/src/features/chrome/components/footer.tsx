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

export interface FooterProps {
  /** App mode (spec §2): the hosting app draws its own chrome. */
  hidden?: boolean;
  /**
   * SDK mode: the flow runs inside a partner's app, whose user may have no account page of ours to go
   * back to; leaving for the help centre would lose the flow, so the footer says where help comes from.
   */
  embedded?: boolean;
}

/**
 * The site footer (spec §2 "Page chrome"): the help-center article links from the runtime
 * configuration (in SDK mode a note on where to get help instead), and the copyright line.
 */
export function Footer({ hidden = false, embedded = false }: FooterProps) {
  const { t, i18n } = useTranslation();
  return (
    <footer className="site-footer" hidden={hidden}>
      {embedded ? (
        <p className="site-footer__embedded">{t('footer.embeddedHelp')}</p>
      ) : (
        <nav className="site-footer__help" aria-label={t('helpCenter.title')}>
          <ul className="site-footer__links">
            {helpCenterArticleLinks(undefined, i18n.language).map(({ article, href }) => (
              <li key={article}>
                <a href={href}>{t(ARTICLE_LABEL_KEYS[article])}</a>
              </li>
            ))}
          </ul>
        </nav>
      )}
      <p className="site-footer__copyright">{t('footer.copyright', { year: new Date().getFullYear() })}</p>
    </footer>
  );
}

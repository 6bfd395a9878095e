import {
  HELP_CENTER_ARTICLES,
  helpCenterLinks,
  localizedHelpLink,
  type HelpCenterArticleKey,
} from '@kyc/contracts';
import { runtimeConfig, type RuntimeConfig } from '../config/runtime-config';

/** Where the links point when the page carries no configuration (the Vite dev server): our own /help/. */
export const DEFAULT_HELP_CENTER_BASE = '/help/';

export interface HelpCenterLink {
  article: HelpCenterArticleKey;
  href: string;
}

/** Only same-server paths and http(s) addresses are followed; anything else falls back. */
function isSafeHref(href: unknown): href is string {
  return typeof href === 'string' && (/^\/(?!\/)/.test(href) || /^https?:\/\/[^\s/]/i.test(href));
}

/**
 * spec §2: the help-center article links (identity transfer, web form issue report, detail, FAQ, guide,
 * common KYC failure reasons), from the runtime configuration the server writes into the page
 * (HELP_CENTER_BASE_URL), in the order of HELP_CENTER_ARTICLES. Given the page's language, links to the
 * portal's own help centre (/help/) carry it (/help/{lang}/{slug}); an external help centre's stay as
 * configured.
 */
export function helpCenterArticleLinks(
  config: RuntimeConfig = runtimeConfig(),
  language?: string,
): HelpCenterLink[] {
  const fallback = helpCenterLinks(DEFAULT_HELP_CENTER_BASE);
  return (Object.keys(HELP_CENTER_ARTICLES) as HelpCenterArticleKey[]).map((article) => {
    const configured = config.helpCenter?.[article];
    const href = isSafeHref(configured) ? configured : fallback[article];
    return { article, href: language ? localizedHelpLink(href, language) : href };
  });
}

/** The link of one article (for screens that point at a single article, e.g. failure reasons). */
export function helpCenterHref(
  article: HelpCenterArticleKey,
  config: RuntimeConfig = runtimeConfig(),
  language?: string,
): string {
  return (
    helpCenterArticleLinks(config, language).find((link) => link.article === article)?.href ??
    DEFAULT_HELP_CENTER_BASE
  );
}

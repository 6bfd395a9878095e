/**
 * The help centre's HTML (docs/help-centre.md): one layout for the index, the articles and the
 * not-found page, with the portal's look (assets/help.css), <html lang dir> from the language list
 * (ar-SA right to left), a language switcher that needs no script, links between the articles and
 * back to the portal. The "Report a problem" article also carries the report form, which the small
 * script assets/help.js sends; its texts reach the script in a JSON element (no inline script).
 */
import {
  ALL_LANGUAGES,
  HELP_CENTER_ARTICLES,
  SUPPORT_MESSAGE_MAX,
  SUPPORT_MESSAGE_MIN,
  SUPPORT_TOPICS,
  EMAIL_MAX_LENGTH,
  isRtl,
  type Language,
} from '@kyc/contracts';
import type { HelpArticle, HelpContent } from './help-content.ts';

export const HELP_BASE = '/help/';
export const REPORT_SLUG = HELP_CENTER_ARTICLES.webFormIssueReport;

/** The codes the report form can meet, translated into the page for its script. */
const FORM_ERROR_CODES = [52001, 52002, 52003, 52007, 10001, 10006, 10011, 10016, 50016];

export interface AssetUrls {
  css: string;
  js: string;
}

export interface PageContext {
  content: HelpContent;
  language: string;
  /** The languages the switcher offers on this host (the page's own is added when missing). */
  languages: readonly Language[];
  assets: AssetUrls;
  year: number;
}

export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** JSON inside a script element: <, > and & escaped so no value can close the element. */
function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026');
}

export const articleHref = (language: string, slug: string) => `${HELP_BASE}${language}/${slug}`;
export const indexHref = (language: string) => `${HELP_BASE}${language}/`;

function languageSwitcher(ctx: PageContext, slug: string | null): string {
  const t = (key: string, values?: Record<string, string>) => ctx.content.text(ctx.language, key, values);
  const offered = ctx.languages.some((l) => l.code === ctx.language)
    ? ctx.languages
    : [...ctx.languages, ...ALL_LANGUAGES.filter((l) => l.code === ctx.language)];
  const current = ALL_LANGUAGES.find((l) => l.code === ctx.language)?.label ?? ctx.language;
  const items = offered
    .map((l) => {
      const href = slug ? articleHref(l.code, slug) : indexHref(l.code);
      const here = l.code === ctx.language ? ' aria-current="true"' : '';
      return `<li><a href="${escapeHtml(href)}" lang="${l.code}" hreflang="${l.code}"${here}>${escapeHtml(l.label)}</a></li>`;
    })
    .join('');
  return `<details class="help-language"><summary><span class="visually-hidden">${escapeHtml(
    t('nav.language'),
  )}: </span>${escapeHtml(current)}</summary><ul class="help-language__list">${items}</ul></details>`;
}

function articlesNav(ctx: PageContext, currentSlug: string | null): string {
  const t = (key: string) => ctx.content.text(ctx.language, key);
  const items = ctx.content
    .articles(ctx.language)
    .map((a) => {
      const here = a.slug === currentSlug ? ' aria-current="page"' : '';
      return `<li><a href="${articleHref(ctx.language, a.slug)}"${here}>${escapeHtml(a.title)}</a></li>`;
    })
    .join('');
  return `<nav class="help-aside" aria-labelledby="help-aside-title"><h2 id="help-aside-title" class="help-aside__title">${escapeHtml(
    t('nav.articles'),
  )}</h2><ul class="help-aside__list">${items}</ul></nav>`;
}

function layout(
  ctx: PageContext,
  page: { title: string; description: string; slug: string | null; main: string; script?: string },
): string {
  const t = (key: string, values?: Record<string, string | number>) =>
    ctx.content.text(ctx.language, key, values);
  const dir = isRtl(ctx.language) ? 'rtl' : 'ltr';
  const siteName = t('meta.siteName');
  const fullTitle = page.title === siteName ? siteName : `${page.title} · ${siteName}`;
  return `<!doctype html>
<html lang="${ctx.language}" dir="${dir}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(fullTitle)}</title>
<meta name="description" content="${escapeHtml(page.description)}">
<link rel="stylesheet" href="${ctx.assets.css}">
</head>
<body>
<a class="help-skip" href="#main">${escapeHtml(t('nav.skip'))}</a>
<header class="help-header"><div class="help-header__inner">
<a class="help-brand" href="${indexHref(ctx.language)}"><span class="help-brand__mark" aria-hidden="true"></span>${escapeHtml(siteName)}</a>
${languageSwitcher(ctx, page.slug)}
</div></header>
<div class="help-layout">
<main id="main" class="help-main" tabindex="-1">
${page.main}
</main>
${articlesNav(ctx, page.slug)}
</div>
<footer class="help-footer"><div class="help-footer__inner">
<a class="help-footer__portal" href="/user/accounts/${ctx.language}/auth/personal">${escapeHtml(t('nav.backToPortal'))}</a>
<p>${escapeHtml(t('footer.copyright', { year: ctx.year }))}</p>
</div></footer>
${page.script ?? ''}
</body>
</html>
`;
}

function breadcrumb(ctx: PageContext, title: string): string {
  const t = (key: string) => ctx.content.text(ctx.language, key);
  return `<nav class="help-breadcrumb" aria-label="${escapeHtml(t('nav.breadcrumb'))}"><ol><li><a href="${indexHref(
    ctx.language,
  )}">${escapeHtml(t('meta.siteName'))}</a></li><li><span aria-current="page">${escapeHtml(title)}</span></li></ol></nav>`;
}

export function renderIndex(ctx: PageContext): string {
  const t = (key: string) => ctx.content.text(ctx.language, key);
  const cards = ctx.content
    .articles(ctx.language)
    .map(
      (a) =>
        `<li class="help-card"><h2 class="help-card__title"><a href="${articleHref(ctx.language, a.slug)}">${escapeHtml(
          a.title,
        )}</a></h2><p>${escapeHtml(a.summary)}</p></li>`,
    )
    .join('');
  return layout(ctx, {
    title: t('meta.siteName'),
    description: t('meta.description'),
    slug: null,
    main: `<h1>${escapeHtml(t('index.title'))}</h1><p class="help-lead">${escapeHtml(
      t('index.intro'),
    )}</p><ul class="help-cards">${cards}</ul>`,
  });
}

export function renderArticle(ctx: PageContext, article: HelpArticle): string {
  const isReport = article.slug === REPORT_SLUG;
  return layout(ctx, {
    title: article.title,
    description: article.summary,
    slug: article.slug,
    main: `${breadcrumb(ctx, article.title)}<article class="help-article"><h1>${escapeHtml(article.title)}</h1>${
      article.html
    }</article>${isReport ? reportForm(ctx) : ''}`,
    ...(isReport
      ? {
          script: `<script type="application/json" id="help-data">${jsonForScript(
            formData(ctx),
          )}</script>\n<script src="${ctx.assets.js}" defer></script>`,
        }
      : {}),
  });
}

export function renderNotFound(ctx: PageContext): string {
  const t = (key: string) => ctx.content.text(ctx.language, key);
  return layout(ctx, {
    title: t('notFound.title'),
    description: t('notFound.text'),
    slug: null,
    main: `<h1>${escapeHtml(t('notFound.title'))}</h1><p class="help-lead">${escapeHtml(
      t('notFound.text'),
    )}</p><p><a class="help-button" href="${indexHref(ctx.language)}">${escapeHtml(t('notFound.home'))}</a></p>`,
  });
}

function reportForm(ctx: PageContext): string {
  const t = (key: string, values?: Record<string, string | number>) =>
    ctx.content.text(ctx.language, key, values);
  const options = [
    `<option value="">${escapeHtml(t('report.topicChoose'))}</option>`,
    ...SUPPORT_TOPICS.map(
      (topic) => `<option value="${topic}">${escapeHtml(t(`report.topics.${topic}`))}</option>`,
    ),
  ].join('');
  const field = (id: string, label: string, control: string, hint?: string) =>
    `<div class="help-field" id="report-${id}-field"><label for="report-${id}">${escapeHtml(label)}</label>${control}${
      hint ? `<p class="help-hint" id="report-${id}-hint">${escapeHtml(hint)}</p>` : ''
    }<p class="help-field__error" id="report-${id}-error" hidden></p></div>`;
  return `<section class="help-report" aria-labelledby="report-title">
<h2 id="report-title">${escapeHtml(t('report.formTitle'))}</h2>
<p id="report-signed-in" class="help-note" hidden>${escapeHtml(t('report.signedIn'))}</p>
<form id="report-form" class="help-form" novalidate>
${field(
  'topic',
  t('report.topic'),
  `<select id="report-topic" name="topic" required aria-describedby="report-topic-error">${options}</select>`,
)}
${field(
  'message',
  t('report.message'),
  `<textarea id="report-message" name="message" rows="6" required maxlength="${SUPPORT_MESSAGE_MAX}" aria-describedby="report-message-hint report-message-error"></textarea>`,
  t('report.messageHint', { min: SUPPORT_MESSAGE_MIN, max: SUPPORT_MESSAGE_MAX }),
)}
${field(
  'email',
  t('report.email'),
  `<input id="report-email" name="email" type="email" autocomplete="email" maxlength="${EMAIL_MAX_LENGTH}" required aria-describedby="report-email-hint report-email-error">`,
  t('report.emailHint'),
)}
<p id="report-error" class="help-alert help-alert--error" role="alert"></p>
<p id="report-status" class="help-alert help-alert--success" role="status"></p>
<button type="submit" class="help-button" id="report-submit" disabled>${escapeHtml(t('report.submit'))}</button>
</form>
<noscript><p class="help-note">${escapeHtml(t('report.noscript'))}</p></noscript>
<section id="report-mine" class="help-mine" aria-labelledby="report-mine-title" hidden>
<h2 id="report-mine-title">${escapeHtml(t('report.mine'))}</h2>
<p id="report-mine-empty" hidden>${escapeHtml(t('report.none'))}</p>
<ol id="report-mine-list" class="help-mine__list"></ol>
</section>
</section>`;
}

function formData(ctx: PageContext) {
  const t = (key: string) => ctx.content.text(ctx.language, key);
  const keep = (key: string) =>
    ctx.content.text(ctx.language, key, { id: '{{id}}', date: '{{date}}', email: '{{email}}' });
  return {
    language: ctx.language,
    texts: {
      submit: t('report.submit'),
      sending: t('report.sending'),
      sent: keep('report.sent'),
      sentSignedOut: keep('report.sentSignedOut'),
      filedAt: keep('report.filedAt'),
      answeredAt: keep('report.answeredAt'),
      yourMessage: t('report.yourMessage'),
      answer: t('report.answer'),
      loadFailed: t('report.loadFailed'),
      reference: keep('report.reference'),
      status: Object.fromEntries(['open', 'answered'].map((s) => [s, t(`report.status.${s}`)])),
      topics: Object.fromEntries(SUPPORT_TOPICS.map((topic) => [topic, t(`report.topics.${topic}`)])),
    },
    errors: Object.fromEntries(
      FORM_ERROR_CODES.map((code) => [code, ctx.content.errorText(ctx.language, code)]),
    ),
  };
}

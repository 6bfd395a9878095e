import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ALL_LANGUAGE_CODES } from '@kyc/contracts';
import {
  CONTENT_FALLBACK,
  HELP_SLUGS,
  contentLanguage,
  loadHelpContent,
  parseArticle,
} from './help-content.ts';
import { escapeHtml, renderArticle, renderIndex, renderNotFound } from './help-html.ts';

const ROOT = path.resolve(import.meta.dirname, '../../../../..');
const CONTENT = path.join(ROOT, 'content/help');
const LOCALES = path.join(ROOT, 'locales');
const content = loadHelpContent(CONTENT, LOCALES);
function articleOf(language: string, slug: string) {
  const article = content.article(language, slug);
  if (!article) throw new Error(`no article ${language}/${slug}`);
  return article;
}
const ctx = (language: string) => ({
  content,
  language,
  languages: [],
  assets: { css: '/help/assets/help.css?v=1', js: '/help/assets/help.js?v=1' },
  year: 2026,
});

describe('help articles', () => {
  it('every article exists in every language with its own words (the fallback languages excepted)', () => {
    for (const slug of HELP_SLUGS) {
      const english = readFileSync(path.join(CONTENT, slug, 'en.md'), 'utf8');
      for (const language of ALL_LANGUAGE_CODES) {
        if (language === 'en') continue;
        if (CONTENT_FALLBACK[language]) {
          expect(contentLanguage(CONTENT, slug, language), `${slug} ${language}`).toBe(
            CONTENT_FALLBACK[language],
          );
          continue;
        }
        const file = path.join(CONTENT, slug, `${language}.md`);
        expect(existsSync(file), `${slug}/${language}.md`).toBe(true);
        const text = readFileSync(file, 'utf8');
        expect(text, `${slug}/${language}.md is an English copy`).not.toBe(english);
        // The same structure as English: as many sections and links.
        const count = (s: string, re: RegExp) => (s.match(re) ?? []).length;
        expect(count(text, /^## /gm), `${slug}/${language}.md sections`).toBe(count(english, /^## /gm));
        expect(count(text, /\]\(/g), `${slug}/${language}.md links`).toBe(count(english, /\]\(/g));
      }
    }
  });

  it('links between articles point at articles that exist, in the same language', () => {
    for (const language of ALL_LANGUAGE_CODES) {
      for (const article of content.articles(language)) {
        for (const [, href] of article.html.matchAll(/href="([^"]*)"/g)) {
          expect(HELP_SLUGS, `${language}/${article.slug} → ${href}`).toContain(href);
        }
      }
    }
  });

  it('parses the title and the summary, and renders Markdown without letting HTML through', () => {
    const article = parseArticle(
      'kyc-faq',
      '# The **title**\n\nFirst [para](kyc-guide)\ngoes on.\n\n## Part\n\n<script>alert(1)</script>\n',
    );
    expect(article.title).toBe('The title');
    expect(article.summary).toBe('First para goes on.');
    expect(article.html).toContain('<h2>Part</h2>');
    expect(article.html).not.toContain('<script>');
    expect(article.html).toContain('&lt;script&gt;');
  });
});

describe('help pages', () => {
  it('the index lists every article and sets lang and dir (ar-SA right to left)', () => {
    const html = renderIndex(ctx('ar-SA'));
    expect(html).toContain('<html lang="ar-SA" dir="rtl">');
    for (const slug of HELP_SLUGS) expect(html).toContain(`href="/help/ar-SA/${slug}"`);
    expect(html).toContain('href="/user/accounts/ar-SA/auth/personal"');
  });

  it('only the report article carries the form and its script; texts reach it as JSON that cannot close the element', () => {
    const report = renderArticle(ctx('de-DE'), articleOf('de-DE', 'web-form-issue-report'));
    expect(report).toContain('id="report-form"');
    expect(report).toContain('<script src="/help/assets/help.js?v=1" defer></script>');
    const json = /<script type="application\/json" id="help-data">(.*?)<\/script>/s.exec(report)?.[1] ?? '';
    expect(json).not.toMatch(/[<>]/);
    const data = JSON.parse(json) as { errors: Record<string, string>; texts: { submit: string } };
    expect(data.errors['52002']).toBe('Beschreiben Sie das Problem in 10 bis 4000 Zeichen.');
    expect(data.texts.submit).toBe('Meldung senden');
    const faq = renderArticle(ctx('de-DE'), articleOf('de-DE', 'kyc-faq'));
    expect(faq).not.toContain('<script');
  });

  it('the not-found page is in the language and every visible text comes from the translations', () => {
    const html = renderNotFound(ctx('ja-JP'));
    expect(html).toContain('ページが見つかりません');
    expect(html).not.toMatch(/>\s*(nav|report|notFound|meta|index|footer)\.[a-zA-Z.]+\s*</);
  });

  it('escapes text for HTML', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
  });
});

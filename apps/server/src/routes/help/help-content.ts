/**
 * The help centre's content (docs/help-centre.md): the six articles of spec §2 as Markdown files,
 * content/help/{slug}/{lang}.md, rendered to HTML once with markdown-it (decision D30; raw HTML in
 * the files is not allowed, so an article can never carry a script), and the pages' own texts from
 * locales/help/{lang}.json. A language without its own file reads its sibling's (CONTENT_FALLBACK).
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import MarkdownIt from 'markdown-it';
import { ALL_LANGUAGE_CODES, DEFAULT_LANGUAGE, HELP_CENTER_ARTICLES } from '@kyc/contracts';

/** Languages written in the same words as another: English variants read en, Hong Kong reads zh-TW. */
export const CONTENT_FALLBACK: Readonly<Record<string, string>> = {
  'en-US': 'en',
  'en-HK': 'en',
  'zh-HK': 'zh-TW',
};

/** The article slugs in the order of spec §2 (and of the portal's footer). */
export const HELP_SLUGS: readonly string[] = Object.values(HELP_CENTER_ARTICLES);

export interface HelpArticle {
  slug: string;
  title: string;
  /** The first paragraph as plain text: the index's summary and the page's description. */
  summary: string;
  /** The body below the title, as HTML. */
  html: string;
}

type Tree = { [key: string]: string | Tree };

const markdown = new MarkdownIt({ html: false, linkify: false, typographer: false });

/** Plain text of a line of Markdown: links keep their text, emphasis marks go. */
function plainText(line: string): string {
  return line
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[*_`]/g, '')
    .trim();
}

/** Parses one article: `# Title`, a blank line, the summary paragraph, then the rest. */
export function parseArticle(slug: string, source: string): HelpArticle {
  const lines = source.replace(/\r\n/g, '\n').split('\n');
  const titleLine = lines.findIndex((line) => line.startsWith('# '));
  const heading = lines[titleLine];
  if (heading === undefined) throw new Error(`help article ${slug}: no "# Title" line`);
  const title = plainText(heading.slice(2));
  const body = lines.slice(titleLine + 1).join('\n');
  const summary = plainText(
    body
      .trim()
      .split(/\n\s*\n/)[0]
      ?.replace(/\n/g, ' ') ?? '',
  );
  return { slug, title, summary, html: markdown.render(body) };
}

/** Where a language's words come from: its own file when there is one, else its fallback's. */
export function contentLanguage(dir: string, slug: string, language: string): string {
  const fallback = CONTENT_FALLBACK[language];
  const candidates = [language, ...(fallback ? [fallback] : []), DEFAULT_LANGUAGE];
  return candidates.find((code) => existsSync(path.join(dir, slug, `${code}.md`))) ?? DEFAULT_LANGUAGE;
}

export interface HelpContent {
  article(language: string, slug: string): HelpArticle | undefined;
  articles(language: string): HelpArticle[];
  /** A text of the pages (locales/help), `{{name}}` filled in; the key itself never reaches a page. */
  text(language: string, key: string, values?: Record<string, string | number>): string;
  /** A ret_code's translated message (locales/inverse-error-code). */
  errorText(language: string, code: number): string;
}

const loaded = new Map<string, HelpContent>();

/**
 * Reads and renders every article and text of every language once per process (the files are part of
 * the release; every app built by the tests shares the result).
 */
export function loadHelpContent(contentDir: string, localesDir: string): HelpContent {
  const key = `${contentDir}\0${localesDir}`;
  const cached = loaded.get(key);
  if (cached) return cached;
  const content = readHelpContent(contentDir, localesDir);
  loaded.set(key, content);
  return content;
}

function readHelpContent(contentDir: string, localesDir: string): HelpContent {
  const articles = new Map<string, HelpArticle[]>();
  const texts = new Map<string, Map<string, string>>();
  const errors = new Map<string, Map<string, string>>();
  for (const language of ALL_LANGUAGE_CODES) {
    articles.set(
      language,
      HELP_SLUGS.map((slug) => {
        const from = contentLanguage(contentDir, slug, language);
        return parseArticle(slug, readFileSync(path.join(contentDir, slug, `${from}.md`), 'utf8'));
      }),
    );
    texts.set(language, flatten(readJson(path.join(localesDir, 'help', `${language}.json`))));
    errors.set(language, flatten(readJson(path.join(localesDir, 'inverse-error-code', `${language}.json`))));
  }
  const lookup = (table: Map<string, Map<string, string>>, language: string, key: string) =>
    table.get(language)?.get(key) ?? table.get(DEFAULT_LANGUAGE)?.get(key);

  return {
    article: (language, slug) => articles.get(language)?.find((a) => a.slug === slug),
    articles: (language) => articles.get(language) ?? [],
    text(language, key, values = {}) {
      const template = lookup(texts, language, key);
      if (template === undefined) throw new Error(`help text ${key} missing`);
      return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => String(values[name] ?? ''));
    },
    errorText: (language, code) =>
      lookup(errors, language, String(code)) ?? lookup(errors, language, '10016') ?? String(code),
  };
}

function readJson(file: string): Tree {
  return JSON.parse(readFileSync(file, 'utf8')) as Tree;
}

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const name = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(name, value);
    else for (const [k, v] of flatten(value, name)) out.set(k, v);
  }
  return out;
}

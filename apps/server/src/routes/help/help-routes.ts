/**
 * The help centre (docs/help-centre.md): /help/{lang}/ (index) and /help/{lang}/{slug} (the six
 * articles of spec §2), static pages rendered once per host region, language and page, compressed
 * (br, gzip) and served with an ETag and a short public Cache-Control. /help/ and /help/{slug} choose
 * the language (help-language.ts) and redirect to the address that carries it. Anything else under
 * /help/ is a real HTML 404 in the language. The CSP of these pages allows only this origin.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { ALL_LANGUAGE_CODES, languagesForRegion, regionFromHost, type HostRegion } from '@kyc/contracts';
import type { Services } from '../services.ts';
import { HELP_SLUGS, loadHelpContent, type HelpContent } from './help-content.ts';
import {
  articleHref,
  indexHref,
  renderArticle,
  renderIndex,
  renderNotFound,
  type AssetUrls,
} from './help-html.ts';
import { chooseLanguage } from './help-language.ts';

/** Pages change only with a release: browsers and proxies may keep them five minutes, then revalidate. */
const PAGE_CACHE = 'public, max-age=300';
/** Assets are addressed by their content hash (?v=), so they can be kept for a year. */
const ASSET_CACHE = 'public, max-age=31536000, immutable';
/** Nothing but this origin: our stylesheet, our script, our API; no frame may embed a help page. */
export const HELP_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self'",
  "connect-src 'self'",
  "form-action 'self'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
].join('; ');

const ASSETS_DIR = path.join(import.meta.dirname, 'assets');

interface Compressed {
  etag: string;
  identity: Buffer;
  br: Buffer;
  gzip: Buffer;
}

function compress(text: string): Compressed {
  const identity = Buffer.from(text, 'utf8');
  return {
    etag: `"${createHash('sha256').update(identity).digest('base64url').slice(0, 27)}"`,
    identity,
    br: brotliCompressSync(identity, {
      params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: identity.length },
    }),
    gzip: gzipSync(identity, { level: 9 }),
  };
}

function send(request: FastifyRequest, reply: FastifyReply, body: Compressed, type: string, cache: string) {
  void reply.header('etag', body.etag).header('vary', 'accept-encoding').header('cache-control', cache);
  void reply.type(type);
  if (request.headers['if-none-match'] === body.etag) return reply.code(304).send();
  const accepts = String(request.headers['accept-encoding'] ?? '');
  if (/\bbr\b/.test(accepts)) return reply.header('content-encoding', 'br').send(body.br);
  if (/\bgzip\b/.test(accepts)) return reply.header('content-encoding', 'gzip').send(body.gzip);
  return reply.send(body.identity);
}

function queryOf(request: FastifyRequest): URLSearchParams {
  const index = request.url.indexOf('?');
  return new URLSearchParams(index === -1 ? '' : request.url.slice(index + 1));
}

/**
 * The help pages' stylesheet and script, compressed once per process: they ship with the server and
 * change only with a new release (a restart), and compressing them at brotli's best for every app built
 * cost 40 ms of each integration test's set-up.
 */
const assets = new Map<string, Compressed>();
function asset(file: string): Compressed {
  let found = assets.get(file);
  if (!found) {
    found = compress(readFileSync(path.join(ASSETS_DIR, file), 'utf8'));
    assets.set(file, found);
  }
  return found;
}

export function helpRoutes(services: Services): FastifyPluginAsync {
  // Read on the first help page asked for (then shared by the process: help-content.ts), so an app
  // built with other locale paths (tests of other features) never needs the help files.
  let content: HelpContent | undefined;
  const contentOf = () => (content ??= loadHelpContent(services.paths.helpContent, services.paths.locales));
  const css = asset('help.css');
  const js = asset('help.js');
  const assets: AssetUrls = {
    css: `${'/help/assets/help.css'}?v=${css.etag.slice(1, 13)}`,
    js: `${'/help/assets/help.js'}?v=${js.etag.slice(1, 13)}`,
  };
  const year = new Date().getUTCFullYear();
  const pages = new Map<string, Compressed>();

  /** A page rendered the first time it is asked for, then kept (one per region, language and page). */
  function page(region: HostRegion, language: string, slug: string | null, notFound = false): Compressed {
    const key = `${region}|${language}|${notFound ? '404' : (slug ?? '')}`;
    const cached = pages.get(key);
    if (cached) return cached;
    const ctx = {
      content: contentOf(),
      language,
      languages: languagesForRegion(region).languages,
      assets,
      year,
    };
    const article = slug ? ctx.content.article(language, slug) : undefined;
    const html = notFound ? renderNotFound(ctx) : article ? renderArticle(ctx, article) : renderIndex(ctx);
    const rendered = compress(html);
    pages.set(key, rendered);
    return rendered;
  }

  const regionOf = (request: FastifyRequest) => regionFromHost(request.hostname);
  const chosen = (request: FastifyRequest) =>
    chooseLanguage({
      query: queryOf(request).get('lang') ?? undefined,
      cookie: request.cookies.i18nextLng,
      acceptLanguage: request.headers['accept-language'],
      fallback: languagesForRegion(regionOf(request)).defaultLanguage,
    });

  function sendPage(request: FastifyRequest, reply: FastifyReply, language: string, slug: string | null) {
    void reply.header('content-security-policy', HELP_CSP).header('content-language', language);
    return send(
      request,
      reply,
      page(regionOf(request), language, slug),
      'text/html; charset=utf-8',
      PAGE_CACHE,
    );
  }

  function sendNotFound(request: FastifyRequest, reply: FastifyReply, language: string) {
    void reply.code(404).header('content-security-policy', HELP_CSP).header('content-language', language);
    return send(
      request,
      reply,
      page(regionOf(request), language, null, true),
      'text/html; charset=utf-8',
      'no-cache',
    );
  }

  /** /help/{x}: a language goes to its index, an article to the chosen language's copy of it. */
  function oneSegment(request: FastifyRequest, reply: FastifyReply, segment: string) {
    if (ALL_LANGUAGE_CODES.includes(segment)) return reply.redirect(indexHref(segment), 302);
    if (HELP_SLUGS.includes(segment)) return reply.redirect(articleHref(chosen(request), segment), 302);
    return sendNotFound(request, reply, chosen(request));
  }

  return async (app) => {
    const hide = { schema: { hide: true } };
    app.get('/help/assets/help.css', hide, (request, reply) =>
      send(request, reply, css, 'text/css; charset=utf-8', ASSET_CACHE),
    );
    app.get('/help/assets/help.js', hide, (request, reply) =>
      send(request, reply, js, 'text/javascript; charset=utf-8', ASSET_CACHE),
    );
    app.get('/help', hide, (request, reply) => reply.redirect(indexHref(chosen(request)), 302));
    app.get('/help/', hide, (request, reply) => reply.redirect(indexHref(chosen(request)), 302));
    app.get<{ Params: { first: string } }>('/help/:first', hide, (request, reply) =>
      oneSegment(request, reply, request.params.first),
    );
    app.get<{ Params: { lang: string } }>('/help/:lang/', hide, (request, reply) => {
      const { lang } = request.params;
      if (!ALL_LANGUAGE_CODES.includes(lang)) return oneSegment(request, reply, lang);
      return sendPage(request, reply, lang, null);
    });
    app.get<{ Params: { lang: string; slug: string } }>('/help/:lang/:slug', hide, (request, reply) => {
      const { lang, slug } = request.params;
      if (!ALL_LANGUAGE_CODES.includes(lang)) return sendNotFound(request, reply, chosen(request));
      if (!HELP_SLUGS.includes(slug)) return sendNotFound(request, reply, lang);
      return sendPage(request, reply, lang, slug);
    });
    app.get('/help/*', hide, (request, reply) => sendNotFound(request, reply, chosen(request)));
  };
}

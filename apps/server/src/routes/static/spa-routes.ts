import { existsSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { ALL_LANGUAGE_CODES, RET_CODES } from '@kyc/contracts';
import { errorEnvelope } from '../../http/envelope.ts';
import { hideFromDocument } from '../../http/openapi.ts';
import type { Services } from '../services.ts';
import { translationPreloadLinks } from './preload-links.ts';
import { injectRuntimeConfig, pageRuntimeConfig, type PageRuntimeConfig } from './runtime-config.ts';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * The two SPAs and the sign-in page. Hashed assets are immutable and served pre-compressed (br, gzip,
 * written at build time); HTML is never cached, so a new release is picked up at the next load.
 * Client routes answer index.html; the SPA itself canonicalises the language segment (spec §2, §4:
 * query → localStorage → browser), which the server cannot see.
 *
 * The web pages (index.html, login.html, the gallery) carry the deployment's runtime configuration
 * (runtime-config.ts), written in at serve time so one build runs in every deployment; each page is
 * rendered and compressed once per build file, not per request.
 */
export function spaRoutes(services: Services): FastifyPluginAsync {
  const { webDist, backofficeDist } = services.paths;
  const pages = webPages(pageRuntimeConfig(services.config));
  const sendPage = (request: FastifyRequest, reply: FastifyReply, file: string) =>
    pages.send(request, reply, path.join(webDist, file));
  return async (app) => {
    // Pages, redirects and asset files: not API operations, so not in the OpenAPI document.
    hideFromDocument(app);
    registerAssets(app, path.join(webDist, 'assets'), '/user/accounts/assets/', true);
    registerAssets(app, path.join(backofficeDist, 'assets'), '/backoffice/assets/', false);

    app.get('/', (_request, reply) => reply.redirect('/user/accounts/', 302));
    app.get('/user/accounts', (request, reply) => reply.redirect(`/user/accounts/${queryOf(request)}`, 302));
    app.get('/user/accounts/*', (request, reply) => {
      const links = translationPreloadLinks(request.url, services.config.publicEnvironment);
      if (links) void reply.header('link', links);
      return sendPage(request, reply, 'index.html');
    });
    app.get('/login', (request, reply) => sendPage(request, reply, 'login.html'));

    // The design-system gallery (screenshots of every component state): never in production mode, and
    // only when the build made one.
    const gallery = (request: FastifyRequest, reply: FastifyReply) =>
      services.config.production || !existsSync(path.join(webDist, GALLERY_FILE))
        ? notFound(request, reply)
        : sendPage(request, reply, GALLERY_FILE);
    app.get('/user/accounts/gallery', gallery);
    app.get('/user/accounts/gallery/', gallery);

    // /{lang}/user/accounts/… is the spec's language-prefixed form: redirect to the canonical one.
    app.get<{ Params: { lang: string; '*': string } }>('/:lang/user/accounts/*', (request, reply) => {
      const { lang } = request.params;
      if (!ALL_LANGUAGE_CODES.includes(lang)) return notFound(request, reply);
      const rest = request.params['*'].replace(/^\/+/, '');
      const withoutLang =
        rest.split('/')[0] && ALL_LANGUAGE_CODES.includes(rest.split('/')[0] ?? '')
          ? rest.split('/').slice(1).join('/')
          : rest;
      return reply.redirect(`/user/accounts/${lang}/${withoutLang}${queryOf(request)}`, 302);
    });

    app.get('/backoffice', (request, reply) => reply.redirect(`/backoffice/${queryOf(request)}`, 302));
    app.get('/backoffice/*', (request, reply) => {
      if (request.url.startsWith('/backoffice/api/')) return notFound(request, reply);
      return sendHtml(request, reply, path.join(backofficeDist, 'index.html'));
    });
  };
}

function registerAssets(
  app: Parameters<FastifyPluginAsync>[0],
  root: string,
  prefix: string,
  decorate: boolean,
): void {
  if (!existsSync(root)) {
    app.get(`${prefix}*`, (request, reply) => notFound(request, reply));
    return;
  }
  void app.register(fastifyStatic, {
    root,
    prefix,
    decorateReply: decorate,
    preCompressed: true,
    index: false,
    wildcard: true,
    cacheControl: false,
    setHeaders(reply) {
      void reply.header('cache-control', IMMUTABLE);
    },
  });
}

function queryOf(request: FastifyRequest): string {
  const index = request.url.indexOf('?');
  return index === -1 ? '' : request.url.slice(index);
}

function notFound(request: FastifyRequest, reply: FastifyReply) {
  return reply
    .code(404)
    .send(errorEnvelope(RET_CODES.ROUTE_NOT_FOUND.code, `nothing at ${request.url.split('?')[0]}`));
}

const GALLERY_FILE = 'gallery.html';

interface RenderedPage {
  mtimeMs: number;
  size: number;
  identity: Buffer;
  br: Buffer;
  gzip: Buffer;
}

/**
 * The web SPA's pages with the runtime configuration written in, compressed (brotli 11, gzip 9) the
 * first time each is asked for and again only when its file changes (a new build).
 */
function webPages(config: PageRuntimeConfig) {
  const rendered = new Map<string, Promise<RenderedPage>>();

  async function render(file: string, mtimeMs: number, size: number): Promise<RenderedPage> {
    const html = injectRuntimeConfig(await readFile(file, 'utf8'), config);
    const identity = Buffer.from(html, 'utf8');
    const [br, gz] = await Promise.all([
      brotli(identity, {
        params: {
          [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY,
          [zlib.BROTLI_PARAM_SIZE_HINT]: identity.length,
        },
      }),
      gzipAsync(identity, { level: 9 }),
    ]);
    return { mtimeMs, size, identity, br, gzip: gz };
  }

  async function page(file: string): Promise<RenderedPage | null> {
    const info = await stat(file).catch(() => null);
    if (!info) return null;
    const cached = rendered.get(file);
    if (cached) {
      const current = await cached.catch(() => null);
      if (current && current.mtimeMs === info.mtimeMs && current.size === info.size) return current;
    }
    const next = render(file, info.mtimeMs, info.size);
    rendered.set(file, next);
    return next;
  }

  return {
    async send(request: FastifyRequest, reply: FastifyReply, file: string) {
      const found = await page(file);
      if (!found) {
        return reply
          .code(503)
          .header('cache-control', 'no-cache')
          .type('text/plain; charset=utf-8')
          .send(notBuiltMessage(file));
      }
      void reply
        .header('cache-control', 'no-cache')
        .header('vary', 'accept-encoding')
        .type('text/html; charset=utf-8');
      const accepts = String(request.headers['accept-encoding'] ?? '');
      if (/\bbr\b/.test(accepts)) return reply.header('content-encoding', 'br').send(found.br);
      if (/\bgzip\b/.test(accepts)) return reply.header('content-encoding', 'gzip').send(found.gzip);
      return reply.send(found.identity);
    },
  };
}

/** Serves an HTML file, pre-compressed when the client accepts it; a 503 page when the build is missing. */
async function sendHtml(request: FastifyRequest, reply: FastifyReply, file: string) {
  const accepts = String(request.headers['accept-encoding'] ?? '');
  const variants: [string, string][] = [
    ['br', `${file}.br`],
    ['gzip', `${file}.gz`],
  ];
  void reply
    .header('cache-control', 'no-cache')
    .header('vary', 'accept-encoding')
    .type('text/html; charset=utf-8');
  for (const [encoding, candidate] of variants) {
    if (new RegExp(`\\b${encoding}\\b`).test(accepts) && existsSync(candidate)) {
      return reply.header('content-encoding', encoding).send(await readFile(candidate));
    }
  }
  if (!existsSync(file)) {
    return reply.code(503).type('text/plain; charset=utf-8').send(notBuiltMessage(file));
  }
  return reply.send(await readFile(file));
}

function notBuiltMessage(file: string): string {
  return `The front end is not built (${path.basename(path.dirname(path.dirname(file)))}): run \`npm run build\` or \`npm start\`.\n`;
}

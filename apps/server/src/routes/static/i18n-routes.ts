import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { createHash } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import { ALL_LANGUAGE_CODES, RET_CODES } from '@kyc/contracts';
import { errorEnvelope } from '../../http/envelope.ts';
import { documentRoutes } from '../../http/openapi.ts';
import type { Services } from '../services.ts';

export const NAMESPACES = ['user-accounts', 'inverse-error-code', 'backoffice', 'questionnaires'] as const;

/**
 * Translation files (spec §7 "Translations"): GET /common-static/i18n-upload/{ns}/{lng}.json?v=1, where
 * the file name may carry the test- or testnet- environment prefix. Files are read once at start-up from
 * locales/{ns}/{lng}.json and answered with an ETag and a short cache lifetime.
 */
export function i18nRoutes(services: Services): FastifyPluginAsync {
  const files = loadLocales(services.paths.locales);
  return async (app) => {
    documentRoutes(app, { tag: 'static', access: 'public' });
    app.get<{ Params: { ns: string; file: string } }>(
      '/common-static/i18n-upload/:ns/:file',
      { schema: { summary: 'A translation file: {ns}/{lng}.json, optionally test- or testnet- prefixed' } },
      (request, reply) => {
        const match = /^(?:testnet-|test-)?([A-Za-z]{2}(?:-[A-Za-z]{2})?)\.json$/.exec(request.params.file);
        const entry = match ? files.get(`${request.params.ns}/${match[1]}`) : undefined;
        if (!entry) {
          return reply
            .code(404)
            .send(errorEnvelope(RET_CODES.ROUTE_NOT_FOUND.code, 'no such translation file'));
        }
        void reply.header('cache-control', 'public, max-age=300').header('etag', entry.etag);
        if (request.headers['if-none-match'] === entry.etag) return reply.code(304).send();
        return reply.type('application/json; charset=utf-8').send(entry.body);
      },
    );
  };
}

interface LocaleFile {
  body: string;
  etag: string;
}

/**
 * Files read before in this process, by path, with the size and time they had: an app built again (each
 * integration test builds one) reads, checks and hashes only what changed, not the 64 files again.
 */
const readBefore = new Map<string, LocaleFile & { mtimeMs: number; size: number }>();

function readLocale(file: string): LocaleFile {
  const { mtimeMs, size } = statSync(file);
  const known = readBefore.get(file);
  if (known && known.mtimeMs === mtimeMs && known.size === size) return known;
  const body = readFileSync(file, 'utf8');
  JSON.parse(body); // a broken file fails at start-up, not in a user's browser
  const read = {
    body,
    etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 22)}"`,
    mtimeMs,
    size,
  };
  readBefore.set(file, read);
  return read;
}

function loadLocales(dir: string): Map<string, LocaleFile> {
  const files = new Map<string, LocaleFile>();
  for (const ns of NAMESPACES) {
    const nsDir = path.join(dir, ns);
    if (!existsSync(nsDir)) continue;
    for (const name of readdirSync(nsDir)) {
      const lng = name.replace(/\.json$/, '');
      if (!name.endsWith('.json') || !ALL_LANGUAGE_CODES.includes(lng)) continue;
      files.set(`${ns}/${lng}`, readLocale(path.join(nsDir, name)));
    }
  }
  return files;
}

import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { ALL_LANGUAGE_CODES } from '@kyc/contracts';
import { testDatabases } from './support/databases.ts';
import { TestClient, testApp } from './support/test-app.ts';

/** A stand-in build: the server's serving rules are tested without running Vite. */
function fakeDist(title: string) {
  const dir = mkdtempSync(path.join(tmpdir(), 'kyc-dist-'));
  mkdirSync(path.join(dir, 'assets'));
  const html = `<!doctype html><title>${title}</title>`;
  writeFileSync(path.join(dir, 'index.html'), html);
  writeFileSync(path.join(dir, 'index.html.br'), brotliCompressSync(html));
  writeFileSync(path.join(dir, 'login.html'), '<!doctype html><title>login</title>');
  const js = 'console.log("app");'.repeat(50);
  writeFileSync(path.join(dir, 'assets', 'index-Abc123.js'), js);
  writeFileSync(path.join(dir, 'assets', 'index-Abc123.js.br'), brotliCompressSync(js));
  writeFileSync(path.join(dir, 'assets', 'index-Abc123.js.gz'), gzipSync(js));
  return dir;
}

function fakeLocales() {
  const dir = mkdtempSync(path.join(tmpdir(), 'kyc-locales-'));
  mkdirSync(path.join(dir, 'user-accounts'));
  writeFileSync(path.join(dir, 'user-accounts', 'en.json'), '{"hello":"Hello"}');
  writeFileSync(path.join(dir, 'user-accounts', 'ar-SA.json'), '{"hello":"مرحبا"}');
  return dir;
}

const sqlite = testDatabases()[0] as ReturnType<typeof testDatabases>[number];

describe('serving the SPAs, the sign-in page and translations', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    const database = await sqlite.open();
    app = await testApp(database, {
      paths: { webDist: fakeDist('web'), backofficeDist: fakeDist('backoffice'), locales: fakeLocales() },
      env: { FRAME_ANCESTORS: 'https://partner.example' },
    });
  });
  afterAll(async () => {
    await app.close();
    await sqlite.cleanup();
  });

  it('when a client route is requested in any supported language, then index.html answers, uncached', async () => {
    const client = new TestClient(app);
    for (const lang of ALL_LANGUAGE_CODES) {
      const { response } = await client.get(`/user/accounts/${lang}/auth/personal`);
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toContain('<title>web</title>');
    }
    // The SPA canonicalises a missing or unknown language itself (spec §4 detection order).
    expect((await client.get('/user/accounts/auth/kyc')).response.body).toContain('<title>web</title>');
  });

  it('when the browser accepts brotli, then HTML and assets are served pre-compressed', async () => {
    const client = new TestClient(app);
    const page = await client.get('/user/accounts/en/auth/personal', {
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(page.response.headers['content-encoding']).toBe('br');
    const asset = await client.get('/user/accounts/assets/index-Abc123.js', {
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(asset.response.headers['content-encoding']).toBe('gzip');
    expect(asset.response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(asset.response.headers['set-cookie']).toBeUndefined();
  });

  it('when a missing asset is requested, then 404 in the envelope rather than index.html', async () => {
    const { response, envelope } = await new TestClient(app).get('/user/accounts/assets/missing-123.js');
    expect(response.statusCode).toBe(404);
    expect(envelope?.ret_code).toBe(10017);
  });

  it('when the language-prefixed form /{lang}/user/accounts/… is used, then it redirects to the canonical URL', async () => {
    const client = new TestClient(app);
    const { response } = await client.get('/zh-CN/user/accounts/auth/personal?lang=x');
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/user/accounts/zh-CN/auth/personal?lang=x');
    expect((await client.get('/xx-YY/user/accounts/auth/personal')).response.statusCode).toBe(404);
  });

  it('when /login and /backoffice/ are requested, then their pages answer', async () => {
    const client = new TestClient(app);
    expect((await client.get('/login?redirect_url=%2Fuser%2Faccounts%2F')).response.body).toContain(
      '<title>login</title>',
    );
    expect((await client.get('/backoffice/queue')).response.body).toContain('<title>backoffice</title>');
  });

  it('when a page is served, then the security headers are set and frame-ancestors follows the configuration', async () => {
    const { response } = await new TestClient(app).get('/user/accounts/en/auth/personal');
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
    expect(response.headers['content-security-policy']).toContain('frame-ancestors https://partner.example');
    expect(response.headers['x-frame-options']).toBeUndefined();
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('same-origin');
  });

  it('when a translation file is requested, with or without an environment prefix, then it answers with an ETag', async () => {
    const client = new TestClient(app);
    for (const file of ['en.json', 'test-en.json', 'testnet-en.json']) {
      const { response } = await client.get(`/common-static/i18n-upload/user-accounts/${file}?v=1`);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ hello: 'Hello' });
      expect(response.headers.etag).toBeTruthy();
    }
    const { response } = await client.get('/common-static/i18n-upload/user-accounts/ar-SA.json');
    const again = await client.get('/common-static/i18n-upload/user-accounts/ar-SA.json', {
      headers: { 'if-none-match': String(response.headers.etag) },
    });
    expect(again.response.statusCode).toBe(304);
    expect(
      (await client.get('/common-static/i18n-upload/user-accounts/../../etc/passwd')).response.statusCode,
    ).toBe(404);
    expect(
      (await client.get('/common-static/i18n-upload/user-accounts/xx-XX.json')).response.statusCode,
    ).toBe(404);
  });
});

import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { ALL_LANGUAGE_CODES } from '@kyc/contracts';
import { testDatabases } from './support/databases.ts';
import { TestClient, testApp } from './support/test-app.ts';

const CONFIG_PLACEHOLDER = '<script type="application/json" id="kyc-config">{}</script>';

/** A stand-in build: the server's serving rules are tested without running Vite. */
function fakeDist(title: string, { gallery = false } = {}) {
  const dir = mkdtempSync(path.join(tmpdir(), 'kyc-dist-'));
  mkdirSync(path.join(dir, 'assets'));
  const html = `<!doctype html><html><head><title>${title}</title>${CONFIG_PLACEHOLDER}</head><body></body></html>`;
  writeFileSync(path.join(dir, 'index.html'), html);
  writeFileSync(path.join(dir, 'index.html.br'), brotliCompressSync(html));
  writeFileSync(path.join(dir, 'login.html'), '<!doctype html><head><title>login</title></head>');
  if (gallery) writeFileSync(path.join(dir, 'gallery.html'), '<!doctype html><title>gallery</title>');
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
  mkdirSync(path.join(dir, 'questionnaires'));
  writeFileSync(path.join(dir, 'questionnaires', 'de-DE.json'), '{"aml":{"title":"Fragebogen"}}');
  return dir;
}

const sqlite = testDatabases()[0] as ReturnType<typeof testDatabases>[number];

/** The runtime configuration a served page carries (spec §1, §4, §7; apps/web lib/config). */
function runtimeConfigOf(html: string): unknown {
  const match = /<script type="application\/json" id="kyc-config">([^<]*)<\/script>/.exec(html);
  if (!match) throw new Error(`no runtime configuration in ${html}`);
  return JSON.parse(match[1] ?? '');
}

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

  it('when an app page is requested, then its Link header preloads the translations of its language (?lang= first)', async () => {
    const client = new TestClient(app);
    const { response } = await client.get('/user/accounts/en/auth/personal?lang=ja-JP');
    expect(response.headers.link).toBe(
      '</common-static/i18n-upload/user-accounts/ja-JP.json?v=1>; rel=preload; as=fetch; crossorigin, ' +
        '</common-static/i18n-upload/inverse-error-code/ja-JP.json?v=1>; rel=preload; as=fetch; crossorigin',
    );
    // Without a language in the address the SPA detects one: nothing to preload.
    expect((await client.get('/user/accounts/auth/kyc')).response.headers.link).toBeUndefined();
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
    expect(response.headers['content-security-policy']).toContain("connect-src 'self';");
    expect(response.headers['x-frame-options']).toBeUndefined();
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('same-origin');
  });

  it('when the questionnaire texts are requested, then the questionnaires namespace is served like the others', async () => {
    const { response } = await new TestClient(app).get(
      '/common-static/i18n-upload/questionnaires/de-DE.json?v=1',
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ aml: { title: 'Fragebogen' } });
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

describe('the runtime configuration written into the web pages', () => {
  afterAll(async () => {
    await sqlite.cleanup();
  });

  it('when nothing is configured, then index.html and login.html carry production, the same-origin API, no pinned site and help links on our own server', async () => {
    const app = await testApp(await sqlite.open(), {
      paths: { webDist: fakeDist('web'), backofficeDist: fakeDist('backoffice'), locales: fakeLocales() },
    });
    const client = new TestClient(app);
    const expected = {
      sameOriginApi: true,
      environment: 'production',
      helpCenter: {
        identityTransfer: '/help/identity-transfer',
        webFormIssueReport: '/help/web-form-issue-report',
        detail: '/help/kyc-detail',
        faq: '/help/kyc-faq',
        guide: '/help/kyc-guide',
        commonFailureReasons: '/help/common-kyc-failure-reasons',
      },
    };
    const index = await client.get('/user/accounts/en/auth/personal');
    expect(runtimeConfigOf(index.response.body)).toEqual(expected);
    expect(index.response.headers['cache-control']).toBe('no-cache');
    // The placeholder is replaced, not duplicated.
    expect(index.response.body.match(/id="kyc-config"/g)).toHaveLength(1);
    const login = await client.get('/login');
    expect(runtimeConfigOf(login.response.body)).toEqual(expected);
    expect(login.response.body).toContain('<title>login</title>');
    expect(login.response.headers['cache-control']).toBe('no-cache');
    await app.close();
  });

  it('when SITE, API_ORIGIN, PUBLIC_ENVIRONMENT and HELP_CENTER_BASE_URL are set, then the pages carry them, compressed or not', async () => {
    const app = await testApp(await sqlite.open(), {
      paths: { webDist: fakeDist('web'), backofficeDist: fakeDist('backoffice'), locales: fakeLocales() },
      env: {
        SITE: 'HKG',
        API_ORIGIN: 'https://api2.example.com/',
        PUBLIC_ENVIRONMENT: 'testnet',
        HELP_CENTER_BASE_URL: 'https://help.example.com/kyc',
      },
    });
    const client = new TestClient(app);
    const expected = {
      apiOrigin: 'https://api2.example.com',
      sameOriginApi: false,
      environment: 'testnet',
      site: 'HKG',
      helpCenter: expect.objectContaining({ faq: 'https://help.example.com/kyc/kyc-faq' }),
    };
    const plain = await client.get('/user/accounts/zh-HK/auth/kyc');
    expect(runtimeConfigOf(plain.response.body)).toEqual(expected);
    // The browser may call that API origin, and only that one besides our own.
    expect(plain.response.headers['content-security-policy']).toContain(
      "connect-src 'self' https://api2.example.com;",
    );

    const br = await app.inject({
      url: '/user/accounts/zh-HK/auth/kyc',
      headers: { 'accept-encoding': 'br' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('no-cache');
    expect(runtimeConfigOf(brotliDecompressSync(br.rawPayload).toString('utf8'))).toEqual(expected);

    const gz = await app.inject({ url: '/login', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(runtimeConfigOf(gunzipSync(gz.rawPayload).toString('utf8'))).toEqual(expected);
    await app.close();
  });

  it('when SITE is not a site code, then the server refuses to start', async () => {
    await expect(testApp(await sqlite.open(), { env: { SITE: 'MARS' } })).rejects.toThrow(/SITE/);
  });
});

describe('the design-system gallery', () => {
  afterAll(async () => {
    await sqlite.cleanup();
  });

  it('when not in production mode and the build has gallery.html, then /user/accounts/gallery/ serves it with the runtime configuration', async () => {
    const app = await testApp(await sqlite.open(), {
      paths: { webDist: fakeDist('web', { gallery: true }), backofficeDist: fakeDist('backoffice') },
    });
    const client = new TestClient(app);
    for (const url of ['/user/accounts/gallery/', '/user/accounts/gallery']) {
      const { response } = await client.get(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toContain('<title>gallery</title>');
      expect(response.headers['cache-control'], url).toBe('no-cache');
      expect(runtimeConfigOf(response.body), url).toMatchObject({ environment: 'production' });
    }
    await app.close();
  });

  it('when the build has no gallery.html, then /user/accounts/gallery/ is 404 in the envelope', async () => {
    const app = await testApp(await sqlite.open(), {
      paths: { webDist: fakeDist('web'), backofficeDist: fakeDist('backoffice') },
    });
    const client = new TestClient(app);
    for (const url of ['/user/accounts/gallery/', '/user/accounts/gallery']) {
      const { response, envelope } = await client.get(url);
      expect(response.statusCode, url).toBe(404);
      expect(envelope?.ret_code, url).toBe(10017);
    }
    await app.close();
  });

  it('when in production mode, then the gallery is 404 in the envelope even if the file exists', async () => {
    const app = await testApp(await sqlite.open(), {
      paths: { webDist: fakeDist('web', { gallery: true }), backofficeDist: fakeDist('backoffice') },
      env: { NODE_ENV: 'production', SMTP_URL: 'smtp://127.0.0.1:2525' },
    });
    const client = new TestClient(app);
    for (const url of ['/user/accounts/gallery/', '/user/accounts/gallery']) {
      const { response, envelope } = await client.get(url);
      expect(response.statusCode, url).toBe(404);
      expect(envelope?.ret_code, url).toBe(10017);
    }
    await app.close();
  });
});

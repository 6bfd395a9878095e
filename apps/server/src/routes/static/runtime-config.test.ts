import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config.ts';
import { injectRuntimeConfig, pageRuntimeConfig, scriptSafeJson } from './runtime-config.ts';

const load = (env: Record<string, string> = {}) =>
  loadConfig({ SESSION_SECRET: 'x'.repeat(40), ...env }, mkdtempSync(path.join(tmpdir(), 'kyc-rc-')));

function configIn(html: string): unknown {
  const match = /<script type="application\/json" id="kyc-config">([^<]*)<\/script>/.exec(html);
  return match ? JSON.parse(match[1] ?? '') : undefined;
}

describe('runtime configuration of the web pages', () => {
  it('spec §1, §7: with nothing set, the API is same-origin, the environment production, no site pinned, help links under /help/', () => {
    const config = pageRuntimeConfig(load());
    expect(config).toEqual({
      sameOriginApi: true,
      environment: 'production',
      helpCenter: expect.objectContaining({
        faq: '/help/kyc-faq',
        identityTransfer: '/help/identity-transfer',
      }),
    });
  });

  it('spec §1: SITE pins one of the site codes; anything else is refused at boot', () => {
    expect(pageRuntimeConfig(load({ SITE: 'TUR' })).site).toBe('TUR');
    expect(() => load({ SITE: 'tur' })).toThrow(ConfigError);
    expect(() => load({ SITE: 'USA' })).toThrow(/SITE/);
  });

  it('spec §7: API_ORIGIN other than PUBLIC_ORIGIN is passed on; equal to it, the API counts as same-origin', () => {
    expect(pageRuntimeConfig(load({ API_ORIGIN: 'https://api2.example.com/' }))).toMatchObject({
      apiOrigin: 'https://api2.example.com',
      sameOriginApi: false,
    });
    const same = pageRuntimeConfig(
      load({ API_ORIGIN: 'https://kyc.example.com', PUBLIC_ORIGIN: 'https://kyc.example.com' }),
    );
    expect(same.sameOriginApi).toBe(true);
    expect(same).not.toHaveProperty('apiOrigin');
    expect(() => load({ API_ORIGIN: 'https://api.example.com/v1' })).toThrow(/API_ORIGIN/);
  });

  it('spec §7: PUBLIC_ENVIRONMENT is production, testnet or test', () => {
    expect(pageRuntimeConfig(load({ PUBLIC_ENVIRONMENT: 'testnet' })).environment).toBe('testnet');
    expect(pageRuntimeConfig(load({ PUBLIC_ENVIRONMENT: 'test' })).environment).toBe('test');
    expect(() => load({ PUBLIC_ENVIRONMENT: 'staging' })).toThrow(/PUBLIC_ENVIRONMENT/);
  });

  it('spec §2: HELP_CENTER_BASE_URL is a path on this server or an http(s) address, never protocol-relative or script', () => {
    expect(pageRuntimeConfig(load({ HELP_CENTER_BASE_URL: '/support' })).helpCenter.guide).toBe(
      '/support/kyc-guide',
    );
    for (const bad of ['//evil.example/', 'javascript:alert(1)', 'help', '/help/"><script>']) {
      expect(() => load({ HELP_CENTER_BASE_URL: bad }), bad).toThrow(/HELP_CENTER_BASE_URL/);
    }
  });

  it('escapes <, > and & (and U+2028/9) so that no value can close the script element', () => {
    const value = { a: '</script><script>alert(1)</script>', b: 'x & y <!-- z', c: '\u2028' };
    const json = scriptSafeJson(value);
    expect(json).not.toMatch(/[<>&\u2028]/);
    expect(json).toContain('\\u003c/script\\u003e');
    expect(JSON.parse(json)).toEqual(value);
  });

  it('replaces the placeholder element, or goes before </head>, or at the end', () => {
    const config = pageRuntimeConfig(load({ SITE: 'HKG' }));
    const placeholder = '<head><script type="application/json" id="kyc-config">{}</script></head>';
    const replaced = injectRuntimeConfig(placeholder, config);
    expect(replaced.match(/kyc-config/g)).toHaveLength(1);
    expect(configIn(replaced)).toEqual(config);
    const inHead = injectRuntimeConfig('<html><head><title>t</title></head><body></body></html>', config);
    expect(inHead.indexOf('kyc-config')).toBeLessThan(inHead.indexOf('</head>'));
    expect(configIn(injectRuntimeConfig('<title>t</title>', config))).toEqual(config);
  });
});

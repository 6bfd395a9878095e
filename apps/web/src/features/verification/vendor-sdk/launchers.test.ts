// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jumioSignal } from './launch-jumio';
import { onfidoLanguage } from './launch-onfido';
import { sumsubLanguage } from './launch-sumsub';
import { isExpiredError, type VendorHandlers, type VendorSession } from './launch-types';
import { launchVendorSdk, needsScript } from './launch-vendor-sdk';
import { loadScript, resetScriptLoads } from './load-script';

/** The value, or the test fails here. */
function must<T>(value: T | null | undefined): T {
  if (value === null || value === undefined) throw new Error('missing');
  return value;
}

const SESSION: VendorSession = {
  token: 'tok',
  apiUrl: 'https://api.vendor.test',
  flowName: 'workflow-run-1',
  sdkUrl: 'https://cdn.vendor.test/sdk.js',
  flowUrl: 'https://flow.vendor.test/web/v4/app?authorizationToken=x',
  expiresAt: 0,
};

function handlers(): VendorHandlers {
  return {
    lang: 'de-DE',
    onSubmitted: vi.fn(),
    onError: vi.fn(),
    refreshToken: vi.fn(() => Promise.resolve('fresh')),
    frameTitle: 'Identity verification',
  };
}

function container(): HTMLDivElement {
  const element = document.createElement('div');
  element.id = 'vendor-sdk-container';
  document.body.append(element);
  return element;
}

afterEach(() => {
  document.body.replaceChildren();
  delete window.snsWebSdk;
  delete window.Onfido;
  resetScriptLoads();
});

describe('launchVendorSdk', () => {
  it('Sumsub: init(token, expirationHandler).withConf({lang}) … launch(container), events wired', async () => {
    const on = new Map<string, (payload?: unknown) => void>();
    const launched = vi.fn();
    const builder = {
      withConf: vi.fn(() => builder),
      withOptions: vi.fn(() => builder),
      on: vi.fn((event: string, cb: (payload?: unknown) => void) => (on.set(event, cb), builder)),
      build: () => ({ launch: launched }),
    };
    const init = vi.fn((_token: string, _expiration: () => Promise<string>) => builder);
    window.snsWebSdk = { init };
    const h = handlers();
    launchVendorSdk('sumsub', SESSION, container(), h);
    expect(must(init.mock.calls[0])[0]).toBe('tok');
    await expect(must(init.mock.calls[0])[1]()).resolves.toBe('fresh');
    expect(builder.withConf).toHaveBeenCalledWith({ lang: 'de' });
    expect(launched).toHaveBeenCalledWith('#vendor-sdk-container');
    on.get('idCheck.onApplicantSubmitted')?.();
    expect(h.onSubmitted).toHaveBeenCalled();
    on.get('idCheck.onError')?.({ code: 'token-expired' });
    expect(h.onError).toHaveBeenCalledWith('expired');
  });

  it('Onfido: init({token, containerId, workflowRunId, language}), tearDown on destroy', () => {
    const tearDown = vi.fn();
    const init = vi.fn((_options: Parameters<NonNullable<typeof window.Onfido>['init']>[0]) => ({
      tearDown,
    }));
    window.Onfido = { init };
    const h = handlers();
    const running = launchVendorSdk('onfido', SESSION, container(), h);
    const options = must(init.mock.calls[0])[0];
    expect(options).toMatchObject({
      token: 'tok',
      containerId: 'vendor-sdk-container',
      workflowRunId: 'workflow-run-1',
      language: 'de_DE',
    });
    options.onError({ type: 'expired_token' });
    expect(h.onError).toHaveBeenCalledWith('expired');
    options.onComplete();
    expect(h.onSubmitted).toHaveBeenCalled();
    running.destroy();
    expect(tearDown).toHaveBeenCalled();
  });

  it('Jumio: an iframe on flowUrl that may use the camera; its page says when it was submitted', () => {
    const h = handlers();
    const element = container();
    const running = launchVendorSdk('jumio', SESSION, element, h);
    const frame = must(element.querySelector('iframe'));
    expect(frame.title).toBe('Identity verification');
    expect(frame.getAttribute('allow')).toContain('camera');
    expect(new URL(frame.src).searchParams.get('locale')).toBe('de-DE');
    const post = (data: unknown, origin: string, source = frame.contentWindow) =>
      window.dispatchEvent(new MessageEvent('message', { data, origin, source }));
    post({ event: 'submitted' }, 'https://evil.test');
    post({ event: 'submitted' }, 'https://flow.vendor.test', window);
    expect(h.onSubmitted).not.toHaveBeenCalled();
    post(JSON.stringify({ payload: { value: 'success' } }), 'https://flow.vendor.test');
    expect(h.onSubmitted).toHaveBeenCalledTimes(1);
    running.destroy();
    post({ event: 'submitted' }, 'https://flow.vendor.test');
    expect(h.onSubmitted).toHaveBeenCalledTimes(1);
    expect(element.querySelector('iframe')).toBeNull();
  });

  it('a vendor whose script did not run throws (the screen shows the load error)', () => {
    expect(() => launchVendorSdk('sumsub', SESSION, container(), handlers())).toThrow();
    expect(needsScript('jumio', SESSION)).toBe(false);
    expect(needsScript('onfido', SESSION)).toBe(true);
  });

  it('languages and error payloads', () => {
    expect(sumsubLanguage('zh-HK')).toBe('zh-tw');
    expect(sumsubLanguage('ar-SA')).toBe('ar');
    expect(onfidoLanguage('en')).toBe('en_US');
    expect(jumioSignal('not json')).toBeNull();
    expect(jumioSignal({ payload: { value: 'error' } })).toBe('error');
    expect(isExpiredError({ type: 'expired_token' })).toBe(true);
    expect(isExpiredError({ type: 'camera' })).toBe(false);
  });
});

describe('loadScript', () => {
  it('inserts a script once per URL; a failed one is removed and inserted again on the next call', async () => {
    const first = loadScript('https://cdn.vendor.test/a.js');
    expect(loadScript('https://cdn.vendor.test/a.js')).toBe(first);
    const scripts = () => document.head.querySelectorAll('script[src="https://cdn.vendor.test/a.js"]');
    expect(scripts()).toHaveLength(1);
    must(scripts()[0]).dispatchEvent(new Event('error'));
    await expect(first).rejects.toThrow();
    expect(scripts()).toHaveLength(0);
    const again = loadScript('https://cdn.vendor.test/a.js');
    expect(again).not.toBe(first);
    must(scripts()[0]).dispatchEvent(new Event('load'));
    await expect(again).resolves.toBeUndefined();
  });
});

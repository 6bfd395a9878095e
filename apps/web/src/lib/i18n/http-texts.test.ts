import { afterEach, describe, expect, it, vi } from 'vitest';
import i18next, { type BackendModule, type ReadCallback } from 'i18next';
import en from '../../../../../locales/user-accounts/en.json';
import { createTestI18n } from '../../test/i18n';
import { ApiError, configureHttp, reportApiError } from '../http';
import { registerMessenger, type Messenger } from '../messages/messenger';
import { httpTexts } from './http-texts';
import { DEFAULT_NAMESPACE, NAMESPACES } from './namespaces';

describe('the HTTP client’s texts (spec §8)', () => {
  it('spec §8: a ret_code is looked up in inverse-error-code; without a translation there is none', () => {
    const texts = httpTexts(createTestI18n({ '10006': 'Too many attempts. Please wait a moment.' }));
    expect(texts.translate(10006)).toBe('Too many attempts. Please wait a moment.');
    expect(texts.translate(424242)).toBeUndefined();
  });

  it('spec §8: the client’s own messages come from the http section, placeholders filled', () => {
    const texts = httpTexts(createTestI18n());
    expect(texts.text('http.tokenTimeout', { message: 'token error' })).toBe('Timeout, token error.');
  });
});

/** An i18next instance whose files arrive when the test says so (or fail to). */
function slowI18n() {
  const pending: Array<{ ns: string; callback: ReadCallback }> = [];
  const backend: BackendModule = {
    type: 'backend',
    init: () => undefined,
    read: (_language, ns, callback) => void pending.push({ ns, callback }),
  };
  const i18n = i18next.createInstance();
  const ready = i18n.use(backend).init({
    lng: 'en',
    fallbackLng: 'en',
    ns: [...NAMESPACES],
    defaultNS: DEFAULT_NAMESPACE,
    interpolation: { escapeValue: false },
  });
  const answer = async (files: Record<string, object> | null) => {
    await vi.waitFor(() => expect(pending).toHaveLength(NAMESPACES.length));
    for (const { ns, callback } of pending.splice(0))
      if (files) callback(null, files[ns] ?? {});
      else callback(new Error('offline'), false);
  };
  return { i18n, ready, answer };
}

describe('a 1007 / 1008 answered before the translations arrive (spec §8)', () => {
  const restore: Array<() => void> = [];
  afterEach(() => {
    while (restore.length) restore.pop()?.();
  });

  function wire(i18n: ReturnType<typeof slowI18n>) {
    const toast = vi.fn<Messenger['toast']>();
    restore.push(
      registerMessenger({ toast, notify: vi.fn() }),
      configureHttp(httpTexts(i18n.i18n, i18n.ready)),
    );
    return toast;
  }

  it('when the profile answers 1008 first, then the toast waits for the texts and never shows a key', async () => {
    const slow = slowI18n();
    const toast = wire(slow);
    reportApiError(new ApiError({ reason: 'token timeout', ret_code: 1008, ret_msg: '', url: '/x' }));
    expect(toast).not.toHaveBeenCalled();

    await slow.answer({ [DEFAULT_NAMESPACE]: en });
    await vi.waitFor(() =>
      expect(toast).toHaveBeenCalledWith({ kind: 'fail', message: 'Timeout, token error.', duration: 3000 }),
    );
  });

  it('when the translations cannot be loaded at all, then the English text is shown, not the key', async () => {
    const slow = slowI18n();
    const toast = wire(slow);
    reportApiError(
      new ApiError({ reason: 'token timeout', ret_code: 1008, ret_msg: 'bad token', url: '/x' }),
    );
    await slow.answer(null);
    await vi.waitFor(() =>
      expect(toast).toHaveBeenCalledWith({ kind: 'fail', message: 'Timeout, bad token.', duration: 3000 }),
    );
  });
});

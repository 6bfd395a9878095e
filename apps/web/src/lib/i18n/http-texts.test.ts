import { describe, expect, it } from 'vitest';
import { createTestI18n } from '../../test/i18n';
import { httpTexts } from './http-texts';

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

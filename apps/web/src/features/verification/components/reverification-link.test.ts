import { describe, expect, it } from 'vitest';
import { reverificationSdkHref } from './reverification-link';

describe('reverificationSdkHref (spec §4 re-verification → SDK page)', () => {
  it('builds the SDK landing address with token, from=web, lang and isUpdatePoi=true', () => {
    expect(reverificationSdkHref('en', 'abc123')).toBe(
      '/user/accounts/en/auth/sdk?token=abc123&from=web&lang=en&isUpdatePoi=true',
    );
  });

  it('keeps the page language in the path and the query', () => {
    expect(reverificationSdkHref('zh-TW', 't')).toBe(
      '/user/accounts/zh-TW/auth/sdk?token=t&from=web&lang=zh-TW&isUpdatePoi=true',
    );
  });

  it('encodes a token that holds reserved characters', () => {
    const href = reverificationSdkHref('en', 'a+b/c=&d');
    expect(new URL(href, 'https://example.test').searchParams.get('token')).toBe('a+b/c=&d');
  });
});

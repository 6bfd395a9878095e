// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as cookies from './cookies';
import { randomGuid, requestGuid } from './guid';

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

afterEach(() => {
  document.cookie = 'guid=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
  vi.restoreAllMocks();
});

describe('request guid (spec §3 "Request guid", §9)', () => {
  it('spec §3: a 36-character id from crypto.randomUUID', () => {
    const source = {
      randomUUID: vi.fn(() => '123e4567-e89b-42d3-a456-426614174000' as const),
      getRandomValues: vi.fn(),
    };
    expect(randomGuid(source as unknown as Crypto)).toBe('123e4567-e89b-42d3-a456-426614174000');
    expect(randomGuid()).toMatch(UUID_V4);
    expect(randomGuid()).toHaveLength(36);
  });

  it('spec §3: outside secure contexts (no randomUUID) the same format comes from getRandomValues', () => {
    let calls = 0;
    const guid = randomGuid({
      getRandomValues: (array) => {
        calls += 1;
        return crypto.getRandomValues(array);
      },
    });
    expect(calls).toBe(1);
    expect(guid).toMatch(UUID_V4);
    expect(guid).toHaveLength(36);
  });

  it("spec §3, §9: created on first use in the cookie 'guid' (path /, SameSite=Lax, 120 days), then reused", () => {
    const write = vi.spyOn(cookies, 'writeCookie');
    const first = requestGuid();
    expect(first).toMatch(UUID_V4);
    expect(write).toHaveBeenCalledExactlyOnceWith('guid', first, {
      path: '/',
      days: 120,
      sameSite: 'Lax',
      secure: false,
    });
    expect(cookies.readCookie('guid')).toBe(first);
    expect(requestGuid()).toBe(first);
    expect(write).toHaveBeenCalledOnce();
  });

  it('spec §3: a malformed guid cookie is replaced by a new 36-character id', () => {
    document.cookie = 'guid=not-a-guid; path=/';
    const guid = requestGuid();
    expect(guid).toMatch(UUID_V4);
    expect(cookies.readCookie('guid')).toBe(guid);
  });
});

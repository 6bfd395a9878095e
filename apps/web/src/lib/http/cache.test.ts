import { describe, expect, it } from 'vitest';
import { CACHE_MAX_ENTRIES, CACHE_TTL_MS, ResponseCache } from './cache';

describe('response cache (spec §9 "cache TTL 60000 ms, max 20 entries")', () => {
  it('spec §9: the limits are 60000 ms and 20 entries', () => {
    expect(CACHE_TTL_MS).toBe(60_000);
    expect(CACHE_MAX_ENTRIES).toBe(20);
  });

  it('spec §9: an entry lives 60000 ms', async () => {
    const cache = new ResponseCache();
    cache.set('GET /x', Promise.resolve(1), 1000);
    await expect(cache.get('GET /x', 1000 + 59_999)).resolves.toBe(1);
    expect(cache.get('GET /x', 1000 + 60_000)).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('spec §9: the 21st entry evicts the oldest', () => {
    const cache = new ResponseCache();
    for (let i = 0; i < 21; i++) cache.set(`k${i}`, Promise.resolve(i), i);
    expect(cache.size).toBe(20);
    expect(cache.get('k0', 30)).toBeUndefined();
    expect(cache.get('k1', 30)).toBeDefined();
    expect(cache.get('k20', 30)).toBeDefined();
  });

  it('spec §7: storing a key again makes it the newest', () => {
    const cache = new ResponseCache(60_000, 2);
    cache.set('a', Promise.resolve(1), 0);
    cache.set('b', Promise.resolve(2), 0);
    cache.set('a', Promise.resolve(3), 1);
    cache.set('c', Promise.resolve(4), 2);
    expect(cache.get('b', 3)).toBeUndefined();
    expect(cache.get('a', 3)).toBeDefined();
  });

  it('spec §7: a rejected answer leaves the cache', async () => {
    const cache = new ResponseCache();
    const failing = Promise.reject(new Error('no'));
    cache.set('x', failing, 0);
    await failing.catch(() => undefined);
    await Promise.resolve();
    expect(cache.get('x', 1)).toBeUndefined();
  });

  it('spec §6: clear() forgets everything', () => {
    const cache = new ResponseCache();
    cache.set('x', Promise.resolve(1), 0);
    cache.clear();
    expect(cache.size).toBe(0);
  });
});

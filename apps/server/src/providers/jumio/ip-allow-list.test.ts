import { describe, expect, it } from 'vitest';
import { ipAllowList } from './ip-allow-list.ts';

describe('Jumio callback allow-list', () => {
  const list = ipAllowList(['34.253.41.236', '10.20.0.0/16', '2001:db8::/32', '::1']);

  it('when the address is listed or inside a range (IPv4, IPv6), then allowed', () => {
    expect(list.allows('34.253.41.236')).toBe(true);
    expect(list.allows('10.20.255.1')).toBe(true);
    expect(list.allows('2001:db8:1234::5')).toBe(true);
    expect(list.allows('::1')).toBe(true);
    expect(list.allows('[::1]')).toBe(true);
  });

  it('when an IPv4 address arrives IPv4-mapped (::ffff:a.b.c.d), then it matches the IPv4 rule, and the other way round', () => {
    expect(list.allows('::ffff:34.253.41.236')).toBe(true);
    expect(list.allows('::ffff:10.20.3.4')).toBe(true);
    expect(list.allows('::ffff:10.21.3.4')).toBe(false);
    expect(ipAllowList(['::ffff:127.0.0.1']).allows('127.0.0.1')).toBe(true);
  });

  it('when the address is outside every entry, or not an address, then refused', () => {
    expect(list.allows('203.0.113.9')).toBe(false);
    expect(list.allows('10.21.0.1')).toBe(false);
    expect(list.allows('2001:db9::1')).toBe(false);
    expect(list.allows('')).toBe(false);
    expect(list.allows('localhost')).toBe(false);
  });

  it('when the list is empty, then every callback is refused', () => {
    expect(ipAllowList([]).allows('127.0.0.1')).toBe(false);
  });

  it('when an entry is not an address or range, then it fails at start-up naming the entry', () => {
    expect(() => ipAllowList(['10.0.0.0/33'])).toThrow(/10\.0\.0\.0\/33/);
    expect(() => ipAllowList(['callback.emea-1.jumio.ai'])).toThrow(/callback\.emea-1/);
    expect(() => ipAllowList(['10.0.0.0/8/1'])).toThrow();
    expect(() => ipAllowList(['2001:db8::/129'])).toThrow();
  });
});

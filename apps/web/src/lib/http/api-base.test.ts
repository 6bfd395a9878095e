import { describe, expect, it } from 'vitest';
import { apiBaseFor, apiUrl } from './api-base';

describe('API base (spec §7 "API host derived from the page hostname or a configured override")', () => {
  it('spec §7: a configured override origin wins, without its trailing slash', () => {
    expect(
      apiBaseFor('accounts.example.com', { apiOrigin: 'https://api.other.example/', sameOriginApi: true }),
    ).toBe('https://api.other.example');
  });

  it('spec §7: served by our own server (the default when nothing is configured), calls stay relative', () => {
    expect(apiBaseFor('accounts.example.com', {})).toBe('');
    expect(apiBaseFor('accounts.example.com', { sameOriginApi: true, environment: 'testnet' })).toBe('');
  });

  it('spec §7: api2 on the registrable domain in production', () => {
    const config = { sameOriginApi: false, environment: 'production' };
    expect(apiBaseFor('accounts.example.com', config)).toBe('https://api2.example.com');
    expect(apiBaseFor('www.accounts.example.com', config)).toBe('https://api2.example.com');
    expect(apiBaseFor('example.com', config)).toBe('https://api2.example.com');
  });

  it('spec §7: the environment name joins api2 (testnet variant)', () => {
    expect(apiBaseFor('accounts.testnet.example.com', { sameOriginApi: false, environment: 'testnet' })).toBe(
      'https://api2-testnet.example.com',
    );
    expect(apiBaseFor('accounts.example.com', { sameOriginApi: false, environment: 'test' })).toBe(
      'https://api2-test.example.com',
    );
  });

  it('spec §7: with no environment configured, a testnet host label selects the testnet variant', () => {
    expect(apiBaseFor('accounts.testnet.example.com', { sameOriginApi: false })).toBe(
      'https://api2-testnet.example.com',
    );
    expect(apiBaseFor('accounts.example.com', { sameOriginApi: false })).toBe('https://api2.example.com');
  });

  it('spec §1, §7: country domains under com/co keep their suffix (Hong Kong .com.hk)', () => {
    expect(apiBaseFor('www.example.com.hk', { sameOriginApi: false })).toBe('https://api2.example.com.hk');
    expect(apiBaseFor('accounts.example.co.uk', { sameOriginApi: false })).toBe('https://api2.example.co.uk');
    expect(apiBaseFor('accounts.example.ae', { sameOriginApi: false })).toBe('https://api2.example.ae');
  });

  it('spec §7: hosts without a domain (localhost, IP addresses) stay on the same origin', () => {
    expect(apiBaseFor('localhost', { sameOriginApi: false })).toBe('');
    expect(apiBaseFor('127.0.0.1', { sameOriginApi: false })).toBe('');
    expect(apiBaseFor('[::1]', { sameOriginApi: false })).toBe('');
  });

  it('spec §3: absolute URLs (a vendor apiUrl) are used as they are; paths join the base', () => {
    expect(apiUrl('/v3/private/kyc/kyc-info', 'https://api2.example.com')).toBe(
      'https://api2.example.com/v3/private/kyc/kyc-info',
    );
    expect(apiUrl('https://vendor.example/x', 'https://api2.example.com')).toBe('https://vendor.example/x');
    expect(apiUrl('/x', '')).toBe('/x');
  });
});

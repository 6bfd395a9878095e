import { describe, expect, it } from 'vitest';
import {
  ALL_RET_CODES,
  NO_PERMISSION_CODES,
  checkEmail,
  checkMobile,
  checkPassword,
  isRegulatedSite,
  safeRedirectPath,
  SCREENS,
} from './index.ts';

describe('spec §5 validation', () => {
  it('email: trimmed, standard pattern, empty passes, else "invalid email"', () => {
    expect(checkEmail('  a.b+tag@example.co.uk ')).toEqual({ ok: true, value: 'a.b+tag@example.co.uk' });
    expect(checkEmail('')).toEqual({ ok: true, value: '' });
    expect(checkEmail('   ')).toEqual({ ok: true, value: '' });
    expect(checkEmail('no-at-sign')).toEqual({ ok: false, error: 'invalid email' });
    expect(checkEmail('a@b')).toEqual({ ok: false, error: 'invalid email' });
  });

  it('email: at most 320 characters (spec §9)', () => {
    const domain = `${'a'.repeat(63)}.${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(59)}.com`; // 255 characters
    const exactly320 = `${'x'.repeat(64)}@${domain}`;
    expect(exactly320).toHaveLength(320);
    expect(checkEmail(exactly320).ok).toBe(true);
    expect(checkEmail(`x${exactly320}`)).toEqual({ ok: false, error: 'invalid email' });
  });

  it('mobile: trimmed, 7 to 12 digits only, empty passes, else "invalid mobile number"', () => {
    expect(checkMobile(' 1234567 ')).toEqual({ ok: true, value: '1234567' });
    expect(checkMobile('123456789012')).toEqual({ ok: true, value: '123456789012' });
    expect(checkMobile('')).toEqual({ ok: true, value: '' });
    expect(checkMobile('123456')).toEqual({ ok: false, error: 'invalid mobile number' });
    expect(checkMobile('1234567890123')).toEqual({ ok: false, error: 'invalid mobile number' });
    expect(checkMobile('+12345678')).toEqual({ ok: false, error: 'invalid mobile number' });
  });

  it('password policy: length 12 to 128 (runs of spaces count once) and not the own email', () => {
    expect(checkPassword('short')).toBe('too_short');
    expect(checkPassword('x'.repeat(129))).toBe('too_long');
    expect(checkPassword('iloveyou1')).toBe('too_short');
    expect(checkPassword(' '.repeat(12))).toBe('too_short');
    expect(checkPassword('eleven char')).toBe('too_short');
    expect(checkPassword('twelve chars')).toBeNull();
    expect(checkPassword('a long passphrase')).toBeNull();
    expect(checkPassword('my Carol@Example.com pass', 'carol@example.com')).toBe('contains_email');
    expect(checkPassword('hello carol and co', 'Carol@example.com')).toBe('contains_email');
    expect(checkPassword('a long passphrase', 'al@example.com')).toBeNull();
  });
});

describe('redirect targets', () => {
  it('only same-origin targets survive, as a path', () => {
    const origin = 'https://kyc.example.com';
    expect(safeRedirectPath('https://kyc.example.com/user/accounts/en/auth/kyc?a=1#x', origin)).toBe(
      '/user/accounts/en/auth/kyc?a=1#x',
    );
    expect(safeRedirectPath('/user/accounts/', origin)).toBe('/user/accounts/');
    expect(safeRedirectPath('https://evil.example/', origin)).toBeNull();
    expect(safeRedirectPath('//evil.example/', origin)).toBeNull();
    expect(safeRedirectPath('javascript:alert(1)', origin)).toBeNull();
    expect(safeRedirectPath(`/${'a'.repeat(2048)}`, origin)).toBeNull();
  });
});

describe('catalogues', () => {
  it('spec §6: 10007, 33003 and 10009 are the no-permission codes', () => {
    expect([...NO_PERMISSION_CODES].sort()).toEqual([10007, 10009, 33003]);
  });

  it('every ret_code is unique', () => {
    expect(new Set(ALL_RET_CODES).size).toBe(ALL_RET_CODES.length);
  });

  it('spec §2: every route of the table is present exactly once', () => {
    const paths = SCREENS.map((s) => s.path);
    expect(new Set(paths).size).toBe(paths.length);
    expect(paths).toHaveLength(33);
  });

  it('spec §1: HKG, TUR, KAZ and EU are regulated; ARE, GEO and IDN are not', () => {
    for (const site of ['HKG', 'TUR', 'KAZ', 'EU']) expect(isRegulatedSite(site)).toBe(true);
    for (const site of ['ARE', 'GEO', 'IDN', 'GLOBAL']) expect(isRegulatedSite(site)).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import {
  checkEmail,
  checkMobile,
  checkUrl,
  EMAIL_MAX_LENGTH,
  URL_MAX_LENGTH,
  VALIDATION_ERRORS,
} from './validation.ts';

describe('email (spec §5, §9)', () => {
  it('spec §5: the trimmed value is checked and returned', () => {
    expect(checkEmail('  a.b+tag@example.co.uk ')).toEqual({ ok: true, value: 'a.b+tag@example.co.uk' });
    expect(checkEmail('user@sub.example.com')).toEqual({ ok: true, value: 'user@sub.example.com' });
  });

  it('spec §5: an empty value passes (the field is optional)', () => {
    expect(checkEmail('')).toEqual({ ok: true, value: '' });
    expect(checkEmail('   ')).toEqual({ ok: true, value: '' });
    expect(checkEmail(undefined)).toEqual({ ok: true, value: '' });
    expect(checkEmail(null)).toEqual({ ok: true, value: '' });
  });

  it("spec §5: anything but a standard address is 'invalid email'", () => {
    for (const bad of [
      'no-at-sign',
      'a@b',
      'a@b.c',
      '@example.com',
      'a b@example.com',
      'a@exa mple.com',
      'a@@b.com',
    ])
      expect(checkEmail(bad), bad).toEqual({ ok: false, error: 'invalid email' });
  });

  it('spec §9: at most 320 characters', () => {
    const domain = `${'a'.repeat(63)}.${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(59)}.com`;
    const longest = `${'x'.repeat(64)}@${domain}`;
    expect(longest).toHaveLength(EMAIL_MAX_LENGTH);
    expect(checkEmail(longest).ok).toBe(true);
    expect(checkEmail(`x${longest}`)).toEqual({ ok: false, error: VALIDATION_ERRORS.email });
  });
});

describe('mobile number (spec §5)', () => {
  it('spec §5: trimmed, 7 to 12 digits pass', () => {
    expect(checkMobile(' 1234567 ')).toEqual({ ok: true, value: '1234567' });
    expect(checkMobile('123456789012')).toEqual({ ok: true, value: '123456789012' });
  });

  it('spec §5: an empty value passes', () => {
    expect(checkMobile('')).toEqual({ ok: true, value: '' });
    expect(checkMobile('  ')).toEqual({ ok: true, value: '' });
  });

  it("spec §5: fewer than 7, more than 12 or anything but digits is 'invalid mobile number'", () => {
    for (const bad of [
      '123456',
      '1234567890123',
      '+12345678',
      '123 4567',
      '12-345-678',
      '１２３４５６７',
      'abcdefg',
    ])
      expect(checkMobile(bad), bad).toEqual({ ok: false, error: 'invalid mobile number' });
  });
});

describe('url (spec §9)', () => {
  it('spec §9: an absolute http(s) address passes, trimmed; empty passes', () => {
    expect(checkUrl(' https://example.com/path?q=1#x ')).toEqual({
      ok: true,
      value: 'https://example.com/path?q=1#x',
    });
    expect(checkUrl('http://localhost:8080')).toEqual({ ok: true, value: 'http://localhost:8080' });
    expect(checkUrl('')).toEqual({ ok: true, value: '' });
  });

  it("spec §9: other schemes, relative paths, spaces and non-URLs are 'invalid url'", () => {
    for (const bad of [
      'javascript:alert(1)',
      'ftp://example.com',
      '/relative',
      'example.com',
      'https://exa mple.com',
      'http://',
    ])
      expect(checkUrl(bad), bad).toEqual({ ok: false, error: 'invalid url' });
  });

  it('spec §9: url max 2048 characters', () => {
    const prefix = 'https://example.com/';
    const longest = `${prefix}${'a'.repeat(URL_MAX_LENGTH - prefix.length)}`;
    expect(longest).toHaveLength(2048);
    expect(checkUrl(longest).ok).toBe(true);
    expect(checkUrl(`${longest}a`)).toEqual({ ok: false, error: 'invalid url' });
  });
});

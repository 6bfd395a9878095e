import { describe, expect, it } from 'vitest';
import { checkIdNumber, maskIdNumber } from './national-id-rules.ts';

describe('checkIdNumber', () => {
  it('when a BVN or NIN has 11 digits, then it passes, spaces and dashes removed', () => {
    expect(checkIdNumber('BVN', '22123456789')).toEqual({ ok: true, idNumber: '22123456789' });
    expect(checkIdNumber('NIN', ' 123 4567 8901 ')).toEqual({ ok: true, idNumber: '12345678901' });
  });

  it('when a BVN or NIN has 10 or 12 digits or letters, then it is refused with the format', () => {
    expect(checkIdNumber('BVN', '2212345678')).toEqual({ ok: false, reason: 'BVN is 11 digits' });
    expect(checkIdNumber('NIN', '123456789012')).toMatchObject({ ok: false });
    expect(checkIdNumber('BVN', '2212345678A')).toMatchObject({ ok: false });
  });

  it('when a Kenyan national ID has 7 or 8 digits, then it passes; 6 or 9 are refused', () => {
    expect(checkIdNumber('KE_NATIONAL_ID', '1234567')).toMatchObject({ ok: true });
    expect(checkIdNumber('KE_NATIONAL_ID', '12345678')).toMatchObject({ ok: true });
    expect(checkIdNumber('KE_NATIONAL_ID', '123456')).toEqual({
      ok: false,
      reason: 'KE_NATIONAL_ID is 7 or 8 digits',
    });
    expect(checkIdNumber('KE_NATIONAL_ID', '123456789')).toMatchObject({ ok: false });
  });

  it('when a Ghana card PIN is GHA-9 digits-1 digit, then it passes (case-insensitive prefix)', () => {
    expect(checkIdNumber('GHANA_CARD', 'gha-123456789-0')).toEqual({ ok: true, idNumber: 'GHA-123456789-0' });
    expect(checkIdNumber('GHANA_CARD', 'GHA-12345678-0')).toMatchObject({ ok: false });
    expect(checkIdNumber('GHANA_CARD', 'GHA-123456789')).toMatchObject({ ok: false });
    expect(checkIdNumber('GHANA_CARD', '123456789-0')).toMatchObject({ ok: false });
  });
});

describe('maskIdNumber', () => {
  it('when a number is masked, then only its last four digits and the separators stay', () => {
    expect(maskIdNumber('22123456789')).toBe('*******6789');
    expect(maskIdNumber('GHA-123456789-0')).toBe('GHA-******789-0');
    expect(maskIdNumber('123')).toBe('123');
  });
});

import { describe, expect, it } from 'vitest';
import { birthDate, expiryDate, isExpired } from './dates.ts';

const NOW = Date.UTC(2026, 4, 10); // 2026-05-10

describe('the century of MRZ dates', () => {
  it('puts a date of birth in the latest century that is not in the future', () => {
    expect(birthDate('740812', NOW).iso).toBe('1974-08-12');
    expect(birthDate('100101', NOW).iso).toBe('2010-01-01');
    expect(birthDate('260510', NOW).iso).toBe('2026-05-10'); // today is not the future
    expect(birthDate('260511', NOW).iso).toBe('1926-05-11'); // tomorrow is
    expect(birthDate('991231', NOW).iso).toBe('1999-12-31');
  });

  it('puts an expiry in this century unless that is more than 50 years ahead', () => {
    expect(expiryDate('310101', NOW).iso).toBe('2031-01-01');
    expect(expiryDate('120415', NOW).iso).toBe('2012-04-15');
    expect(expiryDate('760101', NOW).iso).toBe('2076-01-01');
    expect(expiryDate('940623', NOW).iso).toBe('1994-06-23');
  });

  it('has no ISO date for unknown parts or days that do not exist', () => {
    expect(birthDate('7408<<', NOW)).toEqual({ raw: '7408<<', iso: null });
    expect(birthDate('740231', NOW).iso).toBeNull();
    expect(birthDate('000229', NOW).iso).toBe('2000-02-29');
  });

  it('counts a document as valid on its expiry day and expired the day after', () => {
    expect(isExpired('2026-05-10', NOW)).toBe(false);
    expect(isExpired('2026-05-09', NOW)).toBe(true);
  });
});

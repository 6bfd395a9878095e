import { describe, expect, it } from 'vitest';
import { abbreviateNumber } from './abbreviate-number';

describe('abbreviateNumber (spec §9 number abbreviation)', () => {
  it('spec §9: 1e3 K, 1e6 M, 1e9 B with 2 decimals', () => {
    expect(abbreviateNumber(1234)).toBe('1.23K');
    expect(abbreviateNumber(1000)).toBe('1.00K');
    expect(abbreviateNumber(56_789)).toBe('56.79K');
    expect(abbreviateNumber(2_500_000)).toBe('2.50M');
    expect(abbreviateNumber(7_500_000_000)).toBe('7.50B');
    expect(abbreviateNumber(1e12)).toBe('1000.00B');
  });

  it('spec §9: values under 1000 are unchanged', () => {
    expect(abbreviateNumber(0)).toBe('0');
    expect(abbreviateNumber(999)).toBe('999');
    expect(abbreviateNumber(12.345)).toBe('12.345');
    expect(abbreviateNumber(-999.5)).toBe('-999.5');
  });

  it('spec §9: negative numbers keep their sign', () => {
    expect(abbreviateNumber(-1234)).toBe('-1.23K');
    expect(abbreviateNumber(-3_456_789)).toBe('-3.46M');
    expect(abbreviateNumber(-1e9)).toBe('-1.00B');
  });

  it('spec §9: a value rounding up to 1000 of a unit moves to the next unit', () => {
    expect(abbreviateNumber(999_999)).toBe('1.00M');
    expect(abbreviateNumber(999_999_999)).toBe('1.00B');
    expect(abbreviateNumber(999_994)).toBe('999.99K');
  });

  it('spec §9: non-finite values are returned as text', () => {
    expect(abbreviateNumber(Number.NaN)).toBe('NaN');
    expect(abbreviateNumber(Number.POSITIVE_INFINITY)).toBe('Infinity');
  });
});

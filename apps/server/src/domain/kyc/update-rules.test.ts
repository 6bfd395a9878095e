import { describe, expect, it } from 'vitest';
import { comparableName, isExpired, sameName, utcDayStart } from './update-rules.ts';

describe('ID update rules', () => {
  const noonJune1 = Date.UTC(2026, 5, 1, 12, 0, 0);

  it('when the expiry date is today, then it is still valid; yesterday, then expired', () => {
    expect(isExpired('2026-06-01', noonJune1)).toBe(false);
    expect(isExpired('2030-01-01', noonJune1)).toBe(false);
    expect(isExpired('2026-05-31', noonJune1)).toBe(true);
  });

  it('when names differ only by case, accents, spacing or hyphens, then they are the same person', () => {
    expect(sameName('José  María', 'jose maria')).toBe(true);
    expect(sameName('Elif', 'ELİF')).toBe(true);
    expect(sameName('Yılmaz', 'Yilmaz')).toBe(true);
    expect(sameName('Anne-Marie', 'anne marie')).toBe(true);
    expect(comparableName('  Lena ')).toBe('lena');
  });

  it('when a letter differs, then the names differ', () => {
    expect(sameName('Lena', 'Lina')).toBe(false);
    expect(sameName('Schmidt', 'Schmitt')).toBe(false);
  });

  it('when any moment of a day is given, then the UTC midnight that starts it', () => {
    expect(utcDayStart(noonJune1)).toBe(Date.UTC(2026, 5, 1));
    expect(utcDayStart(Date.UTC(2026, 5, 1))).toBe(Date.UTC(2026, 5, 1));
  });
});

import { afterEach, describe, expect, it } from 'vitest';
import { setCurrentLanguage } from '../language/current';
import { formatThousands } from './format-thousands';

describe('formatThousands (spec §9 thousands separators)', () => {
  afterEach(() => setCurrentLanguage('en'));

  it("spec §9: groups thousands in the current language's convention", () => {
    setCurrentLanguage('en');
    expect(formatThousands(1234567.5)).toBe('1,234,567.5');
    setCurrentLanguage('de-DE');
    expect(formatThousands(1234567.5)).toBe('1.234.567,5');
  });

  it('D34: ar-SA writes Western digits 0-9, like its translations and interpolated counts', () => {
    setCurrentLanguage('ar-SA');
    const text = formatThousands(1234567.5);
    expect(text).toMatch(/^1.234.567.5$/u);
    expect(text).not.toMatch(/[\u0660-\u0669\u06F0-\u06F9]/u);
  });

  it('spec §9: an explicit language wins over the current one', () => {
    setCurrentLanguage('de-DE');
    expect(formatThousands(1234, { language: 'en' })).toBe('1,234');
  });

  it('spec §9: keeps every decimal unless told otherwise, and formats numeric strings exactly', () => {
    expect(formatThousands(0.00012345)).toBe('0.00012345');
    expect(formatThousands('12345678.123456789012')).toBe('12,345,678.123456789012');
    expect(formatThousands(-9876543)).toBe('-9,876,543');
    expect(formatThousands(12.3456, { maximumFractionDigits: 2 })).toBe('12.35');
    expect(formatThousands(5, { minimumFractionDigits: 2 })).toBe('5.00');
  });
});

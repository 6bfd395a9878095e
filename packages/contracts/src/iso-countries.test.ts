import { describe, expect, it } from 'vitest';
import { ALL_LANGUAGE_CODES, ISO_COUNTRIES, ISO_COUNTRY_CODES, alpha3Of } from './index.ts';

/** docs/countries.md: the ISO 3166-1 list, and a name for each code from the platform in every language. */
describe('ISO 3166-1 countries', () => {
  it('holds the 249 officially assigned codes once each, sorted, with their alpha-3', () => {
    expect(ISO_COUNTRIES).toHaveLength(249);
    expect(new Set(ISO_COUNTRY_CODES).size).toBe(249);
    expect([...ISO_COUNTRY_CODES].sort()).toEqual(ISO_COUNTRY_CODES);
    for (const [alpha2, alpha3] of ISO_COUNTRIES) {
      expect(alpha2).toMatch(/^[A-Z]{2}$/);
      expect(alpha3).toMatch(/^[A-Z]{3}$/);
    }
    expect(new Set(ISO_COUNTRIES.map(([, alpha3]) => alpha3)).size).toBe(249);
    expect(alpha3Of('BE')).toBe('BEL');
    expect(alpha3Of('US')).toBe('USA');
    // Reserved and user-assigned codes are not countries.
    for (const code of ['EU', 'UK', 'XK', 'ZZ']) expect(alpha3Of(code), code).toBeUndefined();
  });

  it.each(ALL_LANGUAGE_CODES)('names every code in %s (Intl.DisplayNames, no hand-typed names)', (lng) => {
    const names = new Intl.DisplayNames([lng], { type: 'region', fallback: 'none' });
    const unnamed = ISO_COUNTRY_CODES.filter((code) => {
      const name = names.of(code);
      return !name || name === code;
    });
    expect(unnamed).toEqual([]);
  });
});

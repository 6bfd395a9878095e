import { describe, expect, it } from 'vitest';
import { COUNTRY_CLOSED_REASONS, ISO_COUNTRY_CODES } from '@kyc/contracts';
import { CLOSED_COUNTRIES, DEFAULT_COVERAGE, defaultCoverage } from './country-coverage.ts';

/** The default coverage rules of docs/countries.md, country by country where the rule matters. */
describe('default country coverage', () => {
  it('covers every ISO 3166-1 country once, and the closed list names only ISO codes and known reasons', () => {
    expect(DEFAULT_COVERAGE.map((c) => c.code)).toEqual(ISO_COUNTRY_CODES);
    for (const [code, reason] of Object.entries(CLOSED_COUNTRIES)) {
      expect(ISO_COUNTRY_CODES, code).toContain(code);
      expect(COUNTRY_CLOSED_REASONS).toContain(reason);
    }
  });

  it('accepts a passport of every country with an issuing authority (ICAO Doc 9303)', () => {
    for (const c of DEFAULT_COVERAGE)
      expect(c.documentTypes.includes('PASSPORT'), c.code).toBe(c.closedReason !== 'NO_ISSUING_AUTHORITY');
  });

  it.each([
    ['BE', ['ID_CARD', 'PASSPORT', 'DRIVERS', 'RESIDENCE_PERMIT']],
    ['SE', ['ID_CARD', 'PASSPORT', 'DRIVERS', 'RESIDENCE_PERMIT']],
    ['CH', ['ID_CARD', 'PASSPORT', 'RESIDENCE_PERMIT']],
    ['NO', ['ID_CARD', 'PASSPORT', 'DRIVERS', 'RESIDENCE_PERMIT']],
    // No national identity card: Denmark and Ireland (Regulation (EU) 2019/1157 applies to none).
    ['DK', ['PASSPORT', 'DRIVERS', 'RESIDENCE_PERMIT']],
    ['IE', ['PASSPORT', 'DRIVERS']],
    ['CL', ['ID_CARD', 'PASSPORT']],
    ['QA', ['ID_CARD', 'PASSPORT', 'RESIDENCE_PERMIT']],
    ['NZ', ['PASSPORT', 'DRIVERS']],
    ['FJ', ['PASSPORT']],
  ])('%s accepts %j', (code, documents) => {
    expect(defaultCoverage(code)).toEqual({ code, documentTypes: documents, closedReason: '' });
  });

  it.each([
    ['US', 'NOT_SERVED_BUSINESS'],
    ['PR', 'NOT_SERVED_BUSINESS'],
    ['KP', 'SANCTIONS'],
    ['IR', 'SANCTIONS'],
    ['CU', 'SANCTIONS'],
    ['SY', 'SANCTIONS'],
    ['MM', 'FATF_CALL_FOR_ACTION'],
    ['AQ', 'NO_ISSUING_AUTHORITY'],
  ])('%s is closed: %s', (code, reason) => {
    expect(defaultCoverage(code).closedReason).toBe(reason);
  });
});

import { describe, expect, it } from 'vitest';
import { checkCoverage } from './coverage-rules.ts';
import { countryCatalogue } from './country-catalogue.ts';
import type { Country } from '../../data/repositories/kyc-repo.ts';

describe('coverage rules (docs/countries.md "Changing coverage")', () => {
  it('a closed country keeps its documents for a reopening and needs a reason from the list', () => {
    expect(
      checkCoverage({ state: 'closed', closedReason: 'SANCTIONS', documentTypes: ['PASSPORT'] }),
    ).toEqual({
      kycDisabled: true,
      closedReason: 'SANCTIONS',
      documentTypes: ['PASSPORT'],
    });
    expect(() => checkCoverage({ state: 'closed', closedReason: '', documentTypes: [] })).toThrow(
      expect.objectContaining({ retCode: 53003 }),
    );
    expect(() => checkCoverage({ state: 'closed', closedReason: 'WEATHER', documentTypes: [] })).toThrow(
      expect.objectContaining({ retCode: 53003 }),
    );
  });

  it('an offered country has no reason and at least one document, stored once each in the contracts order', () => {
    expect(
      checkCoverage({
        state: 'offered',
        closedReason: '',
        documentTypes: ['PASSPORT', 'ID_CARD', 'PASSPORT'],
      }),
    ).toEqual({ kycDisabled: false, closedReason: '', documentTypes: ['ID_CARD', 'PASSPORT'] });
    expect(() =>
      checkCoverage({ state: 'offered', closedReason: 'SANCTIONS', documentTypes: ['PASSPORT'] }),
    ).toThrow(expect.objectContaining({ retCode: 53003 }));
    expect(() => checkCoverage({ state: 'offered', closedReason: '', documentTypes: [] })).toThrow(
      expect.objectContaining({ retCode: 53004 }),
    );
  });
});

describe('country catalogue (the cache)', () => {
  const country = (code: string, kycDisabled = false): Country => ({
    code,
    alpha3: '',
    nameKey: `country.${code}`,
    kycDisabled,
    closedReason: kycDisabled ? 'SANCTIONS' : '',
    documentTypes: ['PASSPORT'],
    version: 1,
    updatedAt: 0,
  });

  it('reads the table once, answers lookups from memory, and reads again after invalidate or the TTL', async () => {
    let reads = 0;
    let rows = [country('BE'), country('KP', true)];
    let clock = 0;
    const catalogue = countryCatalogue(
      {
        countries: async () => {
          reads += 1;
          return rows;
        },
      },
      { ttlMs: 1000, now: () => clock },
    );
    expect((await catalogue.find('be'))?.code).toBe('BE');
    expect(await catalogue.find('ZZ')).toBeUndefined();
    expect(await catalogue.all()).toHaveLength(2);
    expect(reads).toBe(1);

    rows = [country('BE', true), country('KP', true)];
    catalogue.invalidate();
    expect((await catalogue.find('BE'))?.kycDisabled).toBe(true);
    expect(reads).toBe(2);

    clock = 1500;
    await catalogue.all();
    expect(reads).toBe(3);
  });

  it('does not keep a failed read', async () => {
    let fail = true;
    const catalogue = countryCatalogue({
      countries: async () => {
        if (fail) throw new Error('database down');
        return [country('BE')];
      },
    });
    await expect(catalogue.all()).rejects.toThrow('database down');
    fail = false;
    expect(await catalogue.all()).toHaveLength(1);
  });
});

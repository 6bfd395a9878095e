import { describe, expect, it } from 'vitest';
import { readDocument, type DocumentMemory } from './document-reading.ts';

const NOW = Date.UTC(2026, 10, 29, 10);
const TYPED = {
  docType: 'id_card',
  docCountry: 'nld',
  docNumber: ' SPECI2021 ',
  docFirstName: 'Willeke Liselotte',
  docLastName: 'De Bruijn',
  docBirthDate: '1965-03-10',
  docExpiryDate: '2031-08-02',
};

describe("the simulated vendor's reading of the hosted page (D118)", () => {
  it('when the person types the document, then the reading is what was typed, trimmed, the country upper case', () => {
    expect(readDocument(TYPED, {}, NOW)).toEqual({
      type: 'id_card',
      country: 'NLD',
      number: 'SPECI2021',
      firstName: 'Willeke Liselotte',
      lastName: 'De Bruijn',
      dateOfBirth: '1965-03-10',
      expiryDate: '2031-08-02',
    });
  });

  it('when a scenario is chosen, then the birth date is a year later (29 February becomes 1 March), or the expiry yesterday', () => {
    expect(readDocument({ ...TYPED, docScenario: 'other_birth_date' }, {}, NOW)?.dateOfBirth).toBe(
      '1966-03-10',
    );
    const leap = { ...TYPED, docBirthDate: '2000-02-29', docScenario: 'other_birth_date' };
    expect(readDocument(leap, {}, NOW)?.dateOfBirth).toBe('2001-03-01');
    expect(readDocument({ ...TYPED, docScenario: 'expired' }, {}, NOW)?.expiryDate).toBe('2026-11-28');
  });

  it('when the previous document is asked, then the last reading of the simulator comes back; with none, what was typed', () => {
    const memory: DocumentMemory = {};
    expect(readDocument({ docLastName: 'First', docScenario: 'previous_document' }, memory, NOW)).toEqual({
      type: 'passport',
      lastName: 'First',
    });
    readDocument(TYPED, memory, NOW);
    expect(
      readDocument({ docLastName: 'Other', docScenario: 'previous_document' }, memory, NOW),
    ).toMatchObject({ lastName: 'De Bruijn', number: 'SPECI2021', country: 'NLD' });
  });

  it('when nothing usable is typed, then nothing is read: blank, too long, control characters, a date in another form, an unknown type or scenario', () => {
    expect(readDocument({}, {}, NOW)).toBeUndefined();
    expect(readDocument(undefined, {}, NOW)).toBeUndefined();
    expect(
      readDocument(
        {
          docType: 'visa',
          docCountry: 'Germany',
          docNumber: 'x'.repeat(31),
          docFirstName: 'a\u0000b',
          docLastName: '   ',
          docBirthDate: '10.03.1965',
          docExpiryDate: '2031-02-30',
          docScenario: 'forged',
        },
        {},
        NOW,
      ),
    ).toBeUndefined();
  });
});

import { describe, expect, it } from 'vitest';
import type { VendorDocumentData } from '../../../providers/provider.ts';
import { mrzCodeOfCountry } from '../mrz/mrz-countries.ts';
import { documentOfIdDocs } from '../../../providers/sumsub/id-doc.ts';
import { documentOfRetrieval } from '../../../providers/jumio/retrieval.ts';
import { documentOfRunOutput } from '../../../providers/onfido/onfido-document.ts';
import { vendorDataMatch, vendorExpiry } from './vendor-compare.ts';

const READ: VendorDocumentData = {
  firstName: 'Anna Maria',
  lastName: 'Müller',
  dateOfBirth: '1990-01-01',
  documentNumber: 'C01X00T47',
  issuingCountry: 'DEU',
  documentType: 'PASSPORT',
  expiryDate: '2030-01-01',
};
const NOW = Date.UTC(2026, 10, 29);

describe("a vendor's reading against what was typed (D112)", () => {
  it('when the names agree up to transliteration, order and spacing and the date is equal, then data_match passes', () => {
    const typed = { firstName: 'Anna-Maria', lastName: 'Mueller', dateOfBirth: '1990-01-01' };
    expect(vendorDataMatch(READ, typed)).toMatchObject({
      name: 'data_match',
      outcome: 'pass',
      detail: {
        code: 'data_compared',
        fields: [
          { field: 'lastName', outcome: 'agrees', typed: 'Mueller', document: 'Müller' },
          { field: 'firstName', outcome: 'agrees' },
          { field: 'dateOfBirth', outcome: 'agrees' },
        ],
      },
    });
  });

  it('when a date or a name differs, then data_match fails naming the field', () => {
    const judged = vendorDataMatch(READ, {
      firstName: 'Anna Maria',
      lastName: 'Müller',
      dateOfBirth: '1990-01-02',
    });
    expect(judged.outcome).toBe('fail');
    expect(judged.detail).toMatchObject({ fields: [{}, {}, { field: 'dateOfBirth', outcome: 'disagrees' }] });
    expect(vendorDataMatch(READ, { lastName: 'Schmidt' }).outcome).toBe('fail');
  });

  it('when nothing was typed (or the vendor read nothing comparable), then data_match is not run and keeps the reading', () => {
    expect(vendorDataMatch(READ, {})).toMatchObject({
      outcome: 'not_run',
      detail: { fields: [{ typed: null, document: 'Müller', outcome: 'not_comparable' }, {}, {}] },
    });
    const blank = { ...READ, firstName: null, lastName: null, dateOfBirth: null };
    expect(vendorDataMatch(blank, { firstName: 'Anna' }).outcome).toBe('not_run');
  });

  it('when the vendor gives an expiry, then expiry passes or fails (valid on its day); none, no result', () => {
    expect(vendorExpiry(READ, NOW)).toMatchObject({ outcome: 'pass', detail: { expired: false } });
    expect(vendorExpiry({ ...READ, expiryDate: '2026-11-28' }, NOW)?.outcome).toBe('fail');
    expect(vendorExpiry({ ...READ, expiryDate: '2026-11-29' }, NOW)?.outcome).toBe('pass');
    expect(vendorExpiry({ ...READ, expiryDate: null }, NOW)).toBeNull();
    expect(vendorExpiry({ ...READ, expiryDate: '30.01.2030' }, NOW)).toBeNull();
  });

  it("when a vendor names the issuing country, then it becomes the MRZ's state code the duplicate hash uses", () => {
    expect(mrzCodeOfCountry('DEU')).toBe('D');
    expect(mrzCodeOfCountry('de')).toBe('D');
    expect(mrzCodeOfCountry('GBR')).toBe('GBR');
    expect(mrzCodeOfCountry('FR')).toBe('FRA');
    expect(mrzCodeOfCountry('XK')).toBe('RKS');
    expect(mrzCodeOfCountry('UTO')).toBeUndefined();
  });

  it("when each vendor's answer is read, then the same reading comes out (Sumsub idDocs, Jumio extraction, Onfido workflow output)", () => {
    expect(
      documentOfIdDocs([
        { idDocType: 'SELFIE', country: 'DEU' },
        {
          idDocType: 'PASSPORT',
          country: 'DEU',
          firstName: 'Анна',
          firstNameEn: 'Anna Maria',
          lastName: 'Müller',
          dob: '1990-01-01',
          number: 'C01X00T47',
          validUntil: '2030-01-01',
        },
      ]),
    ).toEqual(READ);
    expect(documentOfIdDocs([{ idDocType: 'SELFIE' }])).toBeNull();
    const extraction = {
      type: 'PASSPORT',
      issuingCountry: 'DEU',
      firstName: 'Anna Maria',
      lastName: 'Müller',
      dateOfBirth: '1990-01-01',
      expiryDate: '2030-01-01',
      documentNumber: 'C01X00T47',
    };
    expect(
      documentOfRetrieval({
        capabilities: { extraction: [{ decision: { type: 'PASSED' }, data: extraction }] },
      }),
    ).toEqual(READ);
    expect(
      documentOfRetrieval({
        capabilities: { extraction: [{ decision: { type: 'REJECTED' }, data: extraction }] },
      }),
    ).toBeNull();
    expect(
      documentOfRunOutput({
        decision: 'approve',
        document: {
          first_name: 'Anna Maria',
          last_name: 'Müller',
          date_of_birth: '1990-01-01',
          date_of_expiry: '2030-01-01',
          // The Document Report's own shape (onfido-openapi-spec document_properties.yaml).
          document_numbers: [{ value: 'C01X00T47', type: 'document_number' }],
          issuing_country: 'DEU',
          document_type: 'PASSPORT',
        },
      }),
    ).toEqual(READ);
    expect(documentOfRunOutput({ decision: 'approve' })).toBeNull();
  });

  it("when Onfido's document_numbers lists several numbers, then the one of type document_number is read, else the first; a flat document_number is not Onfido's and is ignored", () => {
    const numbers = (list: unknown) =>
      documentOfRunOutput({ document: { last_name: 'Müller', document_numbers: list } })?.documentNumber;
    expect(
      numbers([
        { value: '12345678901', type: 'personal_number' },
        { value: ' C01X00T47 ', type: 'document_number' },
      ]),
    ).toBe('C01X00T47');
    expect(numbers([{ value: 'X1234567', type: 'other' }])).toBe('X1234567');
    expect(numbers([{ value: '', type: 'document_number' }, 'C01X00T47'])).toBeNull();
    expect(numbers('C01X00T47')).toBeNull();
    expect(
      documentOfRunOutput({ document: { last_name: 'Müller', document_number: 'C01X00T47' } })
        ?.documentNumber,
    ).toBeNull();
  });
});

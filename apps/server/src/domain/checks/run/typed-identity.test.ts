import { describe, expect, it } from 'vitest';
import { isCheckedKind, typedIdentityOf } from './typed-identity.ts';

const RECORD = { first_name: 'Lena', last_name: 'Schmidt', date_of_birth: '1990-04-12' };
const submission = (kind: string) => ({ kind, issuing_country: 'DE', document_type: 'PASSPORT' });
const FROM_RECORD = {
  firstName: 'Lena',
  lastName: 'Schmidt',
  dateOfBirth: '1990-04-12',
  issuingCountry: 'DE',
  documentType: 'PASSPORT',
};

describe('typedIdentityOf', () => {
  it('when a level or a re-verification is checked, then the record and the chosen country and type, no expiry', () => {
    expect(typedIdentityOf(submission('level'), RECORD, null)).toEqual(FROM_RECORD);
    expect(typedIdentityOf(submission('reverification'), RECORD, null)).toEqual(FROM_RECORD);
  });

  it('when an ID update is checked, then the expiry date typed in that flow is added', () => {
    const details = {
      firstName: 'LÉNA',
      lastName: 'Schmidt',
      dateOfBirth: '1990-04-12',
      expiryDate: '2031-05-06',
    };
    expect(typedIdentityOf(submission('update_id'), RECORD, details)).toEqual({
      ...FROM_RECORD,
      expiryDate: '2031-05-06',
    });
  });

  it('when details carry an expiry on another kind, or an update has none, then no expiry is compared', () => {
    expect(typedIdentityOf(submission('reverification'), RECORD, { expiryDate: '2031-05-06' })).toEqual(
      FROM_RECORD,
    );
    expect(typedIdentityOf(submission('update_id'), RECORD, null)).toEqual(FROM_RECORD);
  });

  it('when nothing is on record, then the names and date of birth are not typed', () => {
    expect(typedIdentityOf(submission('level'), { first_name: '', last_name: null }, null)).toEqual({
      firstName: undefined,
      lastName: undefined,
      dateOfBirth: undefined,
      issuingCountry: 'DE',
      documentType: 'PASSPORT',
    });
  });

  it('checks levels, re-verifications and ID updates only', () => {
    expect(['level', 'reverification', 'update_id', 'update_poa', 'vendor'].filter(isCheckedKind)).toEqual([
      'level',
      'reverification',
      'update_id',
    ]);
  });

  it('when a level or a re-verification sealed a nationality and a number (D125), then both are compared; an update’s are not', () => {
    const details = { nationality: 'DE', documentNumber: 'C01X00T47' };
    expect(typedIdentityOf(submission('level'), RECORD, details)).toEqual({ ...FROM_RECORD, ...details });
    expect(typedIdentityOf(submission('reverification'), RECORD, details)).toEqual({
      ...FROM_RECORD,
      ...details,
    });
    expect(typedIdentityOf(submission('update_id'), RECORD, details)).toEqual(FROM_RECORD);
    // A submission from before: no details, nothing added (not compared, never a fail).
    expect(typedIdentityOf(submission('level'), RECORD, null)).toEqual(FROM_RECORD);
    expect(typedIdentityOf(submission('level'), RECORD, { nationality: '' })).toEqual(FROM_RECORD);
  });
});

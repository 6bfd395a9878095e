import { describe, expect, it } from 'vitest';
import { checkPersonalDetails } from './personal-details';

const ok = { firstName: 'Ada', lastName: 'Lovelace', dateOfBirth: '1990-12-10' };
const today = '2026-11-22';

describe('checkPersonalDetails (the server rules of kyc-personal-info, checked before sending)', () => {
  it('accepts an adult with both names', () => {
    expect(checkPersonalDetails(ok, today)).toEqual({});
  });

  it('requires both names, trimmed, at most 100 characters', () => {
    expect(checkPersonalDetails({ ...ok, firstName: '  ', lastName: 'x'.repeat(101) }, today)).toEqual({
      firstName: 'required',
      lastName: 'tooLong',
    });
  });

  it('refuses a missing, impossible, future or pre-1900 date of birth', () => {
    expect(checkPersonalDetails({ ...ok, dateOfBirth: '' }, today).dateOfBirth).toBe('required');
    expect(checkPersonalDetails({ ...ok, dateOfBirth: '1990-02-30' }, today).dateOfBirth).toBe('invalid');
    expect(checkPersonalDetails({ ...ok, dateOfBirth: '2027-01-01' }, today).dateOfBirth).toBe('invalid');
    expect(checkPersonalDetails({ ...ok, dateOfBirth: '1899-12-31' }, today).dateOfBirth).toBe('invalid');
  });

  it('refuses someone under 18, counting the 18th birthday itself as adult', () => {
    expect(checkPersonalDetails({ ...ok, dateOfBirth: '2008-11-23' }, today).dateOfBirth).toBe('underage');
    expect(checkPersonalDetails({ ...ok, dateOfBirth: '2008-11-22' }, today)).toEqual({});
  });
});

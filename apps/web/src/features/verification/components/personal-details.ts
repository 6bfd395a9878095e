import { isIsoDate, todayIso } from './date-input';

/** The name and date of birth as written on the identity document (docs/kyc.md "Personal details"). */
export interface PersonalDetails {
  firstName: string;
  lastName: string;
  dateOfBirth: string;
}

export type PersonalDetailsErrors = Partial<
  Record<keyof PersonalDetails, 'required' | 'tooLong' | 'invalid' | 'underage'>
>;

/** The server's limits (contracts personName: 1–100 characters; an adult born in 1900 or later). */
export const MAX_NAME_LENGTH = 100;
export const MINIMUM_AGE = 18;

/** Checks the details as the server will, so the person learns at once what to correct. */
export function checkPersonalDetails(details: PersonalDetails, today = todayIso()): PersonalDetailsErrors {
  const errors: PersonalDetailsErrors = {};
  for (const field of ['firstName', 'lastName'] as const) {
    const value = details[field].trim();
    if (!value) errors[field] = 'required';
    else if (value.length > MAX_NAME_LENGTH) errors[field] = 'tooLong';
  }
  const dob = details.dateOfBirth;
  if (!dob) errors.dateOfBirth = 'required';
  else if (!isIsoDate(dob) || dob < '1900-01-01' || dob > today) errors.dateOfBirth = 'invalid';
  else if (!isAdult(dob, today)) errors.dateOfBirth = 'underage';
  return errors;
}

/** Born on `dob` (YYYY-MM-DD), at least MINIMUM_AGE on `today` (YYYY-MM-DD). */
function isAdult(dob: string, today: string): boolean {
  const [y, m, d] = dob.split('-').map(Number) as [number, number, number];
  const birthday = `${String(y + MINIMUM_AGE).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
  return birthday <= today;
}

/**
 * The verified (or under-review) name and date of birth as the personal page shows them before the
 * person proves again that they hold the account (scene 30029, docs/security-verification.md "Reveal"):
 * each word of a name keeps its first letter, the rest is a fixed three stars (so not even the length
 * shows), and the date of birth is hidden whole. An empty value stays empty: nothing to hide.
 */
export interface PersonalDetails {
  firstName: string;
  lastName: string;
  dateOfBirth: string;
}

export const MASKED_DATE = '****-**-**';

export function maskName(name: string): string {
  return name
    .trim()
    .split(/\s+/u)
    .filter(Boolean)
    .map((word) => `${Array.from(word)[0] ?? ''}***`)
    .join(' ');
}

export function maskPersonalDetails(details: PersonalDetails): PersonalDetails {
  return {
    firstName: maskName(details.firstName),
    lastName: maskName(details.lastName),
    dateOfBirth: details.dateOfBirth ? MASKED_DATE : '',
  };
}

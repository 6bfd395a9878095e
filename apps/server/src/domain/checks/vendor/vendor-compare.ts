/**
 * The data checks of a vendor's reading (issue 19 "run the data and duplicate checks on vendor results",
 * D112; docs/checks.md "Checks on vendor results"). Pure: what the vendor read from the document against
 * what the person typed with us, and the expiry. Names follow the MRZ comparison's rules (the vendor's
 * spelling is put into its ICAO form, the typed name transliterated, order and spacing tolerated); dates
 * are compared whole (a vendor gives four-digit years). Nothing typed: data_match is not run, but the
 * vendor's reading is kept for the reviewer. The details have the in-house checks' shapes.
 */
import { compareNames } from '../mrz/compare-names.ts';
import { isExpired } from '../mrz/dates.ts';
import { mrzTokensOf } from '../mrz/transliterate.ts';
import type { TypedIdentity } from '../mrz/compare-typed.ts';
import type { EvaluatedCheck } from '../run/evaluate.ts';
import type { VendorDocumentData } from '../../../providers/provider.ts';

type Field = 'lastName' | 'firstName' | 'dateOfBirth';
type Compared = {
  field: Field;
  outcome: 'agrees' | 'disagrees' | 'not_comparable';
  typed: string | null;
  document: string | null;
};

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A vendor's name in its MRZ form: each token's first ICAO spelling, upper case, spaces between. */
const icaoForm = (name: string) =>
  mrzTokensOf(name)
    .map((t) => t.spellings[0])
    .join(' ');

/** data_match: the vendor's names and date of birth against what was typed. */
export function vendorDataMatch(
  document: VendorDocumentData,
  typed: Pick<TypedIdentity, 'firstName' | 'lastName' | 'dateOfBirth'>,
): EvaluatedCheck {
  const names = compareNames(
    {
      ...(typed.firstName ? { firstName: typed.firstName } : {}),
      ...(typed.lastName ? { lastName: typed.lastName } : {}),
    },
    {
      primary: icaoForm(document.lastName ?? ''),
      secondary: icaoForm(document.firstName ?? ''),
      possiblyTruncated: false,
    },
  );
  const name = (field: 'lastName' | 'firstName'): Compared => {
    const given = typed[field] ?? null;
    const read = document[field];
    if (!given || !read) return { field, outcome: 'not_comparable', typed: given, document: read };
    return { field, outcome: names[field].outcome, typed: given, document: read };
  };
  const birth = ((): Compared => {
    const given = typed.dateOfBirth ?? null;
    const read = document.dateOfBirth && ISO_DATE.test(document.dateOfBirth) ? document.dateOfBirth : null;
    if (!given || !read)
      return { field: 'dateOfBirth', outcome: 'not_comparable', typed: given, document: read };
    return {
      field: 'dateOfBirth',
      outcome: given === read ? 'agrees' : 'disagrees',
      typed: given,
      document: read,
    };
  })();
  const fields = [name('lastName'), name('firstName'), birth];
  const compared = fields.filter((f) => f.outcome !== 'not_comparable');
  return {
    name: 'data_match',
    outcome:
      compared.length === 0 ? 'not_run' : compared.some((f) => f.outcome === 'disagrees') ? 'fail' : 'pass',
    score: null,
    threshold: null,
    detail: { code: 'data_compared', fields },
  };
}

/** expiry: from the vendor's expiry date, when it gives one; else null (no result stored). */
export function vendorExpiry(document: VendorDocumentData, now: number): EvaluatedCheck | null {
  const date = document.expiryDate;
  if (!date || !ISO_DATE.test(date)) return null;
  const expired = isExpired(date, now);
  return {
    name: 'expiry',
    outcome: expired ? 'fail' : 'pass',
    score: null,
    threshold: null,
    detail: { code: 'expiry_date', expired, expiryDate: date },
  };
}

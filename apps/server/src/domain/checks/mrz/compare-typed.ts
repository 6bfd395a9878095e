/**
 * What the document's MRZ says against what the person typed (issue 19): each field agrees, disagrees
 * (both values kept, so the person can be asked to correct it and the reviewer sees both) or cannot be
 * compared (nothing typed, or the MRZ does not say it). The in-house level-1 flow collects first and last
 * name and date of birth (kyc-personal-info), the document type, issuing country, nationality and
 * document number (submit, D125); update-id adds the expiry date. A field not typed (a submission from
 * before D125, a client that leaves it out) is not comparable, never a disagreement.
 * An expiry before today refuses the document whatever else agrees. Only a valid reading is compared: a
 * reading whose check digits fail says nothing reliable.
 */
import type { DocumentType } from '@kyc/contracts';
import { isExpired } from './dates.ts';
import { compareNames, type NameOutcome } from './compare-names.ts';
import { countryOfMrzCode } from './mrz-countries.ts';
import type { MrzDocument } from './read-mrz.ts';

export interface TypedIdentity {
  firstName?: string;
  lastName?: string;
  /** YYYY-MM-DD. */
  dateOfBirth?: string;
  /** ISO 3166-1 alpha-2. */
  nationality?: string;
  /** ISO 3166-1 alpha-2: submit's `country`, the document's issuing country. */
  issuingCountry?: string;
  documentNumber?: string;
  documentType?: DocumentType;
  /** YYYY-MM-DD (update-id). */
  expiryDate?: string;
}

export type ComparedField = keyof TypedIdentity;
export type ComparisonOutcome = 'agrees' | 'disagrees' | 'not_comparable';

export interface FieldComparison {
  field: ComparedField;
  outcome: ComparisonOutcome;
  /** What the person typed, as typed (a country as its alpha-2). */
  typed: string | null;
  /** What the MRZ says (a country as alpha-2 where it names one, else the code as printed). */
  document: string | null;
  /** Why it agrees although the two differ, or why it cannot be compared. */
  notes: string[];
}

export interface MrzComparison {
  fields: FieldComparison[];
  /** The expiry is before today: the document is refused (a hard rule of issue 19). */
  expired: boolean;
  /** Nothing disagrees and the document has not expired. */
  accepted: boolean;
}

const ORDER: ComparedField[] = [
  'lastName',
  'firstName',
  'dateOfBirth',
  'nationality',
  'issuingCountry',
  'documentNumber',
  'documentType',
  'expiryDate',
];

function fromName(
  field: ComparedField,
  typed: string | undefined,
  document: string,
  name: NameOutcome,
): FieldComparison {
  return { field, outcome: name.outcome, typed: typed ?? null, document, notes: name.notes };
}

/** The MRZ has two digits of the year: only the day, month and those two digits can disagree. */
function compareDate(
  field: ComparedField,
  typed: string | undefined,
  mrz: { raw: string; iso: string | null },
): FieldComparison {
  const document = mrz.iso ?? mrz.raw;
  if (typed === undefined)
    return { field, outcome: 'not_comparable', typed: null, document, notes: ['not typed'] };
  if (mrz.iso === null)
    return { field, outcome: 'not_comparable', typed, document, notes: ['the MRZ date is incomplete'] };
  if (typed === mrz.iso) return { field, outcome: 'agrees', typed, document, notes: [] };
  const sameYymmdd = typed.length === 10 && typed.slice(2).replace(/-/g, '') === mrz.raw;
  return sameYymmdd
    ? { field, outcome: 'agrees', typed, document: typed, notes: ['the century is the typed one'] }
    : { field, outcome: 'disagrees', typed, document, notes: [] };
}

function compareCountry(field: ComparedField, typed: string | undefined, code: string): FieldComparison {
  const country = countryOfMrzCode(code);
  const document = country ?? code;
  const notes = [`MRZ ${code}`];
  if (typed === undefined)
    return { field, outcome: 'not_comparable', typed: null, document, notes: [...notes, 'not typed'] };
  if (!country)
    return { field, outcome: 'not_comparable', typed, document, notes: [...notes, 'not a country'] };
  return { field, outcome: typed.toUpperCase() === country ? 'agrees' : 'disagrees', typed, document, notes };
}

const LOOK_ALIKES: Record<string, string> = { O: '0', I: '1', B: '8', S: '5', Z: '2', G: '6' };
const plainNumber = (text: string) => text.toUpperCase().replace(/[\s<\-/.]/g, '');
const lookAlikeFolded = (text: string) => [...text].map((c) => LOOK_ALIKES[c] ?? c).join('');

function compareNumber(typed: string | undefined, document: string): FieldComparison {
  const field = 'documentNumber';
  if (typed === undefined)
    return { field, outcome: 'not_comparable', typed: null, document, notes: ['not typed'] };
  const typedPlain = plainNumber(typed);
  if (typedPlain === document) return { field, outcome: 'agrees', typed, document, notes: [] };
  // The MRZ's number passed its check digit; a person reading O for 0 off the page typed the same number.
  if (lookAlikeFolded(typedPlain) === lookAlikeFolded(document))
    return { field, outcome: 'agrees', typed, document, notes: ['look-alike characters typed'] };
  return { field, outcome: 'disagrees', typed, document, notes: [] };
}

/** ICAO 9303: P… passports; A, C, I… identity cards, the second letter the state's (IR, AR: permits). */
function documentTypesOf(code: string): DocumentType[] {
  if (code.startsWith('P')) return ['PASSPORT'];
  if (/^[ACI]R/.test(code)) return ['RESIDENCE_PERMIT'];
  if (/^[ACI]/.test(code)) return ['ID_CARD', 'RESIDENCE_PERMIT'];
  return [];
}

function compareDocumentType(typed: DocumentType | undefined, code: string): FieldComparison {
  const field = 'documentType';
  const kinds = documentTypesOf(code);
  const notes = [`MRZ ${code}`];
  if (typed === undefined)
    return { field, outcome: 'not_comparable', typed: null, document: kinds[0] ?? code, notes };
  if (kinds.length === 0)
    return {
      field,
      outcome: 'not_comparable',
      typed,
      document: code,
      notes: [...notes, 'not an identity document code'],
    };
  const outcome = kinds.includes(typed) ? 'agrees' : 'disagrees';
  return { field, outcome, typed, document: outcome === 'agrees' ? typed : (kinds[0] ?? code), notes };
}

export function compareWithTyped(
  document: MrzDocument & { valid: true },
  typed: TypedIdentity,
  { now }: { now: number },
): MrzComparison {
  const names = compareNames(typed, document.names);
  const fields: Record<ComparedField, FieldComparison> = {
    lastName: fromName('lastName', typed.lastName, document.names.primary, names.lastName),
    firstName: fromName('firstName', typed.firstName, document.names.secondary, names.firstName),
    dateOfBirth: compareDate('dateOfBirth', typed.dateOfBirth, document.dateOfBirth),
    nationality: compareCountry('nationality', typed.nationality, document.nationality),
    issuingCountry: compareCountry('issuingCountry', typed.issuingCountry, document.issuingState),
    documentNumber: compareNumber(typed.documentNumber, document.documentNumber),
    documentType: compareDocumentType(typed.documentType, document.documentType),
    expiryDate: compareDate('expiryDate', typed.expiryDate, document.expiryDate),
  };
  const expired = document.expiryDate.iso !== null && isExpired(document.expiryDate.iso, now);
  const list = ORDER.map((field) => fields[field]);
  return { fields: list, expired, accepted: !expired && list.every((f) => f.outcome !== 'disagrees') };
}

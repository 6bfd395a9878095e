/**
 * What a simulated vendor "read" from the person's document (issue 19, D118). A real vendor reads the
 * document's photo; the simulator keeps no image, so the hosted page asks the person (the demo's user,
 * or a test) to type what the document says, and a scenario may then change it so that our checks on
 * vendor results have something to disagree with:
 *
 * - `as_typed`: the reading is what was typed;
 * - `other_birth_date`: the date of birth one year later than typed (data_match disagrees);
 * - `expired`: the expiry date yesterday, UTC (the expiry check fails);
 * - `previous_document`: the document this simulator read last, for any vendor and any person (the same
 *   document on two accounts: duplicate_document fails).
 *
 * The vendor-neutral reading is put into each vendor's own answer by document-shapes.ts. Nothing typed
 * and no scenario that supplies a document: nothing read (the vendor says nothing, as before).
 */

export const DOCUMENT_TYPES = ['passport', 'id_card', 'residence_permit', 'driving_licence'] as const;
export type SimDocumentType = (typeof DOCUMENT_TYPES)[number];
export const SCENARIOS = ['as_typed', 'other_birth_date', 'expired', 'previous_document'] as const;
export type SimScenario = (typeof SCENARIOS)[number];

export interface SimDocument {
  type: SimDocumentType;
  /** ISO 3166-1 alpha-3, as the three vendors give it. */
  country?: string;
  number?: string;
  firstName?: string;
  lastName?: string;
  /** YYYY-MM-DD. */
  dateOfBirth?: string;
  /** YYYY-MM-DD. */
  expiryDate?: string;
}

/** The hosted page's fields (hosted-page.ts), posted with the decision. */
export const FORM_FIELDS = {
  type: 'docType',
  country: 'docCountry',
  number: 'docNumber',
  firstName: 'docFirstName',
  lastName: 'docLastName',
  dateOfBirth: 'docBirthDate',
  expiryDate: 'docExpiryDate',
  scenario: 'docScenario',
} as const;

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

const text = (value: unknown, max = 100) => {
  if (typeof value !== 'string') return undefined;
  const trimmed = value.trim();
  const control = [...trimmed].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f);
  return trimmed && trimmed.length <= max && !control ? trimmed : undefined;
};
/** A real calendar day as YYYY-MM-DD (31 February is not one). */
const realDay = (iso: string) =>
  ISO_DATE.test(iso) && !Number.isNaN(Date.parse(iso)) && new Date(iso).toISOString().slice(0, 10) === iso;
const date = (value: unknown) => {
  const given = text(value, 10);
  return given && realDay(given) ? given : undefined;
};

function addYear(iso: string): string {
  const year = String(Number(iso.slice(0, 4)) + 1).padStart(4, '0');
  // 29 February one year later does not exist: 1 March.
  return realDay(`${year}${iso.slice(4)}`) ? `${year}${iso.slice(4)}` : `${year}-03-01`;
}

/** The previous document read, shared by the three simulated vendors of one simulator. */
export interface DocumentMemory {
  last?: SimDocument;
}

/** The reading of a hosted page's submission; undefined when nothing was typed (nothing read). */
export function readDocument(
  body: Record<string, unknown> | undefined,
  memory: DocumentMemory,
  now: number,
): SimDocument | undefined {
  const field = (name: keyof typeof FORM_FIELDS) => body?.[FORM_FIELDS[name]];
  const scenario = SCENARIOS.find((s) => s === field('scenario')) ?? 'as_typed';
  if (scenario === 'previous_document') {
    if (memory.last) return { ...memory.last };
  }
  const type = DOCUMENT_TYPES.find((t) => t === field('type')) ?? 'passport';
  const country = text(field('country'), 3)?.toUpperCase();
  const typed: SimDocument = {
    type,
    ...(country && /^[A-Z]{3}$/.test(country) ? { country } : {}),
    ...optional('number', text(field('number'), 30)),
    ...optional('firstName', text(field('firstName'))),
    ...optional('lastName', text(field('lastName'))),
    ...optional('dateOfBirth', date(field('dateOfBirth'))),
    ...optional('expiryDate', date(field('expiryDate'))),
  };
  if (scenario === 'other_birth_date' && typed.dateOfBirth) typed.dateOfBirth = addYear(typed.dateOfBirth);
  if (scenario === 'expired') typed.expiryDate = new Date(now - 86_400_000).toISOString().slice(0, 10);
  const read = Object.keys(typed).length > 1 ? typed : undefined;
  if (read) memory.last = { ...read };
  return read;
}

function optional<K extends keyof SimDocument>(key: K, value: SimDocument[K] | undefined) {
  return value === undefined ? {} : ({ [key]: value } as Pick<SimDocument, K>);
}

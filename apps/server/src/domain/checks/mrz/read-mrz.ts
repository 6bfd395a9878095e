/**
 * Reading a machine-readable zone from text (issue 19): the lines normalised (normalise-lines.ts),
 * parsed and check-digit validated by the mrz package (parse-lines.ts), OCR confusions repaired under
 * the check digits (repair.ts), and the fields in the one model the comparison and the reviewer use.
 * A reading is valid when every ICAO 9303 check digit passes and every field has its form; otherwise it
 * says why, and what could still be read is kept for the reviewer. OCR itself is not here: whatever
 * yields the lines (tesseract.js later, a person typing them now) calls this.
 */
import { PLAIN_FIELDS, textAt, type MrzFormat } from './layout.ts';
import { normaliseLines } from './normalise-lines.ts';
import type { CheckDigitResult, ParsedLines } from './parse-lines.ts';
import { repairLines, type Repair } from './repair.ts';
import { birthDate, expiryDate, type MrzDate } from './dates.ts';

export type MrzInvalidReason =
  /** Not 2 × 44, 2 × 36 or 3 × 30 characters. */
  | 'wrong_length'
  /** A character outside A-Z 0-9 <, or a layout the ICAO formats do not have (e.g. the pre-2021 French card). */
  | 'wrong_format'
  /** A field without its form: a month 13, a digit in a name, a document code a TD3 cannot have. */
  | 'invalid_field'
  /** A check digit still fails after the repairs the policy allows. */
  | 'check_digit'
  /** More than one repair makes every check digit pass: refused rather than guessed. */
  | 'ambiguous_repair';

export interface MrzNames {
  /** The primary identifier (surname), fillers as spaces. */
  primary: string;
  /** The secondary identifier (given names), '' when the document has none. */
  secondary: string;
  /** The name field is full to its last character, so ICAO 9303 may have truncated it. */
  possiblyTruncated: boolean;
}

export interface MrzDocument {
  format: MrzFormat;
  /** The document code without fillers: P, PD, I, ID, A, C, IR… */
  documentType: string;
  /** As printed, fillers removed: ISO 3166 alpha-3 or an ICAO code (D, GBD, UNO, XXA, UTO…). */
  issuingState: string;
  names: MrzNames;
  /** The whole number, a TD1/TD2 number longer than 9 characters included, no fillers. */
  documentNumber: string;
  nationality: string;
  dateOfBirth: MrzDate;
  sex: 'M' | 'F' | 'X';
  expiryDate: MrzDate;
  /** Each optional data field, fillers trimmed (TD3: the personal number; TD1: two fields; TD2: one). */
  optionalData: string[];
  /** The lines read, after normalisation and any repair. */
  lines: string[];
  checkDigits: CheckDigitResult[];
  repairs: Repair[];
}

export type MrzReading =
  | (MrzDocument & { valid: true })
  | (MrzDocument & {
      valid: false;
      reason: 'invalid_field' | 'check_digit' | 'ambiguous_repair';
      detail: string;
      /** For an ambiguous repair: each set of repairs that would have passed. */
      candidates?: Repair[][];
    })
  | { valid: false; reason: 'wrong_length' | 'wrong_format'; detail: string; format: null; lines: string[] };

export interface ReadMrzOptions {
  /** Epoch milliseconds: the century of the dates is inferred against it. */
  now: number;
}

const withoutFillers = (text: string) => text.replace(/<+$/, '').replace(/</g, ' ').trim();

function documentOf(
  format: MrzFormat,
  lines: string[],
  parsed: ParsedLines,
  now: number,
): Omit<MrzDocument, 'repairs'> {
  const at = PLAIN_FIELDS[format];
  const nameField = textAt(lines, at.names);
  const [primary = '', ...rest] = nameField.split('<<');
  const sex = textAt(lines, at.sex);
  const optional =
    format === 'TD3'
      ? [parsed.values.personalNumber]
      : format === 'TD2'
        ? [parsed.values.optional]
        : [parsed.values.optional1, parsed.values.optional2];
  return {
    format,
    documentType: textAt(lines, at.documentCode).replace(/</g, ''),
    issuingState: textAt(lines, at.issuingState).replace(/</g, ''),
    names: {
      primary: withoutFillers(primary),
      secondary: withoutFillers(rest.join('<<')),
      possiblyTruncated: !nameField.endsWith('<'),
    },
    documentNumber: (parsed.values.documentNumber ?? '').replace(/[<\s]/g, ''),
    nationality: textAt(lines, at.nationality).replace(/</g, ''),
    dateOfBirth: birthDate(textAt(lines, at.dateOfBirth), now),
    sex: sex === 'M' || sex === 'F' ? sex : 'X',
    expiryDate: expiryDate(textAt(lines, at.expiryDate), now),
    optionalData: optional.map((value) => withoutFillers(value ?? '')),
    lines,
    checkDigits: parsed.checkDigits,
  };
}

export function readMrz(text: string | readonly string[], { now }: ReadMrzOptions): MrzReading {
  const normalised = normaliseLines(text);
  if (!normalised.ok)
    return {
      valid: false,
      reason: normalised.reason,
      detail: normalised.detail,
      format: null,
      lines: normalised.lines,
    };
  const { format } = normalised;

  const outcome = repairLines(format, normalised.lines);
  if (outcome.parsed.packageFormat !== format)
    return {
      valid: false,
      reason: 'wrong_format',
      detail: `read as ${outcome.parsed.packageFormat}, not an ICAO ${format}`,
      format: null,
      lines: normalised.lines,
    };

  const repairs = outcome.kind === 'repaired' ? outcome.repairs : [];
  const document = { ...documentOf(format, outcome.lines, outcome.parsed, now), repairs };
  if (outcome.kind === 'sound' || outcome.kind === 'repaired') {
    // The package checks a day against 31 only: 310231 passes it and is no date.
    const impossible = (['dateOfBirth', 'expiryDate'] as const).filter(
      (field) => document[field].iso === null && !document[field].raw.includes('<'),
    );
    if (impossible.length === 0) return { ...document, valid: true };
    return {
      ...document,
      valid: false,
      reason: 'invalid_field',
      detail: `no such date: ${impossible.join(', ')}`,
    };
  }
  if (outcome.kind === 'ambiguous')
    return {
      ...document,
      valid: false,
      reason: 'ambiguous_repair',
      detail: `${outcome.candidates.length} different repairs would pass every check digit`,
      candidates: outcome.candidates,
    };

  const failing = outcome.parsed.checkDigits.filter((c) => !c.valid).map((c) => c.field);
  if (failing.length > 0)
    return {
      ...document,
      valid: false,
      reason: 'check_digit',
      detail: `check digit fails: ${failing.join(', ')}`,
    };
  const errors = outcome.parsed.fieldErrors.map((e) => `${e.field}: ${e.error}`);
  return { ...document, valid: false, reason: 'invalid_field', detail: errors.join('; ') };
}

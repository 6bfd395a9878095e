/**
 * The mrz package (cheminfo, MIT; D68) over lines of a known format: its check-digit validation (ICAO
 * 9303 Part 3, weights 7-3-1) for every checked field, and its field values. Two of its verdicts are
 * not ours: its state table lacks ICAO's specimen state UTO and the codes it adds over time, and its sex
 * field lacks X (ICAO 9303 8th edition: unspecified). Those two are checked here for form only; whether
 * a code is a country is for the comparison (mrz-countries.ts).
 */
import { parse, type FieldName, type ParseResult } from 'mrz';
import { PLAIN_FIELDS, textAt, type CheckedField, type MrzFormat } from './layout.ts';

export interface CheckDigitResult {
  field: CheckedField;
  valid: boolean;
}

export interface ParsedLines {
  /** The package's own reading: 'FRENCH_NATIONAL_ID' for a pre-2021 French card, which we do not read. */
  packageFormat: ParseResult['format'];
  checkDigits: CheckDigitResult[];
  /** Fields that do not have their ICAO form (a month 13, a digit in a name, a wrong document code). */
  fieldErrors: { field: string; error: string }[];
  values: Partial<Record<FieldName, string | null>>;
}

const CHECK_DIGIT_FIELDS: Partial<Record<FieldName, CheckedField>> = {
  documentNumberCheckDigit: 'documentNumber',
  birthDateCheckDigit: 'dateOfBirth',
  expirationDateCheckDigit: 'expiryDate',
  personalNumberCheckDigit: 'optionalData',
  compositeCheckDigit: 'composite',
};

/** Judged here instead of by the package (the module comment says why). */
const OWN_JUDGEMENT = new Set<FieldName>(['issuingState', 'nationality', 'sex']);

const STATE_FORM = /^[A-Z]{3}$|^[A-Z]{2}<$|^[A-Z]<<$/;
const SEX_FORM = /^[MFX<]$/;

export function parseLines(format: MrzFormat, lines: readonly string[]): ParsedLines {
  const result = parse([...lines]);
  const checkDigits: CheckDigitResult[] = [];
  const fieldErrors: ParsedLines['fieldErrors'] = [];
  const values: ParsedLines['values'] = {};

  for (const detail of result.details) {
    if (!detail.field) continue;
    values[detail.field] = detail.value;
    const checked = CHECK_DIGIT_FIELDS[detail.field];
    if (checked) checkDigits.push({ field: checked, valid: detail.valid });
    else if (!detail.valid && !OWN_JUDGEMENT.has(detail.field))
      fieldErrors.push({ field: detail.field, error: detail.error ?? 'invalid' });
  }

  const at = PLAIN_FIELDS[format];
  for (const field of ['issuingState', 'nationality'] as const) {
    const code = textAt(lines, at[field]);
    if (!STATE_FORM.test(code)) fieldErrors.push({ field, error: `not a state code: ${code}` });
  }
  const sex = textAt(lines, at.sex);
  if (!SEX_FORM.test(sex)) fieldErrors.push({ field: 'sex', error: `not M, F, X or <: ${sex}` });

  return { packageFormat: result.format, checkDigits, fieldErrors, values };
}

/** Every check digit passes and every field has its form: nothing to repair. */
export const isSound = (parsed: ParsedLines): boolean =>
  parsed.checkDigits.length > 0 &&
  parsed.checkDigits.every((c) => c.valid) &&
  parsed.fieldErrors.length === 0;

/**
 * Where each ICAO 9303 field sits in TD1 (Part 5), TD2 (Part 6) and TD3 (Part 4), and which check digit
 * protects which characters. The mrz package parses the lines; this table exists for what it does not
 * expose: the positions the OCR repair (repair.ts) may touch and the type each position must have.
 */

export type MrzFormat = 'TD1' | 'TD2' | 'TD3';

/** Lines and characters per line of each format. */
export const SHAPES: Record<MrzFormat, { lines: number; length: number }> = {
  TD1: { lines: 3, length: 30 },
  TD2: { lines: 2, length: 36 },
  TD3: { lines: 2, length: 44 },
};

/** The field a check digit protects; `optionalData` is TD3's personal number, `composite` the whole. */
export type CheckedField = 'documentNumber' | 'dateOfBirth' | 'expiryDate' | 'optionalData' | 'composite';

export interface Span {
  line: number;
  start: number;
  /** Exclusive. */
  end: number;
}

export interface CheckDigitGroup {
  field: CheckedField;
  /** The characters only this check digit protects (the composite: the optional data without their own). */
  data: Span[];
  /** numeric: dates (ICAO: digits only); alphanumeric: document number and optional data. */
  type: 'numeric' | 'alphanumeric';
  digit: { line: number; column: number };
}

const span = (line: number, start: number, end: number): Span => ({ line, start, end });

export const CHECK_DIGIT_GROUPS: Record<MrzFormat, CheckDigitGroup[]> = {
  TD3: [
    { field: 'documentNumber', data: [span(1, 0, 9)], type: 'alphanumeric', digit: { line: 1, column: 9 } },
    { field: 'dateOfBirth', data: [span(1, 13, 19)], type: 'numeric', digit: { line: 1, column: 19 } },
    { field: 'expiryDate', data: [span(1, 21, 27)], type: 'numeric', digit: { line: 1, column: 27 } },
    { field: 'optionalData', data: [span(1, 28, 42)], type: 'alphanumeric', digit: { line: 1, column: 42 } },
    { field: 'composite', data: [], type: 'alphanumeric', digit: { line: 1, column: 43 } },
  ],
  TD2: [
    // A number longer than 9 characters overflows into the optional data (its check digit there too).
    {
      field: 'documentNumber',
      data: [span(1, 0, 9), span(1, 28, 35)],
      type: 'alphanumeric',
      digit: { line: 1, column: 9 },
    },
    { field: 'dateOfBirth', data: [span(1, 13, 19)], type: 'numeric', digit: { line: 1, column: 19 } },
    { field: 'expiryDate', data: [span(1, 21, 27)], type: 'numeric', digit: { line: 1, column: 27 } },
    { field: 'composite', data: [span(1, 28, 35)], type: 'alphanumeric', digit: { line: 1, column: 35 } },
  ],
  TD1: [
    {
      field: 'documentNumber',
      data: [span(0, 5, 14), span(0, 15, 30)],
      type: 'alphanumeric',
      digit: { line: 0, column: 14 },
    },
    { field: 'dateOfBirth', data: [span(1, 0, 6)], type: 'numeric', digit: { line: 1, column: 6 } },
    { field: 'expiryDate', data: [span(1, 8, 14)], type: 'numeric', digit: { line: 1, column: 14 } },
    {
      field: 'composite',
      data: [span(0, 15, 30), span(1, 18, 29)],
      type: 'alphanumeric',
      digit: { line: 1, column: 29 },
    },
  ],
};

/** The fields read straight from their positions (the rest come from the mrz package). */
export const PLAIN_FIELDS: Record<
  MrzFormat,
  Record<
    'documentCode' | 'issuingState' | 'nationality' | 'sex' | 'dateOfBirth' | 'expiryDate' | 'names',
    Span
  >
> = {
  TD3: {
    documentCode: span(0, 0, 2),
    issuingState: span(0, 2, 5),
    names: span(0, 5, 44),
    nationality: span(1, 10, 13),
    dateOfBirth: span(1, 13, 19),
    sex: span(1, 20, 21),
    expiryDate: span(1, 21, 27),
  },
  TD2: {
    documentCode: span(0, 0, 2),
    issuingState: span(0, 2, 5),
    names: span(0, 5, 36),
    nationality: span(1, 10, 13),
    dateOfBirth: span(1, 13, 19),
    sex: span(1, 20, 21),
    expiryDate: span(1, 21, 27),
  },
  TD1: {
    documentCode: span(0, 0, 2),
    issuingState: span(0, 2, 5),
    dateOfBirth: span(1, 0, 6),
    sex: span(1, 7, 8),
    expiryDate: span(1, 8, 14),
    nationality: span(1, 15, 18),
    names: span(2, 0, 30),
  },
};

export const textAt = (lines: readonly string[], { line, start, end }: Span): string =>
  (lines[line] ?? '').slice(start, end);

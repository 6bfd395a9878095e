/**
 * From the text lines OCR returned for one image region to the MRZ lines that read best (issue 19).
 * OCR of a zone goes wrong in three ways that the text module (../mrz/) does not expect from a person
 * typing, and which are fixed here, each reported:
 *
 * - **Filler runs miscounted.** A run of `<<<<<<` has no features to count; OCR adds or drops some.
 *   A line ending in fillers gets that run cut or stretched to its format's length; a line one or two
 *   characters off gets one of its runs lengthened or shortened.
 * - **A character split in two.** Glyph pairs such as `9Z` come back as `97Z`: a line one character long
 *   tries each single deletion.
 * - **A digit in a letters-only field** (document code, states, sex, names): ICAO allows no digit there,
 *   so 0, 1, 8, 5, 2, 6, 7, 4 take their look-alike letter (O, I, B, S, Z, G, Z, A) — the mirror of the
 *   text module's rule for a letter in a numeric position (D82).
 *
 * Every variant is read by `readMrz`, which repairs O/0-style confusions under the check digits; the
 * variant read best wins: valid first, then most check digits passing, then fewest changes. Two valid
 * variants that disagree are refused as ambiguous, as the text module refuses two repairs.
 */
import { PLAIN_FIELDS, SHAPES, type MrzFormat, type Span } from '../mrz/layout.ts';
import { readMrz, type MrzReading } from '../mrz/read-mrz.ts';

export interface OcrSymbol {
  text: string;
  confidence: number;
  /** Left and right edge in the region's pixels. */
  x0: number;
  x1: number;
}

export interface OcrLine {
  text: string;
  /** 0-100, tesseract's mean symbol confidence for the line. */
  confidence: number;
  /** Each character with its box, when the engine gives them. */
  symbols?: OcrSymbol[];
}

export type OcrCorrection =
  | { kind: 'filler_run'; line: number; column: number; added: number }
  | { kind: 'dropped_character'; line: number; column: number; character: string }
  | { kind: 'letter_position'; line: number; column: number; from: string; to: string }
  | { kind: 'filler_look_alike'; line: number; column: number; from: string };

export interface ZoneReading {
  lines: string[];
  /** The mean confidence of the OCR lines used, 0-100. */
  confidence: number;
  reading: MrzReading;
  corrections: OcrCorrection[];
  /** Check digits passing after every repair (what the candidates are ranked by). */
  checkDigitsPassing: number;
  ambiguous: boolean;
}

const MRZ_LIKE = /^[A-Z0-9<]+$/;
/**
 * A digit where only letters are legal, and its look-alike: the six pairs of the repair (D68), and 7/Z and
 * 4/A, which OCR of a blurred state code also produced (no digit is legal there, so no reading is lost).
 */
const DIGIT_TO_LETTER: Record<string, string> = {
  '0': 'O',
  '1': 'I',
  '8': 'B',
  '5': 'S',
  '2': 'Z',
  '6': 'G',
  '7': 'Z',
  '4': 'A',
};
/** Keep the search small: per line, at most this many variants; per zone, at most this many readings. */
const MAX_LINE_VARIANTS = 24;
const MAX_COMBINATIONS = 400;

interface LineVariant {
  text: string;
  corrections: OcrCorrection[];
}

/**
 * A line off its length: a trailing filler run (a name field's end) stretched or cut to any length;
 * otherwise, one or two characters off, each filler run (≥ 2) changed, or one character dropped.
 */
function lengthVariants(text: string, length: number, line: number, symbols?: OcrSymbol[]): LineVariant[] {
  if (text.length === length) return [{ text, corrections: [] }];
  const diff = length - text.length;
  const variants: LineVariant[] = [];
  const trailing = /<{2,}$/.exec(text);
  if (trailing && trailing[0].length + diff >= 1)
    variants.push({
      text: text.slice(0, trailing.index) + '<'.repeat(trailing[0].length + diff),
      corrections: [{ kind: 'filler_run', line, column: trailing.index + 1, added: diff }],
    });
  if (Math.abs(diff) > 2) return variants;
  for (const run of text.matchAll(/<{2,}/g)) {
    const start = run.index ?? 0;
    const runLength = run[0].length;
    if (runLength + diff < 1) continue;
    variants.push({
      text: text.slice(0, start) + '<'.repeat(runLength + diff) + text.slice(start + runLength),
      corrections: [{ kind: 'filler_run', line, column: start + 1, added: diff }],
    });
  }
  // A character OCR read twice (UTOD read UTO0D, 9Z read 97Z): one character too many. The MRZ is
  // monospaced, so the extra one sits closest to its neighbour: only that pair is tried when the boxes
  // are known; otherwise every single deletion.
  if (diff === -1)
    for (const i of deletionsToTry(text, symbols)) {
      if (i > 0 && text[i] === text[i - 1]) continue; // deleting either of two equal neighbours is the same
      variants.push({
        text: text.slice(0, i) + text.slice(i + 1),
        corrections: [{ kind: 'dropped_character', line, column: i + 1, character: text[i] ?? '' }],
      });
    }
  return [...new Map(variants.map((v) => [v.text, v])).values()];
}

/**
 * Characters read twice (O read OO or O0) sit much closer to their neighbour than the MRZ's fixed
 * pitch: the one of the two off the character grid is dropped. Only when the boxes match the text.
 */
function dropCrowded(line: OcrLine, lineNumber: number): { line: OcrLine; corrections: OcrCorrection[] } {
  const symbols = line.symbols;
  if (!symbols || symbols.map((s) => s.text).join('') !== line.text || symbols.length < 10)
    return { line, corrections: [] };
  const centres = symbols.map((s) => (s.x0 + s.x1) / 2);
  const gaps = centres.slice(1).map((c, i) => c - (centres[i] ?? 0));
  const pitch = [...gaps].sort((a, b) => a - b)[Math.floor(gaps.length / 2)] ?? 0;
  const drop = new Set<number>();
  gaps.forEach((gap, i) => {
    if (gap >= pitch * 0.45 || drop.has(i)) return;
    // The one off the grid goes: the cell is one pitch after the previous character (or before the next).
    const before = centres[i - 1];
    const after = centres[i + 2];
    const cell =
      before !== undefined ? before + pitch : after !== undefined ? after - pitch : (centres[i] ?? 0);
    const offFirst = Math.abs((centres[i] ?? 0) - cell);
    const offSecond = Math.abs((centres[i + 1] ?? 0) - cell);
    drop.add(offFirst > offSecond ? i : i + 1);
  });
  if (drop.size === 0) return { line, corrections: [] };
  const kept = symbols.filter((_, i) => !drop.has(i));
  return {
    line: { ...line, text: kept.map((s) => s.text).join(''), symbols: kept },
    corrections: [...drop].map((i) => ({
      kind: 'dropped_character' as const,
      line: lineNumber,
      column: i + 1,
      character: symbols[i]?.text ?? '',
    })),
  };
}

function deletionsToTry(text: string, symbols?: OcrSymbol[]): number[] {
  const all = [...text].map((_, i) => i);
  if (!symbols || symbols.map((s) => s.text).join('') !== text || symbols.length < 2) return all;
  const centres = symbols.map((s) => (s.x0 + s.x1) / 2);
  const gap = (i: number) => (centres[i + 1] ?? Infinity) - (centres[i] ?? 0);
  let tightest = 0;
  for (let i = 1; i < centres.length - 1; i++) if (gap(i) < gap(tightest)) tightest = i;
  return [tightest, tightest + 1];
}

const LETTER_SPANS = (format: MrzFormat): Span[] => {
  const at = PLAIN_FIELDS[format];
  return [at.documentCode, at.issuingState, at.nationality, at.sex, at.names];
};

/** Digits in letters-only positions take their confusion pair's letter (D82). */
function lettersInLetterFields(format: MrzFormat, lines: string[]): LineVariant[] {
  const out = lines.map((line) => [...line]);
  const corrections: OcrCorrection[] = [];
  // The fillers closing a name field, blurred, come back as L, K or C: after a double filler, a tail of
  // only those and fillers is fillers (a given name of only L, K and C is the price).
  const names = PLAIN_FIELDS[format].names;
  const field = (lines[names.line] ?? '').slice(names.start, names.end);
  const tail = /<<[<LKC]*$/.exec(field);
  if (tail)
    for (let column = names.start + tail.index; column < names.start + field.length; column++) {
      const from = out[names.line]?.[column] ?? '<';
      if (from === '<') continue;
      (out[names.line] as string[])[column] = '<';
      corrections.push({ kind: 'filler_look_alike', line: names.line + 1, column: column + 1, from });
    }
  for (const { line, start, end } of LETTER_SPANS(format))
    for (let column = start; column < end; column++) {
      const from = out[line]?.[column] ?? '';
      const to = DIGIT_TO_LETTER[from];
      if (!to) continue;
      (out[line] as string[])[column] = to;
      corrections.push({ kind: 'letter_position', line: line + 1, column: column + 1, from, to });
    }
  return out.map((chars, i) => ({ text: chars.join(''), corrections: i === 0 ? corrections : [] }));
}

const passing = (reading: MrzReading) =>
  'checkDigits' in reading ? reading.checkDigits.filter((c) => c.valid).length : 0;

function product<T>(lists: T[][]): T[][] {
  return lists.reduce<T[][]>(
    (acc, list) => acc.flatMap((prefix) => list.map((item) => [...prefix, item])),
    [[]],
  );
}

/** The best reading of a format from consecutive OCR lines, or undefined when none fits its shape. */
function readAs(format: MrzFormat, window: OcrLine[], now: number): ZoneReading | undefined {
  const { length } = SHAPES[format];
  const perLine = window.map((original, i) => {
    const { line: l, corrections } = dropCrowded(original, i + 1);
    return lengthVariants(l.text, length, i + 1, l.symbols)
      .slice(0, MAX_LINE_VARIANTS)
      .map((v) => ({ text: v.text, corrections: [...corrections, ...v.corrections] }));
  });
  if (perLine.some((variants) => variants.length === 0)) return undefined;
  const confidence = window.reduce((sum, l) => sum + l.confidence, 0) / window.length;
  let best: { zone: ZoneReading; changes: number } | undefined;
  // The valid readings with the fewest length changes: more than one distinct text is ambiguous.
  const validTexts = new Set<string>();
  let validChanges = Infinity;
  for (const combination of product(perLine).slice(0, MAX_COMBINATIONS)) {
    const lettered = lettersInLetterFields(
      format,
      combination.map((v) => v.text),
    );
    const reading = readMrz(
      lettered.map((v) => v.text),
      { now },
    );
    // Every change counts, the text module's repairs too: a deletion that also needs letters forced or
    // a repair under a check digit is the less likely reading.
    const changes =
      [...combination, ...lettered].reduce((n, v) => n + v.corrections.length, 0) +
      ('repairs' in reading ? reading.repairs.length : 0);
    const zone: ZoneReading = {
      lines: reading.lines,
      confidence,
      reading,
      corrections: [...combination.flatMap((v) => v.corrections), ...lettered.flatMap((v) => v.corrections)],
      checkDigitsPassing: passing(reading),
      ambiguous: false,
    };
    if (reading.valid && changes <= validChanges) {
      if (changes < validChanges) validTexts.clear();
      validChanges = changes;
      validTexts.add(reading.lines.join('\n'));
    }
    if (!best || better(zone, changes, best)) best = { zone, changes };
  }
  if (!best) return undefined;
  if (validTexts.size > 1 && best.zone.reading.valid) {
    const { reading } = best.zone;
    return {
      ...best.zone,
      ambiguous: true,
      reading: {
        ...reading,
        valid: false,
        reason: 'ambiguous_repair',
        detail: `${validTexts.size} different corrections of the OCR line lengths pass every check digit`,
      },
    };
  }
  return best.zone;
}

function better(zone: ZoneReading, changes: number, best: { zone: ZoneReading; changes: number }): boolean {
  if (zone.reading.valid !== best.zone.reading.valid) return zone.reading.valid;
  if (zone.checkDigitsPassing !== best.zone.checkDigitsPassing)
    return zone.checkDigitsPassing > best.zone.checkDigitsPassing;
  return changes < best.changes;
}

/**
 * The MRZ among OCR lines: spaces dropped, lines of MRZ characters only and at least 26 long kept, then
 * each run of two or three consecutive such lines read as the formats of that line count.
 */
export function readZoneLines(ocrLines: OcrLine[], now: number): ZoneReading | undefined {
  const lines = ocrLines
    .map((l) => ({ ...l, text: l.text.replace(/\s+/g, '') }))
    .filter((l) => MRZ_LIKE.test(l.text) && l.text.length >= 26);
  let best: ZoneReading | undefined;
  for (const format of ['TD3', 'TD2', 'TD1'] as const) {
    const count = SHAPES[format].lines;
    for (let i = 0; i + count <= lines.length; i++) {
      const zone = readAs(format, lines.slice(i, i + count), now);
      if (zone && (!best || rank(zone) > rank(best))) best = zone;
    }
  }
  return best;
}

/** Ranks readings of different regions and formats: valid and unambiguous, then check digits, then confidence. */
export function rank(zone: ZoneReading): number {
  return (
    (zone.reading.valid && !zone.ambiguous ? 1_000 : 0) + zone.checkDigitsPassing * 10 + zone.confidence / 100
  );
}

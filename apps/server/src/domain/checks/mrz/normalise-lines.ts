/**
 * MRZ text as OCR or a person gives it, into the lines of one ICAO 9303 format. Tolerated: surrounding
 * whitespace and blank lines, lower case, stray spaces inside a line, and the filler's look-alikes
 * (« ‹ ＜ 〈 ⟨ ≺), which OCR and keyboards produce for '<'. A '«' may stand for one filler or for two
 * ("<<" read as one glyph), a space for nothing or for a filler: each line takes the reading whose length
 * fits the format, so the check digits, not this guess, then decide. Nothing else is changed here: the
 * O/0-style confusions are repair.ts's, under the check digits.
 */
import { SHAPES, type MrzFormat } from './layout.ts';

export type NormalisedLines =
  | { ok: true; format: MrzFormat; lines: string[] }
  | { ok: false; reason: 'wrong_length' | 'wrong_format'; detail: string; lines: string[] };

const LOOK_ALIKES = /[‹＜〈⟨〈≺]/g;
const DOUBLE_FILLER = /«/g;
const MRZ_CHARACTERS = /^[A-Z0-9<]*$/;

/** The readings of one line, most literal first: '«' as one or two fillers, spaces dropped or fillers. */
function readingsOf(line: string): string[] {
  const base = line.trim().toUpperCase().replace(LOOK_ALIKES, '<');
  const readings = new Set<string>();
  for (const guillemet of ['<', '<<'])
    for (const space of ['', '<']) readings.add(base.replace(DOUBLE_FILLER, guillemet).replace(/\s/g, space));
  return [...readings];
}

/** OCR sometimes returns the zone as one line: 88, 72 or 90 characters are split back. */
function splitJoined(lines: string[][]): string[][] {
  if (lines.length !== 1) return lines;
  for (const { lines: count, length } of Object.values(SHAPES)) {
    const joined = lines[0]?.find((reading) => reading.length === count * length);
    if (joined) return Array.from({ length: count }, (_, i) => [joined.slice(i * length, (i + 1) * length)]);
  }
  return lines;
}

export function normaliseLines(text: string | readonly string[]): NormalisedLines {
  const raw = (typeof text === 'string' ? text.split(/\r\n|\r|\n/) : [...text]).filter(
    (l) => l.trim() !== '',
  );
  const readings = splitJoined(raw.map(readingsOf));
  const literal = readings.map((r) => r[0] ?? '');

  const bad = literal.findIndex((line) => !MRZ_CHARACTERS.test(line));
  if (bad >= 0) {
    const char = [...(literal[bad] ?? '')].find((c) => !/[A-Z0-9<]/.test(c));
    return {
      ok: false,
      reason: 'wrong_format',
      detail: `line ${bad + 1} holds '${char}': an MRZ has only A-Z, 0-9 and <`,
      lines: literal,
    };
  }

  const fitting = (Object.keys(SHAPES) as MrzFormat[]).flatMap((format) => {
    const { lines: count, length } = SHAPES[format];
    if (readings.length !== count) return [];
    const lines = readings.map((options) => options.find((reading) => reading.length === length));
    return lines.every((line) => line !== undefined) ? [{ format, lines: lines as string[] }] : [];
  });
  const [only] = fitting;
  if (fitting.length === 1 && only) return { ok: true, ...only };

  return {
    ok: false,
    reason: 'wrong_length',
    detail:
      `${readings.length} line(s) of ${literal.map((l) => l.length).join(', ')} characters: ` +
      'TD3 has 2 × 44, TD2 2 × 36, TD1 3 × 30',
    lines: literal,
  };
}

import { describe, expect, it } from 'vitest';
import { readZoneLines, type OcrLine, type OcrSymbol } from './zone-lines.ts';

const NOW = Date.UTC(2026, 4, 10);
const TD3 = ['P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<', 'L898902C36UTO7408122F1204159ZE184226B<<<<<10'];
const TD1 = [
  'I<UTOD23145890<7349<<<<<<<<<<<',
  '3407127M9507122UTO<<<<<<<<<<<2',
  'STEVENSON<<PETER<JOHN<<<<<<<<<',
];

const line = (text: string, symbols?: OcrSymbol[]): OcrLine => ({ text, confidence: 80, symbols });

/** Monospaced boxes 20 px apart, the character at `extra` squeezed against the one before it. */
function boxes(text: string, extra: number): OcrSymbol[] {
  let x = 0;
  return [...text].map((c, i) => {
    x += i === extra ? 6 : 20;
    return { text: c, confidence: 90, x0: x, x1: x + 14 };
  });
}

describe('the MRZ among the lines OCR returned', () => {
  it('finds the zone below printed fields and reads it unchanged', () => {
    const zone = readZoneLines([line('PASSPORT UTO'), line('ERIKSSON'), ...TD3.map((t) => line(t))], NOW);
    expect(zone?.reading.valid).toBe(true);
    expect(zone?.lines).toEqual(TD3);
    expect(zone?.corrections).toEqual([]);
  });

  it('stretches a name line whose trailing fillers OCR undercounted', () => {
    const short = 'P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<';
    const zone = readZoneLines([line(short), line(TD3[1] ?? '')], NOW);
    expect(zone?.lines).toEqual(TD3);
    expect(zone?.corrections).toEqual([{ kind: 'filler_run', line: 1, column: 26, added: 9 }]);
  });

  it('drops the character OCR read twice, the one squeezed against its neighbour', () => {
    const doubled = 'I<UTOOD23145890<7349<<<<<<<<<<<';
    const zone = readZoneLines(
      [line(doubled, boxes(doubled, 5)), line(TD1[1] ?? ''), line(TD1[2] ?? '')],
      NOW,
    );
    expect(zone?.reading.valid).toBe(true);
    expect(zone?.lines).toEqual(TD1);
    expect(zone?.corrections).toContainEqual({
      kind: 'dropped_character',
      line: 1,
      column: 6,
      character: 'O',
    });
  });

  it('turns a digit in a letters-only field into its look-alike letter (UT0 → UTO)', () => {
    const zone = readZoneLines([line(TD3[0] ?? ''), line((TD3[1] ?? '').replace('UTO', 'UT0'))], NOW);
    expect(zone?.reading).toMatchObject({ valid: true, nationality: 'UTO' });
    expect(zone?.corrections).toEqual([{ kind: 'letter_position', line: 2, column: 13, from: '0', to: 'O' }]);
  });

  it('refuses a line too long when several deletions would each pass every check digit', () => {
    // Without boxes every deletion is tried; several before the document number keep it aligned.
    const doubled = 'I<UTOOD23145890<7349<<<<<<<<<<<';
    const zone = readZoneLines([line(doubled), line(TD1[1] ?? ''), line(TD1[2] ?? '')], NOW);
    expect(zone?.ambiguous).toBe(true);
    expect(zone?.reading).toMatchObject({ valid: false, reason: 'ambiguous_repair' });
  });

  it('finds nothing in text that has no line of MRZ characters and MRZ length', () => {
    expect(
      readZoneLines([line('PASSPORT'), line('12 AUG 1974'), line('ERIKSSON<<ANNA')], NOW),
    ).toBeUndefined();
  });
});

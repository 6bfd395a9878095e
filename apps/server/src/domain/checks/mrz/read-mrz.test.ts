import { describe, expect, it } from 'vitest';
import { readMrz, type MrzReading } from './read-mrz.ts';

const NOW = Date.UTC(2026, 4, 10); // 2026-05-10

/** ICAO 9303 Part 3 §4.9: weights 7, 3, 1; A-Z = 10-35, '<' = 0. Independent of the mrz package. */
function checkDigit(text: string): string {
  const value = (c: string) => (c === '<' ? 0 : /\d/.test(c) ? Number(c) : c.charCodeAt(0) - 55);
  return String([...text].reduce((sum, c, i) => sum + value(c) * ([7, 3, 1][i % 3] ?? 0), 0) % 10);
}

// ICAO 9303 Part 4 (TD3), Part 5 (TD1), Part 6 (TD2): the Utopia specimens.
const TD3 = ['P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<', 'L898902C36UTO7408122F1204159ZE184226B<<<<<10'];
// ICAO 9303 Part 11, Appendix D.2 (BAC worked example).
const TD3_PART11 = [
  'P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<',
  'L898902C<3UTO6908061F9406236ZE184226B<<<<<14',
];
const TD1 = [
  'I<UTOD231458907<<<<<<<<<<<<<<<',
  '7408122F1204159UTO<<<<<<<<<<<6',
  'ERIKSSON<<ANNA<MARIA<<<<<<<<<<',
];
// Part 11, Appendix D.2: a document number of 12 characters overflowing into the optional data.
const TD1_LONG = [
  'I<UTOD23145890<7349<<<<<<<<<<<',
  '3407127M9507122UTO<<<<<<<<<<<2',
  'STEVENSON<<PETER<JOHN<<<<<<<<<',
];
const TD2 = ['I<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<', 'D231458907UTO7408122F1204159<<<<<<<6'];
const TD2_LONG = ['I<UTOSTEVENSON<<PETER<JOHN<<<<<<<<<<', 'D23145890<UTO3407127M95071227349<<<8'];

function valid(reading: MrzReading) {
  if (!reading.valid) throw new Error(`expected a valid reading, got ${reading.reason}: ${reading.detail}`);
  return reading;
}

describe('the ICAO 9303 check digit (test helper, against the published values)', () => {
  it('gives the specimen values', () => {
    expect(checkDigit('L898902C3')).toBe('6');
    expect(checkDigit('740812')).toBe('2');
    expect(checkDigit('120415')).toBe('9');
    expect(checkDigit('ZE184226B<<<<<')).toBe('1');
    expect(checkDigit('L898902C<')).toBe('3');
    expect(checkDigit('690806')).toBe('1');
    expect(checkDigit('940623')).toBe('6');
    expect(checkDigit('D23145890734')).toBe('9');
  });
});

describe('readMrz: the specimens', () => {
  it('reads the TD3 passport with every field and every check digit', () => {
    const r = valid(readMrz(TD3, { now: NOW }));
    expect(r).toMatchObject({
      format: 'TD3',
      documentType: 'P',
      issuingState: 'UTO',
      names: { primary: 'ERIKSSON', secondary: 'ANNA MARIA', possiblyTruncated: false },
      documentNumber: 'L898902C3',
      nationality: 'UTO',
      dateOfBirth: { raw: '740812', iso: '1974-08-12' },
      sex: 'F',
      expiryDate: { raw: '120415', iso: '2012-04-15' },
      optionalData: ['ZE184226B'],
      repairs: [],
    });
    expect(r.checkDigits).toEqual([
      { field: 'documentNumber', valid: true },
      { field: 'dateOfBirth', valid: true },
      { field: 'expiryDate', valid: true },
      { field: 'optionalData', valid: true },
      { field: 'composite', valid: true },
    ]);
  });

  it('reads the Part 11 TD3 example (an 8-character number with its filler)', () => {
    const r = valid(readMrz(TD3_PART11, { now: NOW }));
    expect(r.documentNumber).toBe('L898902C');
    expect(r.dateOfBirth.iso).toBe('1969-08-06');
    expect(r.expiryDate.iso).toBe('1994-06-23');
  });

  it('reads the TD1 identity card', () => {
    const r = valid(readMrz(TD1, { now: NOW }));
    expect(r).toMatchObject({
      format: 'TD1',
      documentType: 'I',
      documentNumber: 'D23145890',
      names: { primary: 'ERIKSSON', secondary: 'ANNA MARIA' },
      dateOfBirth: { iso: '1974-08-12' },
      optionalData: ['', ''],
    });
    expect(r.checkDigits.map((c) => c.field)).toEqual([
      'documentNumber',
      'dateOfBirth',
      'expiryDate',
      'composite',
    ]);
  });

  it('reads the Part 11 TD1 and TD2 with a 12-character document number', () => {
    for (const lines of [TD1_LONG, TD2_LONG]) {
      const r = valid(readMrz(lines, { now: NOW }));
      expect(r.documentNumber).toBe('D23145890734');
      expect(r.names).toEqual({ primary: 'STEVENSON', secondary: 'PETER JOHN', possiblyTruncated: false });
      expect(r.sex).toBe('M');
      expect(r.dateOfBirth.iso).toBe('1934-07-12');
    }
  });

  it('reads the TD2 card', () => {
    const r = valid(readMrz(TD2, { now: NOW }));
    expect(r).toMatchObject({
      format: 'TD2',
      documentNumber: 'D23145890',
      expiryDate: { iso: '2012-04-15' },
    });
  });
});

describe('readMrz: each check digit', () => {
  const cases: [string, number, number, string][] = [
    ['documentNumber', 1, 9, '6'],
    ['dateOfBirth', 1, 19, '2'],
    ['expiryDate', 1, 27, '9'],
    ['optionalData', 1, 42, '1'],
    ['composite', 1, 43, '0'],
  ];
  it.each(cases)(
    'a wrong %s check digit makes the reading invalid, naming it',
    (field, line, column, right) => {
      expect(TD3[line]?.[column]).toBe(right);
      const wrong = String((Number(right) + 3) % 10);
      const lines = [...TD3];
      lines[line] = (lines[line] ?? '').slice(0, column) + wrong + (lines[line] ?? '').slice(column + 1);
      const r = readMrz(lines, { now: NOW });
      expect(r).toMatchObject({ valid: false, reason: 'check_digit' });
      if (r.format === null) throw new Error('unreachable');
      expect(r.checkDigits.filter((c) => !c.valid).map((c) => c.field)).toContain(field);
      expect(r.repairs).toEqual([]);
    },
  );

  it('checks the TD1 composite over the optional data of both lines', () => {
    const lines = [TD1[0]?.replace('7<<<<', '7C<<<') ?? '', TD1[1] ?? '', TD1[2] ?? ''];
    const r = readMrz(lines, { now: NOW });
    expect(r).toMatchObject({ valid: false, reason: 'check_digit', detail: 'check digit fails: composite' });
  });
});

describe('readMrz: the text as it comes', () => {
  it('tolerates whitespace, lower case, stray spaces and the guillemet for fillers', () => {
    const text = `\n  p<utoeriksson«anna‹maria<<<<<<<<<<<<<<<<<<<  \n L898902C3 6UTO7408122F1204159ZE184226B<<<<<10\n\n`;
    const r = valid(readMrz(text, { now: NOW }));
    expect(r.lines).toEqual(TD3);
    expect(r.repairs).toEqual([]);
  });

  it('splits a zone read as one line', () => {
    expect(valid(readMrz(TD1.join(''), { now: NOW })).format).toBe('TD1');
  });

  it('refuses a line of the wrong length, saying the lengths', () => {
    const r = readMrz([TD3[0] ?? '', (TD3[1] ?? '').slice(0, 40)], { now: NOW });
    expect(r).toMatchObject({ valid: false, reason: 'wrong_length', format: null });
    expect(r.valid ? '' : r.detail).toContain('44, 40');
  });

  it('refuses characters an MRZ does not have', () => {
    const r = readMrz([TD3[0]?.replace('ERIKSSON', 'ERIKSSÖN') ?? '', TD3[1] ?? ''], { now: NOW });
    expect(r).toMatchObject({ valid: false, reason: 'wrong_format' });
  });

  it('refuses a field without its form: a month 13 even with a matching check digit', () => {
    const dob = '741312';
    const line = `L898902C36UTO${dob}${checkDigit(dob)}F1204159ZE184226B<<<<<1`;
    const composite = checkDigit(line.slice(0, 10) + line.slice(13, 20) + line.slice(21, 43));
    const r = readMrz([TD3[0] ?? '', line + composite], { now: NOW });
    expect(r).toMatchObject({ valid: false, reason: 'invalid_field' });
  });

  it('accepts X for an unspecified sex (ICAO 9303 8th edition)', () => {
    const line = (TD3[1] ?? '').replace('2F12', '2X12');
    expect(valid(readMrz([TD3[0] ?? '', line], { now: NOW })).sex).toBe('X');
  });
});

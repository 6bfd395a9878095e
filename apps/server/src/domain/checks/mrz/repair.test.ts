import { describe, expect, it } from 'vitest';
import { readMrz } from './read-mrz.ts';
import { repairLines } from './repair.ts';

const NOW = Date.UTC(2026, 4, 10);
const NAMES = 'P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<';
const TD3_LINE2 = 'L898902C36UTO7408122F1204159ZE184226B<<<<<10';
const TD1 = [
  'I<UTOD231458907<<<<<<<<<<<<<<<',
  '7408122F1204159UTO<<<<<<<<<<<6',
  'ERIKSSON<<ANNA<MARIA<<<<<<<<<<',
];
// A synthetic passport (check digits by ICAO 9303 Part 3) whose number has a 1 that I/1 can hide.
const SYNTHETIC_LINE2 = 'C4X1Y7WT39UTO9002155M3101012<<<<<<<<<<<<<<02';

describe('repairs of OCR confusions', () => {
  it('repairs an O read for a 0 in the date of birth, and reports it', () => {
    const r = readMrz([NAMES, TD3_LINE2.replace('7408122', '74O8122')], { now: NOW });
    expect(r.valid).toBe(true);
    if (r.format === null) throw new Error('unreachable');
    expect(r.dateOfBirth.iso).toBe('1974-08-12');
    expect(r.repairs).toEqual([{ line: 2, column: 16, from: 'O', to: '0', field: 'dateOfBirth' }]);
    expect(r.lines[1]).toBe(TD3_LINE2);
  });

  it('repairs an I read for a 1 in the document number, where only that repair passes', () => {
    const r = readMrz([NAMES, SYNTHETIC_LINE2.replace('C4X1', 'C4XI')], { now: NOW });
    expect(r.valid).toBe(true);
    if (r.format === null) throw new Error('unreachable');
    expect(r.documentNumber).toBe('C4X1Y7WT3');
    expect(r.repairs).toEqual([{ line: 2, column: 4, from: 'I', to: '1', field: 'documentNumber' }]);
  });

  it('repairs a letter in a check digit (S for 5) by the type alone, then checks it', () => {
    const r = readMrz([NAMES, SYNTHETIC_LINE2.replace('9002155', '900215S')], { now: NOW });
    expect(r.valid).toBe(true);
    if (r.format === null) throw new Error('unreachable');
    expect(r.repairs).toEqual([{ line: 2, column: 20, from: 'S', to: '5', field: 'dateOfBirth' }]);
  });

  it('refuses an ambiguous repair: in the TD1 specimen "D23I45890" both I→1 and 8→B pass every check digit', () => {
    const r = readMrz([TD1[0]?.replace('D2314', 'D23I4') ?? '', TD1[1] ?? '', TD1[2] ?? ''], { now: NOW });
    expect(r).toMatchObject({ valid: false, reason: 'ambiguous_repair' });
    if (r.valid || r.format === null || r.reason !== 'ambiguous_repair') throw new Error('unreachable');
    expect(r.candidates).toEqual([
      [{ line: 1, column: 9, from: 'I', to: '1', field: 'documentNumber' }],
      [{ line: 1, column: 12, from: '8', to: 'B', field: 'documentNumber' }],
    ]);
    // Nothing is applied: the lines and the number stay as read.
    expect(r.repairs).toEqual([]);
    expect(r.documentNumber).toBe('D23I45890');
  });

  it('leaves a valid line alone, look-alike characters and all', () => {
    // L898902C3 and ZE184226B hold 8, 0, 2, Z, B: all could be "repaired", none may be.
    const outcome = repairLines('TD3', [NAMES, TD3_LINE2]);
    expect(outcome.kind).toBe('sound');
    expect(outcome.lines).toEqual([NAMES, TD3_LINE2]);
  });

  it('does not repair a check digit failure no confusion explains', () => {
    const r = readMrz([NAMES, TD3_LINE2.replace('7408122', '7408123')], { now: NOW });
    expect(r).toMatchObject({ valid: false, reason: 'check_digit', repairs: [] });
  });

  it('never repairs names: they have no check digit', () => {
    const r = readMrz([NAMES.replace('ANNA', 'ANN4'), TD3_LINE2], { now: NOW });
    expect(r).toMatchObject({ valid: false, reason: 'invalid_field', repairs: [] });
    expect(r.valid ? '' : r.detail).toContain('firstName');
  });
});

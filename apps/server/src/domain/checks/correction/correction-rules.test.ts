import { describe, expect, it } from 'vitest';
import type { CaseCheck } from '@kyc/contracts';
import { askOf, checkFieldAnswers, typedAfter, zoneShape, type StoredAnswer } from './correction-rules.ts';

const NOW = Date.UTC(2026, 10, 29);
const LINES = [
  'P<D<<MUELLER<<ANNA<<<<<<<<<<<<<<<<<<<<<<<<<<',
  'C01X00T478D<<9001011F3001019<<<<<<<<<<<<<<<2',
];

const mrzRead: CaseCheck = {
  name: 'mrz',
  outcome: 'pass',
  score: 90,
  threshold: null,
  detail: { code: 'mrz_read', format: 'TD3', side: 'front', repairs: 0, lines: LINES },
  relatedUserId: null,
};
const mismatch = (fields: { field: string; typed: string; document: string }[]): CaseCheck => ({
  name: 'data_match',
  outcome: 'fail',
  score: null,
  threshold: null,
  detail: {
    code: 'data_compared',
    fields: [
      { field: 'lastName', outcome: 'agrees', typed: 'Müller', document: 'MUELLER' },
      ...fields.map((f) => ({ ...f, field: f.field as 'dateOfBirth', outcome: 'disagrees' as const })),
    ],
  },
  relatedUserId: null,
});
const inputs = (checks: CaseCheck[], answers: StoredAnswer[] = [], documentType = 'PASSPORT' as const) => ({
  submissionId: 7,
  documentType,
  checks,
  answers,
});
const DOB = { field: 'dateOfBirth', typed: '1990-01-02', document: '1990-01-01' };

describe('what the correction step asks', () => {
  it('when a typed field disagrees with a zone read from the photo, then it is asked with both values', () => {
    expect(askOf(inputs([mrzRead, mismatch([DOB])]))).toEqual({
      submissionId: 7,
      revision: 0,
      kind: 'fields',
      fields: [{ ...DOB, correctable: true }],
      mrz: null,
    });
  });

  it('when the document type disagrees, then it may only be kept (not corrected here)', () => {
    const type = { field: 'documentType', typed: 'ID_CARD', document: 'P' };
    expect(askOf(inputs([mrzRead, mismatch([type])]))?.fields).toEqual([{ ...type, correctable: false }]);
  });

  it('when a field was kept with a reason, then it is not asked again; after three answers nothing is', () => {
    const kept: StoredAnswer = { kind: 'fields', fields: [{ field: 'dateOfBirth', action: 'keep' }] };
    expect(askOf(inputs([mrzRead, mismatch([DOB])], [kept]))).toBeNull();
    const corrected: StoredAnswer = { kind: 'fields', fields: [{ field: 'dateOfBirth', action: 'correct' }] };
    expect(askOf(inputs([mrzRead, mismatch([DOB])], [corrected]))?.revision).toBe(1);
    expect(askOf(inputs([mrzRead, mismatch([DOB])], [corrected, corrected, corrected]))).toBeNull();
  });

  it('when the zone was not stored (a run from before), then no field is asked: it could not be compared again', () => {
    const noLines: CaseCheck = {
      ...mrzRead,
      detail: { code: 'mrz_read', format: 'TD3', side: 'front', repairs: 0 },
    };
    expect(askOf(inputs([noLines, mismatch([DOB])]))).toBeNull();
  });

  it('when no zone was read, then its lines are asked in the shape of the document, once, and never for a driving licence', () => {
    const warn: CaseCheck = {
      ...mrzRead,
      outcome: 'warn',
      detail: { code: 'mrz_not_readable', reason: 'no_zone' },
    };
    expect(askOf(inputs([warn]))).toMatchObject({
      kind: 'mrz',
      mrz: { reason: 'no_zone', lines: 2, length: 44 },
    });
    expect(askOf(inputs([warn], [], 'ID_CARD' as 'PASSPORT'))?.mrz).toMatchObject({ lines: 3, length: 30 });
    expect(askOf(inputs([warn], [], 'DRIVERS' as 'PASSPORT'))).toBeNull();
    expect(askOf(inputs([warn], [{ kind: 'mrz_declined', fields: [] }]))).toBeNull();
    expect(zoneShape('RESIDENCE_PERMIT')).toEqual({ lines: 3, length: 30 });
  });

  it('when every check passes, then nothing is asked', () => {
    expect(askOf(inputs([mrzRead, { ...mismatch([]), outcome: 'pass' }]))).toBeNull();
  });
});

describe('which answers are accepted', () => {
  const ask = askOf(
    inputs([mrzRead, mismatch([DOB, { field: 'firstName', typed: 'Ana', document: 'ANNA' }])]),
  );
  if (!ask) throw new Error('no question');

  it('when every field asked is answered once in form, then the answers come back checked and applied to what was typed', () => {
    const checked = checkFieldAnswers(
      ask,
      [
        { field: 'dateOfBirth', action: 'correct', value: ' 1990-01-01 ' },
        { field: 'firstName', action: 'keep', reason: 'Ana is how my name is spelt.' },
      ],
      NOW,
    );
    expect(checked.map((a) => [a.field, a.action, a.value, a.reason])).toEqual([
      ['dateOfBirth', 'correct', '1990-01-01', null],
      ['firstName', 'keep', null, 'Ana is how my name is spelt.'],
    ]);
    expect(typedAfter({ firstName: 'Ana', dateOfBirth: '1990-01-02' }, checked)).toEqual({
      firstName: 'Ana',
      dateOfBirth: '1990-01-01',
    });
  });

  const keepName = { field: 'firstName', action: 'keep', reason: 'it is right' };
  const dob = (value: string) => ({ field: 'dateOfBirth', action: 'correct', value });
  it.each([
    ['a field missing', [dob('1990-01-01')], /firstName is not answered/],
    ['a field answered twice', [dob('1990-01-01'), dob('1990-01-01'), keepName], /twice/],
    [
      'a field not asked',
      [dob('1990-01-01'), keepName, { field: 'lastName', action: 'keep', reason: 'my name' }],
      /not asked/,
    ],
    ['a date that does not exist', [dob('1990-02-30'), keepName], /exists/],
    ['a minor', [dob('2020-01-01'), keepName], /at least 18/],
    ['the same value again', [dob('1990-01-02'), keepName], /same as typed/],
    [
      'an empty name',
      [dob('1990-01-01'), { field: 'firstName', action: 'correct', value: '  ' }],
      /1 to 100/,
    ],
    [
      'a reason too short',
      [dob('1990-01-01'), { field: 'firstName', action: 'keep', reason: 'no' }],
      /reason of 3/,
    ],
  ])('when %s, then 63006', (_name, answers, message) => {
    expect(() => checkFieldAnswers(ask, answers as never, NOW)).toThrow(message);
    expect(() => checkFieldAnswers(ask, answers as never, NOW)).toThrow(
      expect.objectContaining({ retCode: 63006 }),
    );
  });
});

describe('the nationality and document number (D125)', () => {
  const NATIONALITY = { field: 'nationality', typed: 'AT', document: 'DE' };
  const NUMBER = { field: 'documentNumber', typed: 'C01X00T48', document: 'C01X00T47' };
  const ask = askOf(inputs([mrzRead, mismatch([NATIONALITY, NUMBER])]));
  if (!ask) throw new Error('no question');

  it('when they disagree, then both are asked and may be corrected', () => {
    expect(ask.fields).toEqual([
      { ...NATIONALITY, correctable: true },
      { ...NUMBER, correctable: true },
    ]);
  });

  it('when corrected, then the values are normalised as submit does and applied to what was typed', () => {
    const checked = checkFieldAnswers(
      ask,
      [
        { field: 'nationality', action: 'correct', value: ' de ' },
        { field: 'documentNumber', action: 'correct', value: ' c01x00t47 ' },
      ],
      NOW,
    );
    expect(checked.map((a) => [a.field, a.action, a.value])).toEqual([
      ['nationality', 'correct', 'DE'],
      ['documentNumber', 'correct', 'C01X00T47'],
    ]);
    expect(typedAfter({ nationality: 'AT', documentNumber: 'C01X00T48', firstName: 'Ana' }, checked)).toEqual(
      {
        nationality: 'DE',
        documentNumber: 'C01X00T47',
        firstName: 'Ana',
      },
    );
  });

  const number = (value: string) => ({ field: 'documentNumber', action: 'correct', value });
  const nationality = (value: string) => ({ field: 'nationality', action: 'correct', value });
  it.each([
    ['a nationality that is no ISO country', [nationality('XK'), number('C01X00T47')], /alpha-2/],
    ['a number with a space', [nationality('DE'), number('C01 X00T47')], /A-Z, 0-9 and -/],
    ['a number too long', [nationality('DE'), number('C'.repeat(21))], /A-Z, 0-9 and -/],
    ['the number typed before, in lower case', [nationality('DE'), number('c01x00t48')], /same as typed/],
  ])('when %s, then 63006', (_name, answers, message) => {
    expect(() => checkFieldAnswers(ask, answers as never, NOW)).toThrow(message);
    expect(() => checkFieldAnswers(ask, answers as never, NOW)).toThrow(
      expect.objectContaining({ retCode: 63006 }),
    );
  });
});

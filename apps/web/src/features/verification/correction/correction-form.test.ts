import { describe, expect, it } from 'vitest';
import type { DocumentCorrectionAsk } from '@kyc/contracts';
import { fieldErrors, fieldsRequest, initialChoices, zoneError, zoneLines } from './correction-form';

const ASK: DocumentCorrectionAsk = {
  submissionId: 4,
  revision: 1,
  kind: 'fields',
  fields: [
    { field: 'dateOfBirth', typed: '1990-01-02', document: '1990-01-01', correctable: true },
    { field: 'documentType', typed: 'ID_CARD', document: 'P', correctable: false },
  ],
  mrz: null,
};

describe('the correction form', () => {
  it('opens with the document value to correct where allowed, and keep elsewhere', () => {
    expect(initialChoices(ASK)).toEqual({
      dateOfBirth: { action: 'correct', value: '1990-01-01', reason: '' },
      documentType: { action: 'keep', value: '', reason: '' },
    });
  });

  it('requires a value to correct with and a reason to keep, then sends one answer per field at the revision read', () => {
    const choices = initialChoices(ASK);
    expect(fieldErrors(ASK, choices)).toEqual({ documentType: 'required' });
    const filled = { ...choices, documentType: { action: 'keep' as const, value: '', reason: ' Old card ' } };
    expect(fieldErrors(ASK, filled)).toEqual({});
    expect(fieldsRequest(ASK, filled)).toEqual({
      kind: 'fields',
      submissionId: 4,
      revision: 1,
      answers: [
        { field: 'dateOfBirth', action: 'correct', value: '1990-01-01' },
        { field: 'documentType', action: 'keep', reason: 'Old card' },
      ],
    });
  });

  it('when the nationality and document number are asked (D125), then a country and a number in form are required', () => {
    const ask: DocumentCorrectionAsk = {
      ...ASK,
      fields: [
        { field: 'nationality', typed: 'AT', document: 'DE', correctable: true },
        { field: 'documentNumber', typed: 'C01X00T48', document: 'C01X00T47', correctable: true },
      ],
    };
    const choices = initialChoices(ask);
    expect(choices).toEqual({
      nationality: { action: 'correct', value: 'DE', reason: '' },
      documentNumber: { action: 'correct', value: 'C01X00T47', reason: '' },
    });
    expect(fieldErrors(ask, choices)).toEqual({});
    const wrong = {
      nationality: { action: 'correct' as const, value: 'XX', reason: '' },
      documentNumber: { action: 'correct' as const, value: 'C01 X00T47', reason: '' },
    };
    expect(fieldErrors(ask, wrong)).toEqual({ nationality: 'required', documentNumber: 'format' });
    const typed = {
      ...choices,
      documentNumber: { action: 'correct' as const, value: ' c01x00t47 ', reason: '' },
    };
    expect(fieldErrors(ask, typed)).toEqual({});
    expect(fieldsRequest(ask, typed)).toMatchObject({
      kind: 'fields',
      answers: [
        { field: 'nationality', action: 'correct', value: 'DE' },
        { field: 'documentNumber', action: 'correct', value: 'c01x00t47' },
      ],
    });
  });

  it('checks typed zone lines for what the browser can: characters and line count (the run-together zone too)', () => {
    const line1 = 'P<D<<MUELLER<<ANNA<<<<<<<<<<<<<<<<<<<<<<<<<<';
    const line2 = 'C01X00T478D<<9001011F3001019<<<<<<<<<<<<<<<2';
    expect(zoneLines(` ${line1.toLowerCase()} \n\n${line2}\n`)).toEqual([line1, line2]);
    expect(zoneError('', 2, 44)).toBe('required');
    expect(zoneError(`${line1}\n${line2}`, 2, 44)).toBeUndefined();
    expect(zoneError(`${line1}${line2}`, 2, 44)).toBeUndefined();
    expect(zoneError(line1, 2, 44)).toBe('lineCount');
    expect(zoneError(`${line1}\n${line2.replace('<', '-')}`, 2, 44)).toBe('characters');
  });
});

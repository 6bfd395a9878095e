import { describe, expect, it } from 'vitest';
import { AppError } from '../../lib/app-error.ts';
import {
  checkSides,
  isDocumentId,
  requiredSides,
  sidesProblem,
  typedDocumentDetails,
} from './submission-rules.ts';
import { isAdultOn } from './submission-service.ts';

function codeOf(fn: () => void): string | undefined {
  try {
    fn();
    return undefined;
  } catch (error) {
    return error instanceof AppError ? error.code : 'other';
  }
}

describe('submission rules', () => {
  it('a passport needs its front and a selfie; two-sided documents also their back', () => {
    expect(requiredSides(1, 'PASSPORT')).toEqual(['front', 'selfie']);
    for (const type of ['ID_CARD', 'DRIVERS', 'RESIDENCE_PERMIT'] as const)
      expect(requiredSides(1, type)).toEqual(['front', 'back', 'selfie']);
  });

  it('level 2 needs a proof of address', () => {
    expect(requiredSides(2, 'PASSPORT')).toEqual(['poa']);
  });

  it('when the sides are exactly the required ones, then they pass in any order', () => {
    expect(codeOf(() => checkSides(1, 'PASSPORT', ['selfie', 'front']))).toBeUndefined();
    expect(codeOf(() => checkSides(1, 'ID_CARD', ['back', 'selfie', 'front']))).toBeUndefined();
    expect(codeOf(() => checkSides(2, 'ID_CARD', ['poa']))).toBeUndefined();
  });

  it('when a side is missing, repeated or foreign to the level, then 30012', () => {
    expect(codeOf(() => checkSides(1, 'ID_CARD', ['front', 'selfie']))).toBe('KYC_DOCUMENTS_INCOMPLETE');
    expect(codeOf(() => checkSides(1, 'PASSPORT', ['front']))).toBe('KYC_DOCUMENTS_INCOMPLETE');
    expect(codeOf(() => checkSides(1, 'PASSPORT', ['front', 'front', 'selfie']))).toBe(
      'KYC_DOCUMENTS_INCOMPLETE',
    );
    expect(codeOf(() => checkSides(1, 'PASSPORT', ['front', 'back', 'selfie']))).toBe(
      'KYC_DOCUMENTS_INCOMPLETE',
    );
    expect(codeOf(() => checkSides(1, 'PASSPORT', ['front', 'selfie', 'poa']))).toBe(
      'KYC_DOCUMENTS_INCOMPLETE',
    );
    expect(codeOf(() => checkSides(2, 'PASSPORT', []))).toBe('KYC_DOCUMENTS_INCOMPLETE');
  });

  it('document ids are 32 lower-case hex digits', () => {
    expect(isDocumentId('0123456789abcdef0123456789abcdef')).toBe(true);
    expect(isDocumentId('../etc/passwd')).toBe(false);
    expect(isDocumentId('0123456789ABCDEF0123456789ABCDEF')).toBe(false);
  });
});

describe('isAdultOn', () => {
  const at = Date.UTC(2026, 5, 15);
  it('is true from the 18th birthday on, false before and for dates before 1900', () => {
    expect(isAdultOn('2008-06-15', at)).toBe(true);
    expect(isAdultOn('2008-06-16', at)).toBe(false);
    expect(isAdultOn('1970-01-01', at)).toBe(true);
    expect(isAdultOn('1899-12-31', at)).toBe(false);
  });

  it('when sidesProblem is asked, then null for the exact sides, else the reason (what update-id answers as 1053)', () => {
    expect(sidesProblem(1, 'PASSPORT', ['front', 'selfie'])).toBeNull();
    expect(sidesProblem(1, 'ID_CARD', ['front', 'selfie'])).toBe('ID_CARD for LEVEL_1 needs back');
    expect(sidesProblem(1, 'PASSPORT', ['front', 'front'])).toBe('side front given twice');
    expect(sidesProblem(1, 'PASSPORT', ['front', 'selfie', 'poa'])).toBe(
      'side poa is not part of a LEVEL_1 submission',
    );
  });

  it('the nationality and document number (D125): normalised, refused with their own codes, absent when not given', () => {
    expect(typedDocumentDetails({ nationality: ' de ', documentNumber: ' c01x00t47 ' })).toEqual({
      nationality: 'DE',
      documentNumber: 'C01X00T47',
    });
    expect(typedDocumentDetails({ documentNumber: 'AB-1234567890123456-' })).toEqual({
      documentNumber: 'AB-1234567890123456-',
    });
    expect(typedDocumentDetails({})).toEqual({});
    for (const nationality of ['', 'XK', 'DEU', 'D', 'UTO'])
      expect(codeOf(() => typedDocumentDetails({ nationality }))).toBe('KYC_NATIONALITY_INVALID');
    for (const documentNumber of ['', '  ', 'C01 X00T47', 'C01X00T47/', 'Ц1234567', 'X'.repeat(21)])
      expect(codeOf(() => typedDocumentDetails({ documentNumber }))).toBe('KYC_DOCUMENT_NUMBER_INVALID');
  });
});

import { describe, expect, it } from 'vitest';
import {
  checkDocumentDetails,
  documentDetailsRequest,
  nationalityOptions,
  suggestedNationality,
} from './document-details';

describe('the document step’s nationality and number (D125)', () => {
  it('requires a nationality of the ISO list and a number of 1-20 of A-Z, 0-9 and -, as the server does', () => {
    expect(checkDocumentDetails({ nationality: '', documentNumber: '' })).toEqual({
      nationality: 'required',
      documentNumber: 'required',
    });
    expect(checkDocumentDetails({ nationality: 'XK', documentNumber: ' c01x00t47 ' })).toEqual({
      nationality: 'required',
    });
    for (const bad of ['C01 X00T47', 'C01X00T47/1', 'А1234567', 'X'.repeat(21)])
      expect(checkDocumentDetails({ nationality: 'DE', documentNumber: bad })).toEqual({
        documentNumber: 'format',
      });
    expect(checkDocumentDetails({ nationality: 'de', documentNumber: 'AB-12345678901234567' })).toEqual({});
  });

  it('sends the nationality and the number trimmed and upper-cased', () => {
    expect(documentDetailsRequest({ nationality: 'de', documentNumber: ' c01x00t47 ' })).toEqual({
      nationality: 'DE',
      documentNumber: 'C01X00T47',
    });
  });

  it('offers a passport’s issuing country as the nationality until one is chosen', () => {
    const empty = { nationality: '', documentNumber: '' };
    expect(suggestedNationality(empty, 'PASSPORT', 'FR')).toBe('FR');
    expect(suggestedNationality(empty, 'ID_CARD', 'AE')).toBe('');
    expect(suggestedNationality(empty, 'RESIDENCE_PERMIT', 'DE')).toBe('');
    expect(suggestedNationality({ ...empty, nationality: 'IN' }, 'PASSPORT', 'AE')).toBe('IN');
  });

  it('lists the 249 ISO countries by name in the page language', () => {
    const names = new Intl.DisplayNames(['de'], { type: 'region' });
    const options = nationalityOptions((code) => names.of(code) ?? code, 'de');
    expect(options).toHaveLength(249);
    expect(options.find((o) => o.value === 'DE')?.label).toBe('Deutschland');
    const labels = options.map((o) => o.label);
    expect(labels).toEqual([...labels].sort((a, b) => a.localeCompare(b, 'de')));
  });
});

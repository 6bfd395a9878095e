// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { clearDraft, draftKey, loadDraft, saveDraft } from './capture-draft';
import { checkResidenceAddress, emptyAddress, toResidence } from './residence-address';

afterEach(() => {
  window.sessionStorage.clear();
  window.localStorage.clear();
});

describe('capture draft across a reload (issue 10)', () => {
  it('when saved, then it is read back under the same user, level and flow only, from sessionStorage', () => {
    const key = draftKey(7, 1, false);
    saveDraft(key, { stepIndex: 3, country: 'DE', documentType: 'PASSPORT' });
    expect(loadDraft(key)).toEqual({ stepIndex: 3, country: 'DE', documentType: 'PASSPORT' });
    expect(loadDraft(draftKey(8, 1, false))).toBeNull();
    expect(loadDraft(draftKey(7, 2, false))).toBeNull();
    expect(loadDraft(draftKey(7, 1, true))).toBeNull();
    expect(window.localStorage.length).toBe(0);
  });

  it('when cleared (after the submission) or unreadable, then there is no draft', () => {
    const key = draftKey(7, 1, false);
    saveDraft(key, { stepIndex: 1, country: 'DE', documentType: null });
    clearDraft(key);
    expect(loadDraft(key)).toBeNull();
    window.sessionStorage.setItem(key, '{not json');
    expect(loadDraft(key)).toBeNull();
    window.sessionStorage.setItem(key, JSON.stringify({ stepIndex: 'x' }));
    expect(loadDraft(key)).toBeNull();
  });
});

describe('residence address', () => {
  it('when the country, first line or city is empty, then required; too long, then tooLong', () => {
    expect(checkResidenceAddress(emptyAddress())).toEqual({
      country: 'required',
      line1: 'required',
      city: 'required',
    });
    expect(checkResidenceAddress({ ...emptyAddress('DE'), line1: 'x'.repeat(121), city: 'Berlin' })).toEqual({
      line1: 'tooLong',
    });
  });

  it('when sent, then trimmed and empty optional lines left out', () => {
    expect(
      toResidence({ country: 'DE', line1: ' Hauptstr. 1 ', line2: ' ', city: 'Berlin ', postalCode: '' }),
    ).toEqual({ country: 'DE', line1: 'Hauptstr. 1', city: 'Berlin' });
  });
});

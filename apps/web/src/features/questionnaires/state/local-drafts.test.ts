import { describe, expect, it } from 'vitest';
import {
  clearLocalDraft,
  LOCAL_STORAGE_CAP,
  localDraftKey,
  readLocalDraft,
  storageChars,
  writeLocalDraft,
  type DraftStorage,
  type LocalDraft,
} from './local-drafts';

/** A Storage over a Map, like window.localStorage (insertion order for key(i)). */
function memoryStorage(initial: Record<string, string> = {}): DraftStorage & { map: Map<string, string> } {
  const map = new Map(Object.entries(initial));
  return {
    map,
    get length() {
      return map.size;
    },
    key: (i) => [...map.keys()][i] ?? null,
    getItem: (k) => map.get(k) ?? null,
    setItem: (k, v) => void map.set(k, v),
    removeItem: (k) => void map.delete(k),
  };
}

function draft(text: string, savedAt: number, templateCode = 'edd'): LocalDraft {
  return { templateCode, templateVersion: 1, answers: { note: text }, pageIndex: 2, savedAt };
}

describe('local questionnaire drafts (spec §9 cap 4718592 characters)', () => {
  it('caps at the spec value', () => {
    expect(LOCAL_STORAGE_CAP).toBe(4718592);
  });

  it('keys drafts per user and template', () => {
    expect(localDraftKey(42, 'edd')).not.toBe(localDraftKey(43, 'edd'));
    expect(localDraftKey(42, 'edd')).not.toBe(localDraftKey(42, 'rfi'));
  });

  it('writes, reads back and clears a draft', () => {
    const storage = memoryStorage();
    const key = localDraftKey(1, 'edd');
    expect(writeLocalDraft(key, draft('hello', 5), storage)).toBe(true);
    expect(readLocalDraft(key, storage)).toEqual(draft('hello', 5));
    clearLocalDraft(key, storage);
    expect(readLocalDraft(key, storage)).toBeNull();
  });

  it('reads a damaged entry as no draft', () => {
    const storage = memoryStorage({ k: '{not json', j: JSON.stringify({ answers: 1 }) });
    expect(readLocalDraft('k', storage)).toBeNull();
    expect(readLocalDraft('j', storage)).toBeNull();
  });

  it('evicts the oldest other drafts to stay under the cap, never other data', () => {
    const old = localDraftKey(1, 'rfi');
    const newer = localDraftKey(1, 'residence-info');
    const key = localDraftKey(1, 'edd');
    const size = (k: string, d: LocalDraft) => k.length + JSON.stringify(d).length;
    const oldDraft = draft('a'.repeat(60), 1, 'rfi');
    const newerDraft = draft('b'.repeat(60), 2, 'residence-info');
    const mine = draft('c'.repeat(120), 3);
    // Room for the language, the newer draft and this one, but not for the oldest draft too.
    const cap = 'i18nextLng'.length + 5 + size(newer, newerDraft) + size(key, mine) + 10;
    const storage = memoryStorage({ i18nextLng: 'en-US' });
    expect(writeLocalDraft(old, oldDraft, storage, cap)).toBe(true);
    expect(writeLocalDraft(newer, newerDraft, storage, cap)).toBe(true);
    expect(writeLocalDraft(key, mine, storage, cap)).toBe(true);
    expect(storage.map.has(old)).toBe(false);
    expect(storage.map.has(newer)).toBe(true);
    expect(storage.map.get('i18nextLng')).toBe('en-US');
    expect(readLocalDraft(key, storage)).toEqual(mine);
    expect(storageChars(storage)).toBeLessThanOrEqual(cap);
  });

  it('refuses a draft that cannot fit, leaving the storage as it was', () => {
    const cap = 300;
    const storage = memoryStorage({ other: 'x'.repeat(200) });
    const key = localDraftKey(1, 'edd');
    expect(writeLocalDraft(key, draft('c'.repeat(150), 3), storage, cap)).toBe(false);
    expect(storage.map.has(key)).toBe(false);
    expect(writeLocalDraft(key, draft('c'.repeat(1000), 3), storage, 500)).toBe(false);
    expect(storage.map.get('other')).toHaveLength(200);
  });

  it('replaces its own earlier copy without counting it twice', () => {
    const cap = 200;
    const key = localDraftKey(1, 'edd');
    const storage = memoryStorage();
    expect(writeLocalDraft(key, draft('a'.repeat(80), 1), storage, cap)).toBe(true);
    expect(writeLocalDraft(key, draft('b'.repeat(80), 2), storage, cap)).toBe(true);
    expect(readLocalDraft(key, storage)?.answers.note).toBe('b'.repeat(80));
  });

  it('never throws when storage refuses (private mode, quota)', () => {
    const storage = memoryStorage();
    storage.setItem = () => {
      throw new DOMException('full', 'QuotaExceededError');
    };
    expect(writeLocalDraft(localDraftKey(1, 'edd'), draft('a', 1), storage)).toBe(false);
    expect(writeLocalDraft(localDraftKey(1, 'edd'), draft('a', 1), null)).toBe(false);
  });
});

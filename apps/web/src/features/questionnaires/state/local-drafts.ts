import type { QuestionnaireAnswers } from '@kyc/contracts';

/** spec §9: local storage holds at most 4718592 characters (about 4.5 MB) of this app's data. */
export const LOCAL_STORAGE_CAP = 4718592;

/** The prefix of every draft kept in local storage (one key per user and template). */
export const LOCAL_DRAFT_PREFIX = 'kyc.questionnaireDraft:';

/** What is kept locally: the typed answers, where the user was, and when (epoch ms). */
export interface LocalDraft {
  templateCode: string;
  templateVersion: number;
  answers: QuestionnaireAnswers;
  pageIndex: number;
  savedAt: number;
}

/** The part of Storage this helper uses (a test passes a Map-backed one). */
export type DraftStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem' | 'key' | 'length'>;

export function localDraftKey(userId: string | number, templateCode: string): string {
  return `${LOCAL_DRAFT_PREFIX}${String(userId)}:${templateCode}`;
}

function browserStorage(): DraftStorage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** Characters used by every key and value of the storage (what the cap counts). */
export function storageChars(storage: DraftStorage): number {
  let total = 0;
  for (let i = 0; i < storage.length; i++) {
    const key = storage.key(i);
    if (key === null) continue;
    total += key.length + (storage.getItem(key)?.length ?? 0);
  }
  return total;
}

function parse(text: string | null): LocalDraft | null {
  if (!text) return null;
  try {
    const value = JSON.parse(text) as Partial<LocalDraft> | null;
    if (
      !value ||
      typeof value.templateCode !== 'string' ||
      typeof value.templateVersion !== 'number' ||
      typeof value.answers !== 'object' ||
      value.answers === null ||
      typeof value.savedAt !== 'number'
    )
      return null;
    return { pageIndex: 0, ...value } as LocalDraft;
  } catch {
    return null;
  }
}

/**
 * Keeps a draft under the cap (spec §9): when writing it would take the storage above
 * LOCAL_STORAGE_CAP characters, the oldest other questionnaire drafts are evicted first; when it still
 * does not fit (other data, or one huge draft) nothing is written and false comes back, so the caller
 * relies on the server autosave alone. Never throws (private mode, quota).
 */
export function writeLocalDraft(
  key: string,
  draft: LocalDraft,
  storage: DraftStorage | null = browserStorage(),
  cap = LOCAL_STORAGE_CAP,
): boolean {
  if (!storage) return false;
  const text = JSON.stringify(draft);
  try {
    const current = storage.getItem(key);
    let used = storageChars(storage) - (current === null ? 0 : key.length + current.length);
    const needed = key.length + text.length;
    if (needed > cap) return false;
    if (used + needed > cap) {
      const others: { key: string; size: number; savedAt: number }[] = [];
      for (let i = 0; i < storage.length; i++) {
        const other = storage.key(i);
        if (other === null || other === key || !other.startsWith(LOCAL_DRAFT_PREFIX)) continue;
        const value = storage.getItem(other) ?? '';
        others.push({ key: other, size: other.length + value.length, savedAt: parse(value)?.savedAt ?? 0 });
      }
      others.sort((a, b) => a.savedAt - b.savedAt);
      for (const other of others) {
        if (used + needed <= cap) break;
        storage.removeItem(other.key);
        used -= other.size;
      }
      if (used + needed > cap) return false;
    }
    storage.setItem(key, text);
    return true;
  } catch {
    return false;
  }
}

export function readLocalDraft(
  key: string,
  storage: DraftStorage | null = browserStorage(),
): LocalDraft | null {
  if (!storage) return null;
  try {
    return parse(storage.getItem(key));
  } catch {
    return null;
  }
}

export function clearLocalDraft(key: string, storage: DraftStorage | null = browserStorage()): void {
  try {
    storage?.removeItem(key);
  } catch {
    // Storage unavailable: nothing was kept.
  }
}

/**
 * localStorage that never throws: it is unavailable in some private modes and when storage is full,
 * and losing a remembered language must never break the page.
 */
export interface KeyValueStorage {
  get(key: string): string | null;
  set(key: string, value: string): void;
}

export const safeLocalStorage: KeyValueStorage = {
  get(key) {
    try {
      return window.localStorage.getItem(key);
    } catch {
      return null;
    }
  },
  set(key, value) {
    try {
      window.localStorage.setItem(key, value);
    } catch {
      // Storage unavailable or full: the language simply is not remembered.
    }
  },
};

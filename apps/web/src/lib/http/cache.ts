/** spec §9: cache TTL 60000 ms, max 20 entries. */
export const CACHE_TTL_MS = 60_000;
export const CACHE_MAX_ENTRIES = 20;

interface Entry {
  storedAt: number;
  value: Promise<unknown>;
}

/**
 * spec §7 "Optional response cache: 60 s lifetime, 20 entries", for calls made with `cache: true`.
 * It holds the call's promise, so identical calls made while the first is in flight share one request;
 * a call that fails is removed, so the next one asks again. When full, the oldest entry goes.
 */
export class ResponseCache {
  private readonly entries = new Map<string, Entry>();

  constructor(
    private readonly ttlMs = CACHE_TTL_MS,
    private readonly maxEntries = CACHE_MAX_ENTRIES,
  ) {}

  get size(): number {
    return this.entries.size;
  }

  get<T>(key: string, now: number = Date.now()): Promise<T> | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (now - entry.storedAt >= this.ttlMs) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.value as Promise<T>;
  }

  set(key: string, value: Promise<unknown>, now: number = Date.now()): void {
    this.entries.delete(key);
    while (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next();
      if (oldest.done) break;
      this.entries.delete(oldest.value);
    }
    const entry: Entry = { storedAt: now, value };
    this.entries.set(key, entry);
    value.catch(() => {
      if (this.entries.get(key) === entry) this.entries.delete(key);
    });
  }

  clear(): void {
    this.entries.clear();
  }
}

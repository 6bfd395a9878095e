/**
 * A read kept in memory for a while (reference data on hot paths: docs/operations.md "Reference data in
 * memory"). The first caller's read is shared by every caller until `ttlMs` passes or `invalidate()` is
 * called; a failed read is not kept, and an invalidation during a read drops that read's answer too, so
 * a change made meanwhile is never hidden for a whole period. Keyed reads (`cachedReads`) keep one entry
 * per key, all dropped together.
 */
export interface CachedRead<T> {
  get(): Promise<T>;
  invalidate(): void;
}

export interface CachedReadOptions {
  ttlMs: number;
  now?: () => number;
}

export function cachedRead<T>(load: () => Promise<T>, options: CachedReadOptions): CachedRead<T> {
  const keyed = cachedReads<'', T>(() => load(), options);
  return { get: () => keyed.get(''), invalidate: keyed.invalidate };
}

export interface CachedReads<K, T> {
  get(key: K): Promise<T>;
  invalidate(): void;
}

export function cachedReads<K, T>(
  load: (key: K) => Promise<T>,
  options: CachedReadOptions,
): CachedReads<K, T> {
  const now = options.now ?? Date.now;
  let entries = new Map<K, { at: number; value: Promise<T> }>();
  return {
    get(key) {
      const hit = entries.get(key);
      if (hit && now() - hit.at < options.ttlMs) return hit.value;
      const owner = entries;
      const entry = { at: now(), value: load(key) };
      owner.set(key, entry);
      entry.value.catch(() => {
        if (owner.get(key) === entry) owner.delete(key);
      });
      return entry.value;
    },
    invalidate() {
      // A new map: a read still in flight writes into the old one, which nobody reads again.
      entries = new Map();
    },
  };
}

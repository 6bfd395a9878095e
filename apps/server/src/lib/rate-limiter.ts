/**
 * A fixed-window counter per key. `createRateLimiter` keeps it in process memory (one instance, or no
 * REDIS_URL); with REDIS_URL the limits are shared by every instance through Redis
 * (lib/shared-state/, issue 14, D48), behind this same interface: its answers may then be promises,
 * so callers always `await` them.
 */
export interface LimitResult {
  ok: boolean;
  retryAfterSeconds: number;
}

export interface RateLimiter {
  /** Counts one hit; `ok` is false once the key is over its limit, with the seconds until the window ends. */
  consume(key: string, now?: number): LimitResult | Promise<LimitResult>;
  /** Whether the key is already over the limit, without counting a hit. */
  blocked(key: string, now?: number): LimitResult | Promise<LimitResult>;
  reset(key: string): void | Promise<void>;
}

/** The in-memory limiters answer at once (unit tests read their answers without awaiting). */
export interface LocalRateLimiter extends RateLimiter {
  consume(key: string, now?: number): LimitResult;
  blocked(key: string, now?: number): LimitResult;
  reset(key: string): void;
}

export function createRateLimiter(limit: number, windowMs: number, maxKeys = 100_000): LocalRateLimiter {
  const windows = new Map<string, { count: number; endsAt: number }>();

  function current(key: string, now: number) {
    const entry = windows.get(key);
    if (entry && entry.endsAt > now) return entry;
    if (entry) windows.delete(key);
    return undefined;
  }

  function prune(now: number) {
    if (windows.size < maxKeys) return;
    for (const [key, entry] of windows) if (entry.endsAt <= now) windows.delete(key);
    // Still full: drop the oldest entries (Map keeps insertion order) rather than grow without bound.
    for (const key of windows.keys()) {
      if (windows.size < maxKeys) break;
      windows.delete(key);
    }
  }

  return {
    consume(key, now = Date.now()) {
      let entry = current(key, now);
      if (!entry) {
        prune(now);
        entry = { count: 0, endsAt: now + windowMs };
        windows.set(key, entry);
      }
      entry.count += 1;
      return { ok: entry.count <= limit, retryAfterSeconds: Math.ceil((entry.endsAt - now) / 1000) };
    },
    blocked(key, now = Date.now()) {
      const entry = current(key, now);
      if (!entry || entry.count < limit) return { ok: true, retryAfterSeconds: 0 };
      return { ok: false, retryAfterSeconds: Math.ceil((entry.endsAt - now) / 1000) };
    },
    reset(key) {
      windows.delete(key);
    },
  };
}

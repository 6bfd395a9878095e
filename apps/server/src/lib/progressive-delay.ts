/**
 * A progressive delay per key (an account's email), behind the RateLimiter interface so that the sign-in
 * use-cases, and its shared (Redis) twin of issue 14, need no other shape. It replaces the old
 * "five failures lock the account for 15 minutes" window, which let anyone lock anyone out: here, once
 * `freeFailures` failures are reached, each failure makes the next attempt wait an exponentially growing
 * delay (base · 2^k, capped), and an attempt inside the delay is refused without being counted
 * and without the password being looked at. Once the delay has passed, one attempt is let through: the
 * owner with the right password gets in (the caller resets the key), while an attacker cycling passwords
 * gets at most 3600 / cap tries an hour. A key quiet for `forgetAfterMs` starts afresh.
 *
 * `consume` is the attempt itself: it takes the slot atomically before the password is checked, so
 * concurrent attempts never both pass the same opening. This one is in process memory; with REDIS_URL
 * the same rules run in Redis as one script (lib/shared-state/limiters.ts), and this one is the local
 * fallback while Redis is down.
 */
import type { LocalRateLimiter } from './rate-limiter.ts';

export interface ProgressiveDelayOptions {
  /** Failures without any delay. */
  freeFailures: number;
  /** The first delay, doubled by each further failure. */
  baseDelayMs: number;
  /** The longest delay (the owner never waits longer than this after the last attempt). */
  maxDelayMs: number;
  /** A key without attempts for this long is forgotten. */
  forgetAfterMs: number;
  maxKeys?: number;
}

/**
 * Sign-in defaults: after 5 failures the next attempt waits 30 s, then 1, 2, 4, 8 minutes, then 15
 * minutes each (4 tries an hour for whoever keeps failing).
 */
export const SIGN_IN_DELAY: ProgressiveDelayOptions = {
  freeFailures: 5,
  baseDelayMs: 30_000,
  maxDelayMs: 15 * 60_000,
  forgetAfterMs: 24 * 60 * 60_000,
};

interface Entry {
  failures: number;
  /** No attempt is let through before this time. */
  notBefore: number;
  lastAt: number;
}

/** The wait after `failures` failures: none for the free ones, then base, 2·base, 4·base … up to the cap. */
export function delayAfter(failures: number, options: ProgressiveDelayOptions): number {
  const over = failures - options.freeFailures;
  if (over < 0) return 0;
  return Math.min(options.maxDelayMs, options.baseDelayMs * 2 ** Math.min(over, 30));
}

export function createProgressiveDelay(options: ProgressiveDelayOptions): LocalRateLimiter {
  const entries = new Map<string, Entry>();
  const maxKeys = options.maxKeys ?? 100_000;

  function current(key: string, now: number): Entry | undefined {
    const entry = entries.get(key);
    if (entry && now - entry.lastAt < options.forgetAfterMs) return entry;
    if (entry) entries.delete(key);
    return undefined;
  }

  function prune(now: number) {
    if (entries.size < maxKeys) return;
    for (const [key, entry] of entries) if (now - entry.lastAt >= options.forgetAfterMs) entries.delete(key);
    for (const key of entries.keys()) {
      if (entries.size < maxKeys) break;
      entries.delete(key);
    }
  }

  const wait = (entry: Entry | undefined, now: number) =>
    entry && entry.notBefore > now ? Math.ceil((entry.notBefore - now) / 1000) : 0;

  return {
    /** One attempt: refused (not counted) inside the delay, else counted as a failure until reset. */
    consume(key, now = Date.now()) {
      let entry = current(key, now);
      const retryAfterSeconds = wait(entry, now);
      if (retryAfterSeconds > 0) return { ok: false, retryAfterSeconds };
      if (!entry) {
        prune(now);
        entry = { failures: 0, notBefore: now, lastAt: now };
        entries.set(key, entry);
      }
      entry.failures += 1;
      entry.lastAt = now;
      entry.notBefore = now + delayAfter(entry.failures, options);
      return { ok: true, retryAfterSeconds: wait(entry, now) };
    },
    blocked(key, now = Date.now()) {
      const retryAfterSeconds = wait(current(key, now), now);
      return { ok: retryAfterSeconds === 0, retryAfterSeconds };
    },
    reset(key) {
      entries.delete(key);
    },
  };
}

/**
 * The limits over Redis (issue 14, D48), each with its local twin used while Redis cannot be asked:
 *  - a fixed window (`sharedWindow`): rate-limiter-flexible's RateLimiterRedis (one atomic script:
 *    SET NX with the window's expiry, INCRBY, PTTL), falling back to its RateLimiterMemory;
 *  - the sign-in progressive delay (`sharedProgressiveDelay`): the rules of lib/progressive-delay.ts as
 *    one Lua script, so that two instances never both let through the same opening, falling back to
 *    createProgressiveDelay.
 * Keys are hashed (SHA-256): Redis holds no email address or client address. While Redis is down the
 * local counters start from zero on each instance (so an outage loosens limits by the instance count,
 * never blocks anyone) and Redis's own counters resume once it is back.
 */
import { createHash } from 'node:crypto';
import {
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible';
import { createProgressiveDelay, type ProgressiveDelayOptions } from '../progressive-delay.ts';
import type { LimitResult, RateLimiter } from '../rate-limiter.ts';
import type { RedisLink } from './connection.ts';

/** A fixed window that also tells how many hits it counted (what @fastify/rate-limit's store answers). */
export interface SharedWindow extends RateLimiter {
  consume(key: string, now?: number): Promise<LimitResult>;
  blocked(key: string, now?: number): Promise<LimitResult>;
  reset(key: string): Promise<void>;
  /** Counts one hit: the hits in the current window (this one included) and the ms until it ends. */
  hit(key: string): Promise<{ current: number; ttlMs: number }>;
}

export function hashedKey(key: string): string {
  return createHash('sha256').update(key).digest('base64url').slice(0, 22);
}

const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

/** Redis first when the link is usable; on a failure the link is marked down and the local one answers. */
async function either<T>(link: RedisLink, shared: () => Promise<T>, local: () => Promise<T> | T): Promise<T> {
  if (!link.usable()) return local();
  try {
    const value = await shared();
    link.markUp();
    return value;
  } catch (error) {
    link.failed(error);
    return local();
  }
}

export function sharedWindow(
  link: RedisLink,
  keyPrefix: string,
  points: number,
  durationMs: number,
): SharedWindow {
  const duration = seconds(durationMs);
  const redis = new RateLimiterRedis({
    storeClient: link.client,
    keyPrefix,
    points,
    duration,
    rejectIfRedisNotReady: true,
  });
  const memory = new RateLimiterMemory({ keyPrefix, points, duration });
  const use = <T>(work: (limiter: RateLimiterAbstract) => Promise<T>): Promise<T> =>
    either(
      link,
      () => work(redis),
      () => work(memory),
    );

  /** A consume over the limit rejects with the RateLimiterRes: both answer the counted state. */
  const counted = (key: string) =>
    use((limiter) =>
      limiter.consume(hashedKey(key)).catch((refused: unknown) => {
        if (refused instanceof RateLimiterRes) return refused;
        throw refused;
      }),
    );

  return {
    async hit(key) {
      const res = await counted(key);
      return { current: res.consumedPoints, ttlMs: res.msBeforeNext };
    },
    async consume(key) {
      const res = await counted(key);
      return { ok: res.consumedPoints <= points, retryAfterSeconds: seconds(res.msBeforeNext) };
    },
    async blocked(key) {
      const res = await use((limiter) => limiter.get(hashedKey(key)));
      if (!res || res.consumedPoints < points) return { ok: true, retryAfterSeconds: 0 };
      return { ok: false, retryAfterSeconds: seconds(res.msBeforeNext) };
    },
    async reset(key) {
      await use((limiter) => limiter.delete(hashedKey(key)));
    },
  };
}

/**
 * lib/progressive-delay.ts's `consume` in one script: refused (not counted) before `notBefore`, else one
 * more failure, the next opening set by the same delay rule, and the key forgotten after `forgetAfterMs`
 * without attempts. Answers {1, delay} (let through) or {0, wait}.
 */
const CONSUME_SCRIPT = `
local now = tonumber(ARGV[1])
local free, base, cap, forget = tonumber(ARGV[2]), tonumber(ARGV[3]), tonumber(ARGV[4]), tonumber(ARGV[5])
local state = redis.call('HMGET', KEYS[1], 'failures', 'notBefore')
local failures = tonumber(state[1]) or 0
local notBefore = tonumber(state[2]) or 0
if notBefore > now then return {0, notBefore - now} end
failures = failures + 1
local delay = 0
local over = failures - free
if over >= 0 then delay = math.min(cap, base * 2 ^ math.min(over, 30)) end
redis.call('HSET', KEYS[1], 'failures', failures, 'notBefore', now + delay)
redis.call('PEXPIRE', KEYS[1], forget)
return {1, delay}
`;

export function sharedProgressiveDelay(
  link: RedisLink,
  keyPrefix: string,
  options: ProgressiveDelayOptions,
): RateLimiter {
  const local = createProgressiveDelay(options);
  const redisKey = (key: string) => `${keyPrefix}:${hashedKey(key)}`;
  const waitOf = (ms: number) => (ms > 0 ? Math.ceil(ms / 1000) : 0);

  return {
    consume(key, now = Date.now()) {
      return either(
        link,
        async () => {
          const answer = (await link.client.eval(
            CONSUME_SCRIPT,
            1,
            redisKey(key),
            now,
            options.freeFailures,
            options.baseDelayMs,
            options.maxDelayMs,
            options.forgetAfterMs,
          )) as [number, number];
          const [letThrough, ms] = answer;
          return { ok: letThrough === 1, retryAfterSeconds: waitOf(ms) };
        },
        () => local.consume(key, now),
      );
    },
    blocked(key, now = Date.now()) {
      return either(
        link,
        async () => {
          const notBefore = Number((await link.client.hget(redisKey(key), 'notBefore')) ?? 0);
          const retryAfterSeconds = waitOf(notBefore - now);
          return { ok: retryAfterSeconds === 0, retryAfterSeconds };
        },
        () => local.blocked(key, now),
      );
    },
    async reset(key) {
      // Both: a success during an outage must not leave the local delay behind once Redis is back.
      local.reset(key);
      await either(
        link,
        () => link.client.del(redisKey(key)),
        () => 0,
      );
    },
  };
}

/**
 * State the instances share (issue 14, D48): with REDIS_URL, every limit (the global per-address limit,
 * sign-in and sign-up limits, the per-account progressive delay, SDK and support limits) counts in
 * Redis, and cache invalidations reach the other instances through one pub/sub channel. Without it, the
 * limits are the in-memory ones of lib/rate-limiter.ts and lib/progressive-delay.ts, as on one instance
 * before, and an invalidation stays in the process.
 *
 * Redis going away never fails or stalls a request: each limit falls back to a local twin (logged
 * loudly once, connection.ts) and /readyz says "degraded"; once Redis is back the limits are shared
 * again, and each instance drops its invalidatable caches (it may have missed messages meanwhile).
 */
import { randomBytes } from 'node:crypto';
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Redis } from 'ioredis';
import { createProgressiveDelay, type ProgressiveDelayOptions } from '../progressive-delay.ts';
import { createRateLimiter, type RateLimiter } from '../rate-limiter.ts';
import { RedisLink, type SharedStateLog } from './connection.ts';
import { sharedProgressiveDelay, sharedWindow } from './limiters.ts';

export type { SharedStateLog } from './connection.ts';

/** 'off': no REDIS_URL (one instance, local state). */
export type SharedHealth = 'off' | 'starting' | 'up' | 'down';

export interface SharedStateOptions {
  /** REDIS_URL; undefined = local state only. */
  url?: string;
  /** REDIS_KEY_PREFIX: every key and the channel start with it (several deployments on one Redis). */
  keyPrefix?: string;
  log?: SharedStateLog;
}

export interface SharedState {
  /** Whether REDIS_URL is set. */
  readonly shared: boolean;
  /** The last known health (events and command outcomes, no round trip). */
  health(): SharedHealth;
  /** /readyz: a bounded PING when shared (COMMAND_TIMEOUT_MS), else 'off'. */
  check(): Promise<SharedHealth>;
  /** A fixed window of `points` hits per `durationMs`, per key, under `name`. */
  limiter(name: string, points: number, durationMs: number): RateLimiter;
  /** lib/progressive-delay.ts's delay per key under `name`. */
  progressiveDelay(name: string, options: ProgressiveDelayOptions): RateLimiter;
  /**
   * The store of @fastify/rate-limit's global limit when shared (undefined otherwise: the plugin's own
   * in-memory store, as before).
   */
  rateLimitStore(name: string, points: number, durationMs: number): FastifyRateLimitStoreCtor | undefined;
  /** Runs this instance's handlers of `topic` now and tells the other instances to run theirs. */
  invalidate(topic: string): void;
  /** `fn` runs whenever any instance invalidates `topic`; answers the unsubscribe. */
  onInvalidate(topic: string, fn: () => void): () => void;
  /** Connects (bounded: at most CONNECT_TIMEOUT_MS) and subscribes; a no-op without REDIS_URL. */
  start(): Promise<void>;
  useLog(log: SharedStateLog): void;
  close(): Promise<void>;
}

export const DEFAULT_KEY_PREFIX = 'kyc:';

const consoleLog: SharedStateLog = {
  error: (object, message) => console.error(message, object),
  warn: (object, message) => console.warn(message, object),
  info: () => undefined,
};

export function createSharedState(options: SharedStateOptions = {}): SharedState {
  const prefix = options.keyPrefix ?? DEFAULT_KEY_PREFIX;
  const handlers = new Map<string, Set<() => void>>();
  let log = options.log ?? consoleLog;

  function runLocal(topic: string) {
    for (const fn of handlers.get(topic) ?? []) {
      try {
        fn();
      } catch (error) {
        log.error({ event: 'invalidate.failed', topic, err: error }, 'a cache invalidation handler failed');
      }
    }
  }

  const onInvalidate = (topic: string, fn: () => void) => {
    const set = handlers.get(topic) ?? new Set();
    handlers.set(topic, set);
    set.add(fn);
    return () => void set.delete(fn);
  };

  if (!options.url) {
    return {
      shared: false,
      health: () => 'off',
      check: async () => 'off',
      limiter: (_name, points, durationMs) => createRateLimiter(points, durationMs),
      progressiveDelay: (_name, delay) => createProgressiveDelay(delay),
      rateLimitStore: () => undefined,
      invalidate: runLocal,
      onInvalidate,
      start: async () => undefined,
      useLog(next) {
        log = next;
      },
      close: async () => undefined,
    };
  }

  const link = new RedisLink(options.url, log);
  const channel = `${prefix}invalidate`;
  /** Tells this instance's own messages apart from the others'. */
  const instance = randomBytes(8).toString('hex');
  let subscriber: Redis | undefined;

  function listen(): void {
    // Subscriber mode needs a connection of its own; it subscribes on each 'ready' (reconnections too).
    const sub = link.client.duplicate({ autoResubscribe: false, commandTimeout: undefined });
    subscriber = sub;
    let readyBefore = false;
    sub.on('error', () => undefined);
    sub.on('ready', () => {
      sub.subscribe(channel).catch(() => undefined);
      // Messages sent while this connection was down are lost: drop every invalidatable cache.
      if (readyBefore) for (const topic of handlers.keys()) runLocal(topic);
      readyBefore = true;
    });
    sub.on('message', (from: string, text: string) => {
      if (from !== channel) return;
      try {
        const message = JSON.parse(text) as { topic?: unknown; from?: unknown };
        if (typeof message.topic === 'string' && message.from !== instance) runLocal(message.topic);
      } catch {
        // Not one of ours: ignored.
      }
    });
    sub.connect().catch(() => undefined);
  }

  return {
    shared: true,
    health: () => link.status,
    async check() {
      return link.check();
    },
    limiter(name, points, durationMs) {
      return sharedWindow(link, `${prefix}limit:${name}`, points, durationMs);
    },
    progressiveDelay: (name, delay) => sharedProgressiveDelay(link, `${prefix}delay:${name}`, delay),
    rateLimitStore(name, points, durationMs) {
      const window = sharedWindow(link, `${prefix}limit:${name}`, points, durationMs);
      /** @fastify/rate-limit's store contract: incr(key, callback) with the hits and ms left. */
      class SharedRateLimitStore implements FastifyRateLimitStore {
        incr(key: string, callback: Parameters<FastifyRateLimitStore['incr']>[1]) {
          window.hit(key).then(
            ({ current, ttlMs }) => callback(null, { current, ttl: ttlMs }),
            (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
          );
        }
        child() {
          return this;
        }
      }
      return SharedRateLimitStore;
    },
    invalidate(topic) {
      runLocal(topic);
      if (!link.usable()) return;
      link.client.publish(channel, JSON.stringify({ topic, from: instance })).then(
        () => link.markUp(),
        (error: unknown) => link.failed(error),
      );
    },
    onInvalidate,
    async start() {
      await link.start();
      if (!subscriber) listen();
    },
    useLog(next) {
      log = next;
      link.useLog(next);
    },
    async close() {
      link.close();
      subscriber?.disconnect();
    },
  };
}

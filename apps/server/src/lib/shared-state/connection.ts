/**
 * The one Redis connection of an instance (issue 14, D48) and its health. Built so that a dead or silent
 * Redis never stalls a request: commands are not queued while disconnected (`enableOfflineQueue: false`,
 * they fail at once), a command gets COMMAND_TIMEOUT_MS, and after a failure the connection is skipped
 * for SKIP_AFTER_FAILURE_MS (callers use their local fallback) instead of every request paying the
 * timeout again. ioredis reconnects by itself; the first 'ready' after an outage makes it usable again.
 *
 * Health is 'up' or 'down' ('starting' until the first answer), and each transition is logged once:
 * down at error level in capitals (limits are then per instance), back at warn.
 */
import { Redis } from 'ioredis';

export type RedisHealth = 'starting' | 'up' | 'down';

/** The subset of pino's logger this module writes to (Fastify's `app.log` is one). */
export interface SharedStateLog {
  error(object: object, message: string): void;
  warn(object: object, message: string): void;
  info(object: object, message: string): void;
}

/** A command gets this long before the caller falls back to local state. */
export const COMMAND_TIMEOUT_MS = 200;
/** Connecting (and each reconnection attempt) gives up after this long. */
export const CONNECT_TIMEOUT_MS = 1000;
/** After a failed command, Redis is not asked again for this long. */
export const SKIP_AFTER_FAILURE_MS = 1000;

/** ioredis's reconnection back-off: 100 ms, 200 ms … then every second, for ever. */
const retryStrategy = (times: number) => Math.min(100 * times, 1000);

export const DOWN_MESSAGE =
  'REDIS UNREACHABLE: rate limits, sign-in throttles and SDK limits now count PER INSTANCE (local memory), and cache invalidations do not reach the other instances, until Redis is back';

export class RedisLink {
  readonly client: Redis;
  private health: RedisHealth = 'starting';
  private skipUntil = 0;
  private closed = false;
  private log: SharedStateLog;

  constructor(
    readonly url: string,
    log: SharedStateLog,
  ) {
    this.log = log;
    this.client = new Redis(url, {
      lazyConnect: true,
      enableOfflineQueue: false,
      maxRetriesPerRequest: 1,
      commandTimeout: COMMAND_TIMEOUT_MS,
      connectTimeout: CONNECT_TIMEOUT_MS,
      retryStrategy,
    });
    this.client.on('ready', () => {
      this.skipUntil = 0;
      this.markUp();
    });
    // Without a listener ioredis prints every failed reconnection; the transition is logged once instead.
    this.client.on('error', (error: Error) => this.markDown(error.message));
    this.client.on('close', () => this.markDown('connection closed'));
  }

  /** Where logs go: the app's logger once it exists (app.ts). */
  useLog(log: SharedStateLog): void {
    this.log = log;
  }

  get status(): RedisHealth {
    return this.health;
  }

  /** Whether a command may be sent now: connected, and no failure in the last SKIP_AFTER_FAILURE_MS. */
  usable(now = Date.now()): boolean {
    return !this.closed && this.client.status === 'ready' && now >= this.skipUntil;
  }

  /**
   * Connects, waiting at most CONNECT_TIMEOUT_MS: an unreachable Redis is logged (loudly) and the
   * instance starts on local state; ioredis keeps trying in the background.
   */
  async start(): Promise<void> {
    if (this.client.status !== 'wait') return;
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<void>((resolve) => {
      timer = setTimeout(() => {
        this.markDown(`no connection within ${CONNECT_TIMEOUT_MS} ms`);
        resolve();
      }, CONNECT_TIMEOUT_MS);
    });
    const connecting = this.client.connect().catch((error: unknown) => {
      this.markDown(error instanceof Error ? error.message : String(error));
    });
    await Promise.race([connecting, deadline]).finally(() => clearTimeout(timer));
  }

  /** Runs a command; a failure marks Redis down and skips it for a moment, then is rethrown. */
  async run<T>(command: (client: Redis) => Promise<T>): Promise<T> {
    try {
      const value = await command(this.client);
      this.markUp();
      return value;
    } catch (error) {
      this.failed(error);
      throw error;
    }
  }

  /** A command failed: down, and not asked again for SKIP_AFTER_FAILURE_MS. */
  failed(error: unknown): void {
    this.skipUntil = Date.now() + SKIP_AFTER_FAILURE_MS;
    this.markDown(error instanceof Error ? error.message : String(error));
  }

  /** /readyz: a PING within COMMAND_TIMEOUT_MS, or 'down' at once when not connected. */
  async check(): Promise<'up' | 'down'> {
    if (this.closed || this.client.status !== 'ready') return 'down';
    try {
      await this.run((client) => client.ping());
      return 'up';
    } catch {
      return 'down';
    }
  }

  markUp(): void {
    if (this.closed || this.health === 'up') return;
    const was = this.health;
    this.health = 'up';
    if (was === 'down')
      this.log.warn(
        { event: 'redis.up' },
        'Redis reachable again: limits and cache invalidation are shared again',
      );
    else this.log.info({ event: 'redis.up' }, 'Redis connected: limits and cache invalidation are shared');
  }

  markDown(reason: string): void {
    if (this.closed || this.health === 'down') return;
    this.health = 'down';
    this.log.error({ event: 'redis.down', reason }, DOWN_MESSAGE);
  }

  /** Closes at once (no QUIT round trip to a Redis that may not answer). */
  close(): void {
    this.closed = true;
    this.client.disconnect();
  }
}

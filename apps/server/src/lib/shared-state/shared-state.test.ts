import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { SIGN_IN_DELAY } from '../progressive-delay.ts';
import { DOWN_MESSAGE } from './connection.ts';
import { createSharedState, type SharedState } from './index.ts';

/** A port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

function recordingLog() {
  const lines: { level: string; message: string; object: object }[] = [];
  const at = (level: string) => (object: object, message: string) =>
    void lines.push({ level, message, object });
  return { lines, log: { error: at('error'), warn: at('warn'), info: at('info') } };
}

describe('shared state (issue 14)', () => {
  let state: SharedState | undefined;
  afterEach(async () => {
    await state?.close();
    state = undefined;
  });

  it('when REDIS_URL is not set, then limits count in memory and an invalidation runs the handlers of this process', async () => {
    state = createSharedState();
    expect(state.shared).toBe(false);
    expect(await state.check()).toBe('off');
    const limiter = state.limiter('test', 2, 60_000);
    expect((await limiter.consume('a')).ok).toBe(true);
    expect((await limiter.consume('a')).ok).toBe(true);
    expect(await limiter.consume('a')).toMatchObject({ ok: false, retryAfterSeconds: 60 });
    expect(state.rateLimitStore('test', 2, 60_000)).toBeUndefined();
    const heard: string[] = [];
    const off = state.onInvalidate('countries', () => heard.push('countries'));
    state.onInvalidate('other', () => heard.push('other'));
    state.invalidate('countries');
    off();
    state.invalidate('countries');
    expect(heard).toEqual(['countries']);
  });

  it('when Redis cannot be reached, then start gives up within a second, limits answer at once from local memory, and the log says it once, loudly', async () => {
    const { lines, log } = recordingLog();
    state = createSharedState({ url: `redis://127.0.0.1:${await closedPort()}`, log });
    const started = performance.now();
    await state.start();
    expect(performance.now() - started).toBeLessThan(1500);
    expect(state.health()).toBe('down');
    expect(await state.check()).toBe('down');

    const window = state.limiter('test', 1, 60_000);
    const delay = state.progressiveDelay('delay', SIGN_IN_DELAY);
    const asked = performance.now();
    expect((await window.consume('a')).ok).toBe(true);
    expect((await window.consume('a')).ok).toBe(false);
    for (let i = 0; i < SIGN_IN_DELAY.freeFailures; i += 1) expect((await delay.consume('e')).ok).toBe(true);
    expect(await delay.consume('e')).toMatchObject({ ok: false, retryAfterSeconds: 30 });
    expect(performance.now() - asked).toBeLessThan(100);

    const down = lines.filter((line) => line.level === 'error');
    expect(down).toEqual([
      { level: 'error', message: DOWN_MESSAGE, object: expect.objectContaining({ event: 'redis.down' }) },
    ]);
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { boundedCheck } from './readiness.ts';

describe('readiness check (/readyz, issue 14)', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('when the database answers, then the check says what it said', async () => {
    expect(await boundedCheck(async () => true, 100)()).toBe(true);
    expect(await boundedCheck(async () => false, 100)()).toBe(false);
    expect(await boundedCheck(() => Promise.reject(new Error('ECONNREFUSED')), 100)()).toBe(false);
  });

  it('when the database does not answer, then the check says not ready at the deadline, and later probes share the one ping in flight', async () => {
    vi.useFakeTimers();
    let pings = 0;
    let answer: (ready: boolean) => void = () => undefined;
    const check = boundedCheck(() => {
      pings += 1;
      return new Promise<boolean>((resolve) => {
        answer = resolve;
      });
    }, 800);

    const first = check();
    await vi.advanceTimersByTimeAsync(800);
    expect(await first).toBe(false);
    const probes = [check(), check(), check()];
    await vi.advanceTimersByTimeAsync(800);
    expect(await Promise.all(probes)).toEqual([false, false, false]);
    expect(pings).toBe(1);

    // The hanging ping ends (the connection timeout gave up); the next probe starts a new one.
    answer(false);
    await vi.advanceTimersByTimeAsync(0);
    const next = check();
    answer(true);
    expect(await next).toBe(true);
    expect(pings).toBe(2);
  });
});

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { engineMemo } from './engine-memo.ts';
import { idleTimer } from './idle-timer.ts';

describe('engineMemo (D113)', () => {
  it('when the same bytes come again, then the engine is not asked again and the answer is the same', async () => {
    const memo = engineMemo<{ text: string }>();
    let asked = 0;
    const compute = async () => ({ text: `reading ${++asked}` });
    const first = await memo.get([Buffer.from('page one'), 1200], compute);
    const again = await memo.get([Buffer.from('page one'), 1200], compute);
    expect(first).toEqual({ text: 'reading 1' });
    expect(again).toEqual({ text: 'reading 1' });
    expect(asked).toBe(1);
  });

  it('when any byte or key part differs, then the engine is asked for it', async () => {
    const memo = engineMemo<{ n: number }>();
    let asked = 0;
    const compute = async () => ({ n: ++asked });
    await memo.get([Buffer.from('page one'), 1200], compute);
    expect(await memo.get([Buffer.from('page onf'), 1200], compute)).toEqual({ n: 2 });
    expect(await memo.get([Buffer.from('page one'), 1201], compute)).toEqual({ n: 3 });
    // The parts are delimited: ('ab', 'c') is not ('a', 'bc').
    await memo.get(['ab', 'c'], compute);
    expect(await memo.get(['a', 'bc'], compute)).toEqual({ n: 5 });
  });

  it('when two callers ask at once, then the engine is asked once', async () => {
    const memo = engineMemo<{ n: number }>();
    let asked = 0;
    const compute = () =>
      new Promise<{ n: number }>((resolve) => setTimeout(() => resolve({ n: ++asked }), 10));
    const answers = await Promise.all([memo.get(['x'], compute), memo.get(['x'], compute)]);
    expect(answers).toEqual([{ n: 1 }, { n: 1 }]);
    expect(asked).toBe(1);
  });

  it('when the engine fails, then the failure is not kept and the next caller asks again', async () => {
    const memo = engineMemo<{ ok: boolean }>();
    await expect(memo.get(['x'], () => Promise.reject(new Error('worker stopped')))).rejects.toThrow(
      'worker stopped',
    );
    expect(await memo.get(['x'], async () => ({ ok: true }))).toEqual({ ok: true });
  });

  it('when a caller changes its answer, then the next caller still gets the engine’s answer', async () => {
    const memo = engineMemo<{ faces: number[] }>();
    const first = await memo.get(['x'], async () => ({ faces: [3, 1, 2] }));
    first.faces.sort();
    first.faces.push(9);
    expect(await memo.get(['x'], async () => ({ faces: [] }))).toEqual({ faces: [3, 1, 2] });
  });

  it('when cleared, then the engine is asked again', async () => {
    const memo = engineMemo<{ n: number }>();
    let asked = 0;
    await memo.get(['x'], async () => ({ n: ++asked }));
    memo.clear();
    expect(await memo.get(['x'], async () => ({ n: ++asked }))).toEqual({ n: 2 });
  });
});

describe('idleTimer', () => {
  // Fake timers: on a loaded runner a real 15 ms wait can take longer than the 30 ms period.
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('ends the engine once idle for the period, and not while stopped or restarted', async () => {
    let ended = 0;
    const timer = idleTimer(async () => void ended++, 30);
    timer.start();
    await vi.advanceTimersByTimeAsync(15);
    timer.start(); // used again: the period starts over
    await vi.advanceTimersByTimeAsync(20);
    expect(ended).toBe(0);
    await vi.advanceTimersByTimeAsync(10);
    expect(ended).toBe(1);
    timer.start();
    timer.stop();
    await vi.advanceTimersByTimeAsync(100);
    expect(ended).toBe(1);
  });
});

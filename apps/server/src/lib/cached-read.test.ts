import { describe, expect, it } from 'vitest';
import { cachedRead, cachedReads } from './cached-read.ts';

function counter() {
  let calls = 0;
  return {
    load: async (key = '') => {
      calls += 1;
      return `${key}#${calls}`;
    },
    calls: () => calls,
  };
}

describe('cachedRead', () => {
  it('shares one read between callers until the time to live passes', async () => {
    let clock = 0;
    const source = counter();
    const read = cachedRead(() => source.load(), { ttlMs: 1000, now: () => clock });
    expect(await Promise.all([read.get(), read.get()])).toEqual(['#1', '#1']);
    clock = 999;
    expect(await read.get()).toBe('#1');
    clock = 1000;
    expect(await read.get()).toBe('#2');
    expect(source.calls()).toBe(2);
  });

  it('reads again after an invalidation, and a read in flight during it is not kept', async () => {
    const source = counter();
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const read = cachedRead(
      async () => {
        await gate;
        return source.load();
      },
      { ttlMs: 60_000 },
    );
    const inFlight = read.get();
    read.invalidate();
    release();
    expect(await inFlight).toBe('#1');
    expect(await read.get()).toBe('#2');
    read.invalidate();
    expect(await read.get()).toBe('#3');
  });

  it('does not keep a failed read', async () => {
    let fail = true;
    const read = cachedRead(
      async () => {
        if (fail) throw new Error('database away');
        return 'rows';
      },
      { ttlMs: 60_000 },
    );
    await expect(read.get()).rejects.toThrow('database away');
    fail = false;
    expect(await read.get()).toBe('rows');
  });
});

describe('cachedReads', () => {
  it('keeps one entry per key and drops them all on invalidation', async () => {
    const source = counter();
    const reads = cachedReads((key: string) => source.load(key), { ttlMs: 60_000 });
    expect(await reads.get('DE')).toBe('DE#1');
    expect(await reads.get('FR')).toBe('FR#2');
    expect(await reads.get('DE')).toBe('DE#1');
    reads.invalidate();
    expect(await reads.get('DE')).toBe('DE#3');
  });
});

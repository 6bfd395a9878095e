import { describe, expect, it } from 'vitest';
import { bucketOf, lateAfter, percentileOf } from './duration-buckets.ts';

const MIN = 60_000;
const HOUR = 3_600_000;

describe('time to decision from roll-up buckets', () => {
  it('when durations fall on bucket edges, then each lands in the bucket whose upper bound holds it', () => {
    expect([0, 1, MIN, MIN + 1, 60 * MIN, 60 * MIN + 1, 2 * HOUR, 2 * HOUR + 1].map(bucketOf)).toEqual([
      0, 1, 1, 2, 60, 120, 120, 180,
    ]);
  });

  it('when decisions took 1 to 100 hours, then the median and 90th percentile are within an hour of the exact ones', () => {
    const durations = Array.from({ length: 100 }, (_, i) => (i + 1) * HOUR - 17 * MIN);
    const buckets = new Map<number, number>();
    for (const d of durations) buckets.set(bucketOf(d), (buckets.get(bucketOf(d)) ?? 0) + 1);
    const rows = [...buckets].map(([bucketMinutes, n]) => ({ bucketMinutes, n }));
    const exact = (p: number) => {
      const rank = p * (durations.length - 1);
      const lo = Math.floor(rank);
      const a = durations[lo] ?? 0;
      const b = durations[lo + 1] ?? a;
      return a + (b - a) * (rank - lo);
    };
    for (const p of [0.5, 0.9])
      expect(Math.abs((percentileOf(rows, p) ?? 0) - exact(p))).toBeLessThanOrEqual(HOUR);
  });

  it('when decisions were automatic within minutes, then the percentile is right to the minute', () => {
    const rows = [
      { bucketMinutes: 1, n: 50 },
      { bucketMinutes: 3, n: 50 },
    ];
    expect(percentileOf(rows, 0.5)).toBeGreaterThanOrEqual(0);
    expect(percentileOf(rows, 0.9)).toBeGreaterThan(2 * MIN);
    expect(percentileOf(rows, 0.9)).toBeLessThanOrEqual(3 * MIN);
  });

  it('when nothing was decided, then no percentile', () => {
    expect(percentileOf([], 0.5)).toBeNull();
    expect(percentileOf([{ bucketMinutes: 60, n: 0 }], 0.5)).toBeNull();
  });

  it('when a service level is 48 hours, then a decision at exactly 48 h is in time and one a millisecond later is late', () => {
    const rows = [
      { bucketMinutes: bucketOf(48 * HOUR), n: 3 },
      { bucketMinutes: bucketOf(48 * HOUR + 1), n: 2 },
      { bucketMinutes: bucketOf(5 * MIN), n: 7 },
    ];
    expect(lateAfter(rows, 48)).toBe(2);
    expect(lateAfter(rows, 1)).toBe(5);
  });
});

import { describe, expect, it } from 'vitest';
import { pageOf } from './page-of.ts';

describe('pageOf', () => {
  const all = [1, 2, 3, 4, 5];

  it('answers page n (from 1) of pageSize items, the last one short', () => {
    expect(pageOf(all, 1, 2)).toEqual([1, 2]);
    expect(pageOf(all, 2, 2)).toEqual([3, 4]);
    expect(pageOf(all, 3, 2)).toEqual([5]);
  });

  it('answers nothing past the end', () => {
    expect(pageOf(all, 4, 2)).toEqual([]);
  });
});

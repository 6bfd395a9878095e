import { describe, expect, it } from 'vitest';
import { isolate } from './bidi';

describe('isolate', () => {
  it('wraps a value in a first-strong isolate, so it keeps its own direction inside a sentence', () => {
    expect(isolate('Send a statement.')).toBe('\u2068Send a statement.\u2069');
    expect(isolate('كشف حساب')).toBe('\u2068كشف حساب\u2069');
  });
});

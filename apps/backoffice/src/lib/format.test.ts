import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatUtcDateTime, utcDayStart, waitingTime } from './format.ts';

const MIN = 60_000;
const HOUR = 60 * MIN;

describe('waitingTime', () => {
  it.each([
    [0, { unit: 'minutes', count: 0 }],
    [45 * MIN, { unit: 'minutes', count: 45 }],
    [3 * HOUR + 59 * MIN, { unit: 'hours', count: 3 }],
    [23 * HOUR, { unit: 'hours', count: 23 }],
    [2 * 24 * HOUR + 5 * HOUR, { unit: 'days', count: 2 }],
    [-5 * MIN, { unit: 'minutes', count: 0 }],
  ])('when %i ms have passed, then it reads %j', (elapsed, expected) => {
    expect(waitingTime(1_000_000_000_000, 1_000_000_000_000 + elapsed)).toEqual(expected);
  });
});

describe('utcDayStart', () => {
  it('when the day is real, then it is 00:00 UTC of it; else null', () => {
    expect(utcDayStart('2026-11-21')).toBe(Date.UTC(2026, 10, 21));
    expect(utcDayStart('2026-02-30')).toBeNull();
    expect(utcDayStart('21/11/2026')).toBeNull();
    expect(utcDayStart('')).toBeNull();
  });
});

describe('formatUtcDateTime', () => {
  it('names the zone and does not throw in any supported language (dateStyle cannot go with timeZoneName)', () => {
    const end = Date.UTC(2026, 11, 5, 23, 59, 59, 999);
    expect(formatUtcDateTime(end, 'en')).toMatch(/Dec 5, 2026.*11:59.*UTC/);
    for (const lng of ['ar-SA', 'de-DE', 'ja-JP', 'zh-HK', 'tr-TR'])
      expect(formatUtcDateTime(end, lng)).toMatch(/2026/);
  });

  it('D34: every language, ar-SA included, writes Western digits and Gregorian dates', () => {
    const end = Date.UTC(2026, 11, 5, 12, 0, 0);
    for (const text of [
      formatUtcDateTime(end, 'ar-SA'),
      formatDateTime(end, 'ar-SA'),
      formatDate(end, 'ar-SA'),
    ]) {
      expect(text).toMatch(/2026/);
      expect(text).not.toMatch(/[\u0660-\u0669\u06F0-\u06F9]/u);
    }
  });
});

import { describe, expect, it } from 'vitest';
import { MAX_AGE_HOURS, parseMinAgeHours, parsePage, parseSite } from './queue-query.ts';

describe('queue filters in the URL', () => {
  it('a waiting time is a whole number of hours up to a year', () => {
    expect(parseMinAgeHours('48')).toBe(48);
    expect(parseMinAgeHours('0')).toBe(0);
    expect(parseMinAgeHours(String(MAX_AGE_HOURS))).toBe(MAX_AGE_HOURS);
    for (const bad of [null, '', '-1', '1.5', String(MAX_AGE_HOURS + 1), '12345', 'abc'])
      expect(parseMinAgeHours(bad), String(bad)).toBeUndefined();
  });

  it('a site is 2 to 8 letters, upper-cased', () => {
    expect(parseSite(' eu ')).toBe('EU');
    expect(parseSite('GLOBAL')).toBe('GLOBAL');
    for (const bad of [null, '', 'X', 'TOOLONGSITE', 'E1'])
      expect(parseSite(bad), String(bad)).toBeUndefined();
  });

  it('a page is 1 or more, else the first', () => {
    expect(parsePage('3')).toBe(3);
    for (const bad of [null, '', '0', '-2', '1e3', '1234567']) expect(parsePage(bad), String(bad)).toBe(1);
  });
});

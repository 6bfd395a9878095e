import { describe, expect, it } from 'vitest';
import { AppError } from '../../lib/app-error.ts';
import { checkedValues, isCalendarDate, isHttpsSource } from './country-lists-admin.ts';

const NOW = Date.UTC(2026, 1, 20, 12);
const ADD = {
  action: 'add',
  baseVersion: 1,
  list: 'fatf_call_for_action',
  country: 'FR',
  listedSince: ' 2026-02-20 ',
  published: '2026-02-20',
  source: ' https://www.fatf-gafi.org/list.html ',
} as const;

const codeOf = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    return error instanceof AppError ? error.code : 'other';
  }
  return 'none';
};

describe('country list entry checks', () => {
  it('when a date is written, then only a real calendar day as YYYY-MM-DD passes', () => {
    expect(['2024-02-29', '2026-12-31'].map(isCalendarDate)).toEqual([true, true]);
    expect(
      ['2026-02-29', '2026-02-30', '2026-13-01', '20.02.2026', '2026-2-1', ''].map(isCalendarDate),
    ).toEqual([false, false, false, false, false, false]);
  });

  it('when a source is written, then it must begin with an https URL with a host; a note may follow', () => {
    expect(isHttpsSource('https://eur-lex.europa.eu/eli/reg_del/2016/1675/oj (amended by 2025/1184)')).toBe(
      true,
    );
    expect(isHttpsSource('http://www.fatf-gafi.org/')).toBe(false);
    expect(isHttpsSource('see https://www.fatf-gafi.org/')).toBe(false);
    expect(isHttpsSource('https://localhost/list')).toBe(false);
    expect(isHttpsSource('javascript:alert(1)')).toBe(false);
  });

  it('when an entry is checked, then its values are trimmed, an empty "since" is null, and each fault has its code', () => {
    expect(checkedValues(ADD, NOW)).toEqual({
      listed_since: '2026-02-20',
      published: '2026-02-20',
      source: 'https://www.fatf-gafi.org/list.html',
    });
    expect(checkedValues({ ...ADD, listedSince: ' ' }, NOW).listed_since).toBeNull();
    expect(codeOf(() => checkedValues({ ...ADD, published: '2026-02-21' }, NOW))).toBe(
      'RISK_COUNTRY_LIST_DATE_INVALID',
    );
    expect(codeOf(() => checkedValues({ ...ADD, listedSince: '2026-02-31' }, NOW))).toBe(
      'RISK_COUNTRY_LIST_DATE_INVALID',
    );
    // A country may be listed from a date after the publication (an EU amendment's entry into force).
    expect(codeOf(() => checkedValues({ ...ADD, listedSince: '2026-08-05' }, NOW))).toBe('none');
    expect(codeOf(() => checkedValues({ ...ADD, source: 'ftp://x.example/list' }, NOW))).toBe(
      'RISK_COUNTRY_LIST_SOURCE_INVALID',
    );
  });
});

import { describe, expect, it } from 'vitest';
import { periodOf } from './period.ts';

const NOW = Date.UTC(2026, 10, 28, 15, 30);

describe('periodOf', () => {
  it('when no period is given, then it is the last 30 days with today', () => {
    expect(periodOf({}, NOW)).toMatchObject({ from: '2026-10-30', to: '2026-11-28', days: 30 });
  });

  it('when both days are given, then both are included', () => {
    const p = periodOf({ from: '2026-11-01', to: '2026-11-01' }, NOW);
    expect(p).toMatchObject({ days: 1, startMs: Date.UTC(2026, 10, 1), endMs: Date.UTC(2026, 10, 2) });
  });

  it('when a day is not a real date or from is after to, then 55031', () => {
    for (const query of [
      { from: '2026-02-30' },
      { to: 'yesterday' },
      { from: '2026-11-02', to: '2026-11-01' },
    ])
      expect(() => periodOf(query, NOW)).toThrow(
        expect.objectContaining({ code: 'DASHBOARD_PERIOD_INVALID' }),
      );
  });

  it('when the period is longer than 366 days, then 55032', () => {
    expect(periodOf({ from: '2024-01-01', to: '2024-12-31' }, NOW).days).toBe(366);
    expect(() => periodOf({ from: '2024-01-01', to: '2025-01-01' }, NOW)).toThrow(
      expect.objectContaining({ code: 'DASHBOARD_PERIOD_TOO_LONG' }),
    );
  });
});

import { describe, expect, it } from 'vitest';
import type { ServiceLevel } from './api/service-levels.ts';
import { parseHours, rebase, textsOf, validateLevels } from './service-level-form.ts';

const READ: ServiceLevel[] = [
  { kind: 'level_1', hours: 48, updatedAt: 0 },
  { kind: 'level_2', hours: 72, updatedAt: 0 },
  { kind: 'questionnaire', hours: 120, updatedAt: 5 },
];

describe('service-level form', () => {
  it('when hours are typed, then only whole hours from 1 to 720 are accepted', () => {
    expect(parseHours(' 36 ')).toBe(36);
    expect(parseHours('1')).toBe(1);
    expect(parseHours('720')).toBe(720);
    for (const wrong of ['0', '721', '4.5', '-3', '', '1e2', '٣٦', 'twelve'])
      expect(parseHours(wrong)).toBeNull();
  });

  it('when the form is checked, then the wrong rows are named in order and only changed rows are sent over their row as read', () => {
    expect(validateLevels(READ, { ...textsOf(READ), level_1: '36' })).toEqual({
      invalid: [],
      changes: [{ kind: 'level_1', hours: 36, updatedAt: 0 }],
    });
    expect(validateLevels(READ, textsOf(READ))).toEqual({ invalid: [], changes: [] });
    expect(validateLevels(READ, { level_1: '0', level_2: '72', questionnaire: 'x' })).toEqual({
      invalid: ['level_1', 'questionnaire'],
      changes: [],
    });
  });

  it('when someone changed rows meanwhile, then rows left as read take the saved value and edited rows keep what was typed', () => {
    const current: ServiceLevel[] = [
      { kind: 'level_1', hours: 40, updatedAt: 9 },
      { kind: 'level_2', hours: 96, updatedAt: 9 },
      { kind: 'questionnaire', hours: 120, updatedAt: 5 },
    ];
    const typed = { level_1: '36', level_2: '72', questionnaire: '100' };

    expect(rebase(READ, current, typed)).toEqual({
      texts: { level_1: '36', level_2: '96', questionnaire: '100' },
      changedMeanwhile: ['level_1', 'level_2'],
    });
  });
});

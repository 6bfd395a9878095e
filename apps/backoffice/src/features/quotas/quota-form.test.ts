import { describe, expect, it } from 'vitest';
import { limitText, rowOf, unsavedChanges } from './quota-form.ts';

const held = [
  { scope: 'KYC', level: 1, coin: 'BTC', limit: 2.5 },
  { scope: 'KYB', level: 2, coin: 'BTC', limit: 500 },
];

describe('quota form', () => {
  it('when a stored limit becomes a row, then its amount is written without grouping or exponent', () => {
    expect(rowOf({ scope: 'KYB', level: 2, coin: 'BTC', limit: 0.00000001 }, 4)).toEqual({
      key: 4,
      scope: 'KYB',
      level: 2,
      coin: 'BTC',
      limit: '0.00000001',
    });
    expect(limitText(5_000_000)).toBe('5000000');
  });

  it('when the changes hold stored amounts, then only new limits and changed amounts are unsaved', () => {
    const changes = [
      { scope: 'KYC' as const, level: 1, coin: 'BTC', limit: '2.50' },
      { scope: 'KYB' as const, level: 2, coin: 'BTC', limit: '600' },
      { scope: 'KYC' as const, level: 2, coin: 'BTC', limit: '2.5' },
    ];

    expect(unsavedChanges(changes, held)).toEqual([changes[1], changes[2]]);
  });
});

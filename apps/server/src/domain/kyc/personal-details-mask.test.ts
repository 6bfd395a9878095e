import { describe, expect, it } from 'vitest';
import { MASKED_DATE, maskName, maskPersonalDetails } from './personal-details-mask.ts';

describe('maskPersonalDetails', () => {
  it('when a name is masked, then each word keeps its first letter and three stars, whatever its length', () => {
    expect(maskName('Ada')).toBe('A***');
    expect(maskName('Mary  Ann ')).toBe('M*** A***');
    expect(maskName('Lovelace-Byron')).toBe('L***');
    expect(maskName('Ёлкина')).toBe('Ё***');
    expect(maskName('𝒜lice')).toBe('𝒜***');
  });

  it('when details are masked, then the date of birth is hidden whole and empty values stay empty', () => {
    expect(
      maskPersonalDetails({ firstName: 'Ada', lastName: 'Lovelace', dateOfBirth: '1990-05-17' }),
    ).toEqual({ firstName: 'A***', lastName: 'L***', dateOfBirth: MASKED_DATE });
    expect(maskPersonalDetails({ firstName: '', lastName: '', dateOfBirth: '' })).toEqual({
      firstName: '',
      lastName: '',
      dateOfBirth: '',
    });
  });
});

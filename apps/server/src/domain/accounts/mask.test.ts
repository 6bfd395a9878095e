import { describe, expect, it } from 'vitest';
import { maskEmail } from './mask.ts';

describe('maskEmail', () => {
  it('keeps two characters of the local part (one when it is short) and the domain', () => {
    expect(maskEmail('alice@demo.test')).toBe('al***@demo.test');
    expect(maskEmail('l1@demo.test')).toBe('l***@demo.test');
    expect(maskEmail('a@b.co')).toBe('a***@b.co');
    expect(maskEmail('broken')).toBe('***');
  });
});

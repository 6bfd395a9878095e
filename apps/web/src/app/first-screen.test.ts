import { describe, expect, it } from 'vitest';
import { firstScreenOf } from './first-screen';

describe('the first screen of an address (its chunk is preloaded)', () => {
  it.each([
    ['/user/accounts/en/auth/kyc', 'kyc'],
    ['/user/accounts/ja-JP/auth/updatePOA', 'updatePOA'],
    ['/user/accounts/en/auth/personal', 'personal'],
    ['/user/accounts/en/auth', 'personal'],
    ['/user/accounts/en', 'personal'],
    ['/user/accounts/', 'personal'],
    ['/user/accounts/auth/step1', 'step1'],
    ['/user/accounts/en/auth/no-such-screen', null],
    ['/user/accounts/en/auth/kyc/extra', null],
    ['/user/accounts/en/other', null],
    ['/login', null],
  ])('%s → %s', (pathname, screen) => {
    expect(firstScreenOf(pathname)).toBe(screen);
  });
});

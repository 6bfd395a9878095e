import { describe, expect, it } from 'vitest';
import { STAFF_ROLES } from '@kyc/contracts';
import { isStaffRole, parseStaffMe } from './staff-session.tsx';

describe('parseStaffMe', () => {
  it('when the answer matches the contract, then it returns exactly its fields', () => {
    const me = parseStaffMe({ id: 3, email: 'r@x.co', display_name: 'Rita', role: 'auditor', extra: 1 });
    expect(me).toEqual({ id: 3, email: 'r@x.co', display_name: 'Rita', role: 'auditor' });
  });

  it.each([
    ['null', null],
    ['an unknown role', { id: 3, email: 'r@x.co', display_name: 'Rita', role: 'owner' }],
    ['a string id', { id: '3', email: 'r@x.co', display_name: 'Rita', role: 'admin' }],
    ['no display name', { id: 3, email: 'r@x.co', role: 'admin' }],
  ])('when the answer is %s, then it is refused', (_label, value) => {
    expect(() => parseStaffMe(value)).toThrow(TypeError);
  });

  it('when contracts list the staff roles, then every one of them (and nothing else) is known here', () => {
    for (const role of STAFF_ROLES) expect(isStaffRole(role)).toBe(true);
    expect(isStaffRole('toString')).toBe(false);
    expect(isStaffRole('owner')).toBe(false);
  });
});

/**
 * Who may do what in the back office (docs/backoffice.md "Roles"): every back-office use-case checks the
 * staff member's role against the contracts' table (shared with the back office's screens) before it
 * reads or writes anything, and answers PERMISSION_DENIED (10005) otherwise.
 */
import { roleCan, type StaffMe, type StaffPermission } from '@kyc/contracts';
import { AppError } from '../../lib/app-error.ts';

export type Permission = StaffPermission;

export function requirePermission(staff: StaffMe, permission: Permission): void {
  if (!roleCan(staff.role, permission))
    throw new AppError('PERMISSION_DENIED', `role ${staff.role} may not ${permission}`);
}

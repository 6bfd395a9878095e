/**
 * What each staff role may do in the review screens: the contracts' ROLE_PERMISSIONS, the same table
 * the server checks (docs/backoffice.md "Roles"). It only decides which controls are shown; the server
 * checks every request again (10005).
 */
import { roleCan, type StaffPermission, type StaffRole } from '@kyc/contracts';

export type Permission = StaffPermission;

export function can(role: StaffRole, permission: Permission): boolean {
  return roleCan(role, permission);
}

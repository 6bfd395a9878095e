/**
 * What each staff role may do in the review screens: the server's ROLE_PERMISSIONS
 * (apps/server/src/domain/backoffice/review.ts, docs/backoffice.md "Roles") as data. It only decides
 * which controls are shown; the server checks every request again (10005).
 */
import type { StaffRole } from '@kyc/contracts';

export type Permission =
  | 'view_cases'
  | 'decide'
  | 'confirm_final'
  | 'read_audit'
  | 'edit_quotas'
  | 'edit_countries'
  | 'manage_staff'
  | 'manage_partners';

export const ROLE_PERMISSIONS: Record<StaffRole, readonly Permission[]> = {
  reviewer: ['view_cases', 'decide'],
  senior_reviewer: ['view_cases', 'decide', 'confirm_final'],
  admin: [
    'view_cases',
    'decide',
    'confirm_final',
    'read_audit',
    'edit_quotas',
    'edit_countries',
    'manage_staff',
    'manage_partners',
  ],
  auditor: ['read_audit'],
};

export function can(role: StaffRole, permission: Permission): boolean {
  return ROLE_PERMISSIONS[role].includes(permission);
}

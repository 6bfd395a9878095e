import type { StaffRole } from './api/account.ts';

/**
 * What each staff role may do (docs/backoffice.md "Roles"), written once: the server checks every
 * request against it (10005), and the back office uses the same table only to decide which controls to
 * show.
 */
export type StaffPermission =
  | 'view_cases'
  | 'decide'
  | 'confirm_final'
  | 'read_audit'
  | 'edit_quotas'
  | 'edit_countries'
  | 'manage_staff'
  | 'manage_partners'
  /** Provider routing (D23): which verification provider serves which country. */
  | 'edit_provider_routes'
  /** Issue 17: assign, reassign and break claims on cases (leads). */
  | 'assign_cases'
  /** Issue 17: the service level per kind of work. */
  | 'edit_service_levels'
  /** Issue 20: read the retention policies, legal holds and redaction records (compliance). */
  | 'read_retention'
  /** Issue 20: place and lift legal holds (compliance). */
  | 'manage_legal_holds'
  /** Issue 20: change the retention policies and run the erasure job now. */
  | 'edit_retention'
  /**
   * Issue 20 (D75): produce a person's copy of their data for a subject access request, with a recorded
   * reason (compliance: senior reviewers and admins).
   */
  | 'export_subject_data'
  /** Issue 20: close a person's account from the back office, with a reason (audited). */
  | 'close_accounts'
  /** Issue 20 (D78): open a closed or held person's data, with a recorded reason (senior reviewers, admins). */
  | 'access_closed_accounts'
  /** Issue 17: the dashboard's figures (backlog, decisions, rates, time to decision, breaches) and their CSV. */
  | 'read_figures'
  /** Issue 17: each reviewer's throughput on the dashboard (leads and admins). */
  | 'read_team_figures'
  /** Issue 18 "Risk score": change the risk weights and thresholds (admins; versioned, audited). */
  | 'edit_risk_weights'
  /** Issue 18 (D95): refresh the screening lists now (admins; audited). */
  | 'refresh_screening_lists';

export const ROLE_PERMISSIONS: Record<StaffRole, readonly StaffPermission[]> = {
  reviewer: ['view_cases', 'decide', 'read_figures'],
  senior_reviewer: [
    'view_cases',
    'decide',
    'confirm_final',
    'assign_cases',
    'read_retention',
    'manage_legal_holds',
    'export_subject_data',
    'close_accounts',
    'access_closed_accounts',
    'read_figures',
    'read_team_figures',
  ],
  admin: [
    'view_cases',
    'decide',
    'confirm_final',
    'read_audit',
    'edit_quotas',
    'edit_countries',
    'manage_staff',
    'manage_partners',
    'edit_provider_routes',
    'assign_cases',
    'edit_service_levels',
    'read_retention',
    'manage_legal_holds',
    'edit_retention',
    'export_subject_data',
    'close_accounts',
    'access_closed_accounts',
    'read_figures',
    'read_team_figures',
    'edit_risk_weights',
    'refresh_screening_lists',
  ],
  auditor: ['read_audit', 'read_retention', 'read_figures'],
};

export function roleCan(role: StaffRole, permission: StaffPermission): boolean {
  return ROLE_PERMISSIONS[role].includes(permission);
}

/**
 * The signed-in staff member. The route guard loads it (GET /backoffice/api/me) and provides it; any
 * screen inside the shell reads it with useStaff() instead of asking the server again.
 */
import { createContext, useContext } from 'react';
import type { StaffMe, StaffRole } from '@kyc/contracts';
import { api } from './api-client.ts';

/**
 * The roles of contracts' STAFF_ROLES, as a record so that a role added there is a compile error here.
 * (Importing STAFF_ROLES itself would pull its module's zod schemas, about 24 kB gzip, into the bundle.)
 */
const KNOWN_ROLES: Record<StaffRole, true> = {
  reviewer: true,
  senior_reviewer: true,
  admin: true,
  auditor: true,
};

export function isStaffRole(value: unknown): value is StaffRole {
  return typeof value === 'string' && Object.hasOwn(KNOWN_ROLES, value);
}

/** The contracts' `staffMe` schema, checked by hand (see above). Unknown fields are dropped, as zod would. */
export function parseStaffMe(value: unknown): StaffMe {
  const v = (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>;
  const { id, email, display_name, role } = v;
  if (
    typeof id !== 'number' ||
    !Number.isInteger(id) ||
    typeof email !== 'string' ||
    typeof display_name !== 'string' ||
    !isStaffRole(role)
  ) {
    throw new TypeError('Not a StaffMe');
  }
  return { id, email, display_name, role };
}

export function fetchStaffMe(signal?: AbortSignal): Promise<StaffMe> {
  return api.get<StaffMe>('/me', { signal, parse: parseStaffMe });
}

export const StaffContext = createContext<StaffMe | null>(null);

export function useStaff(): StaffMe {
  const staff = useContext(StaffContext);
  if (!staff) throw new Error('useStaff() is only available inside the signed-in shell');
  return staff;
}

import { Outlet, useLoaderData } from 'react-router';
import type { StaffMe } from '@kyc/contracts';
import { StaffContext } from '../lib/staff-session.tsx';

/** Provides the staff member loaded by staffLoader to everything inside the shell. */
export function RequireStaff() {
  const staff = useLoaderData<StaffMe>();
  return (
    <StaffContext.Provider value={staff}>
      <Outlet />
    </StaffContext.Provider>
  );
}

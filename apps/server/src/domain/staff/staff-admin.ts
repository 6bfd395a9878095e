/**
 * Staff administration (issue 11, docs/backoffice.md "Staff"): administrators list the members and reset
 * another member's second factor. A reset forgets the TOTP secret, the recovery codes and every session
 * of the member, who enrols again at the next sign-in (password, then a new secret confirmed by its
 * first code). It is a compare-and-set (of two resets at once one wins; the other answers 20009) written
 * in one transaction with its audit entry, which keeps the required reason. Issue 17 (D121): they also
 * set the sites each member works, for the automatic case assignment (a compare-and-set on the member's
 * `sites_version`, audited `staff.sites.update`).
 */
import {
  RESET_REASON_MAX,
  RESET_REASON_MIN,
  type StaffListQuery,
  type StaffListResult,
  type StaffMe,
  type StaffMemberEntry,
  type StaffSitesRequest,
  isSiteCode,
} from '@kyc/contracts';
import type { Repositories, TxRepositories } from '../../data/repositories/index.ts';
import type { StaffRow } from '../../data/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { requirePermission } from '../backoffice/permissions.ts';
import { toStaffMe } from './staff-auth.ts';

function entryOf(row: StaffRow, remaining: number, sites: readonly string[] = []): StaffMemberEntry {
  return {
    id: row.id,
    email: row.email,
    displayName: row.display_name,
    role: toStaffMe(row).role,
    disabled: Boolean(row.disabled),
    secondFactor: row.totp_secret ? 'enrolled' : 'not_enrolled',
    enrolledAt: row.totp_enrolled_at,
    recoveryCodesRemaining: row.totp_secret ? remaining : 0,
    lastLoginAt: row.last_login_at,
    sites: sites.filter(isSiteCode),
    sitesVersion: Number(row.sites_version),
  };
}

export function staffAdminUseCases(repos: Repositories) {
  return {
    /** One page of members by id (keyset paging: `cursor` is the last id of the page before). */
    async list(admin: StaffMe, query: StaffListQuery): Promise<StaffListResult> {
      requirePermission(admin, 'manage_staff');
      const rows = await repos.staff.page(Number(query.cursor ?? 0), query.limit + 1);
      const page = rows.slice(0, query.limit);
      const ids = page.map((row) => row.id);
      const [status, sites] = await Promise.all([repos.recoveryCodes.status(ids), repos.staff.sitesOf(ids)]);
      const last = page.at(-1);
      return {
        items: page.map((row) => entryOf(row, status.get(row.id)?.remaining ?? 0, sites.get(row.id))),
        nextCursor: rows.length > query.limit && last ? String(last.id) : null,
      };
    },

    /** 20008 no such member, 20010 one's own, 20011 no reason, 20009 nothing to reset. */
    async resetSecondFactor(
      admin: StaffMe,
      staffId: number,
      rawReason: string,
      now = Date.now(),
    ): Promise<StaffMemberEntry> {
      requirePermission(admin, 'manage_staff');
      const reason = rawReason.trim();
      if (reason.length < RESET_REASON_MIN || reason.length > RESET_REASON_MAX)
        throw new AppError(
          'STAFF_RESET_REASON_REQUIRED',
          `reason: ${RESET_REASON_MIN} to ${RESET_REASON_MAX} characters`,
        );
      if (staffId === admin.id)
        throw new AppError('STAFF_SELF_RESET_REFUSED', 'another administrator resets your second factor');
      return repos.transaction(async (tx) => {
        const member = await tx.staff.findById(staffId);
        if (!member) throw new AppError('STAFF_MEMBER_NOT_FOUND', `no staff member ${staffId}`, 404);
        if (!(await tx.staff.clearTotp(staffId)))
          throw new AppError('STAFF_SECOND_FACTOR_NOT_SET', `staff member ${staffId} has no second factor`);
        await tx.recoveryCodes.deleteAll(staffId);
        const sessionsEnded = await tx.sessions.deleteAllOf('staff', staffId);
        await tx.audit.insert(
          {
            staffId: admin.id,
            action: 'staff.second_factor_reset',
            caseRef: `staff:${staffId}`,
            details: { memberId: staffId, memberEmail: member.email, reason, sessionsEnded },
          },
          now,
        );
        return entryOfMember(tx, staffId, member);
      });
    },

    /**
     * Issue 17 (D121): the sites a member works, for the automatic case assignment (empty: every site),
     * over the version read (55015 when it moved meanwhile), in one transaction with the audit entry.
     */
    async setSites(
      admin: StaffMe,
      staffId: number,
      request: StaffSitesRequest,
      now = Date.now(),
    ): Promise<StaffMemberEntry> {
      requirePermission(admin, 'manage_staff');
      const sites = [...request.sites].sort();
      return repos.transaction(async (tx) => {
        const member = await tx.staff.findById(staffId);
        if (!member) throw new AppError('STAFF_MEMBER_NOT_FOUND', `no staff member ${staffId}`, 404);
        const before = (await tx.staff.sitesOf([staffId])).get(staffId) ?? [];
        if (!(await tx.staff.setSites(staffId, sites, request.sitesVersion)))
          throw new AppError('STAFF_SITES_CHANGED');
        await tx.audit.insert(
          {
            staffId: admin.id,
            action: 'staff.sites.update',
            caseRef: `staff:${staffId}`,
            details: { memberId: staffId, from: before, to: sites },
          },
          now,
        );
        return entryOfMember(tx, staffId, member);
      });
    },
  };
}

/** The member's entry as it stands in the transaction (after a change). */
async function entryOfMember(
  tx: TxRepositories,
  staffId: number,
  member: StaffRow,
): Promise<StaffMemberEntry> {
  const after = (await tx.staff.findById(staffId)) ?? member;
  const remaining = (await tx.recoveryCodes.status([staffId])).get(staffId)?.remaining ?? 0;
  return entryOf(after, remaining, (await tx.staff.sitesOf([staffId])).get(staffId));
}
export type StaffAdminUseCases = ReturnType<typeof staffAdminUseCases>;

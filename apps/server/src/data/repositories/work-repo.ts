import type { Db } from '../db.ts';
import type { CaseClaimRow } from '../schema/index.ts';

/** A claim as the queue and the case page show it: who, until when, with the member's name. */
export interface ActiveClaim extends CaseClaimRow {
  staff_display_name: string | null;
  staff_email: string | null;
}

/** A live claim as a list page reads it beside its rows (the claim joined as `c`, its member as `cs`). */
export type ListedClaim = Pick<
  ActiveClaim,
  'staff_id' | 'expires_at' | 'version' | 'staff_display_name' | 'staff_email'
>;

/** The columns a list page selects for each row's live claim: `claimOfRow` reads them back. */
export const CLAIM_COLUMNS = [
  'c.staff_id as claim_staff_id',
  'c.expires_at as claim_expires_at',
  'c.version as claim_version',
  'cs.display_name as claim_staff_display_name',
  'cs.email as claim_staff_email',
] as const;

/** A row's live claim from CLAIM_COLUMNS; null when nobody holds the case. */
export function claimOfRow(r: {
  claim_staff_id: unknown;
  claim_expires_at: unknown;
  claim_version: unknown;
  claim_staff_display_name: string | null;
  claim_staff_email: string | null;
}): ListedClaim | null {
  if (r.claim_staff_id === null || r.claim_expires_at === null) return null;
  return {
    staff_id: Number(r.claim_staff_id),
    expires_at: Number(r.claim_expires_at),
    version: Number(r.claim_version),
    staff_display_name: r.claim_staff_display_name ?? null,
    staff_email: r.claim_staff_email ?? null,
  };
}

/**
 * Issue 17, working a queue together: claims on cases (a verification case `user:<id>`, a questionnaire
 * case `user:<id>/questionnaire:<code>`, D123) and the service levels (migration 026). Every change is a
 * compare-and-set: a claim on `expires_at`/`staff_id`, an assignment and a release on `version`, a
 * service level on `updated_at`; the caller turns a lost one into its ret_code.
 */
export function workRepo(db: Db) {
  return {
    async claimOf(caseRef: string): Promise<CaseClaimRow | undefined> {
      return db.selectFrom('case_claims').selectAll().where('case_ref', '=', caseRef).executeTakeFirst();
    },

    /**
     * The claims still running on these people's verification cases (`user:<id>`), with the assignee's
     * name, in one query. By the case's key, not the person's: a claim on one of their questionnaire
     * cases (`user:<id>/questionnaire:<code>`) is not a claim on their verification case.
     */
    async activeClaims(userIds: readonly number[], now: number): Promise<Map<number, ActiveClaim>> {
      const found = new Map<number, ActiveClaim>();
      if (userIds.length === 0) return found;
      const rows = await db
        .selectFrom('case_claims as c')
        .leftJoin('staff_users as s', 's.id', 'c.staff_id')
        .selectAll('c')
        .select(['s.display_name as staff_display_name', 's.email as staff_email'])
        .where(
          'c.case_ref',
          'in',
          [...new Set(userIds)].map((id) => `user:${id}`),
        )
        .where('c.expires_at', '>', now)
        .execute();
      for (const row of rows) found.set(Number(row.user_id), { ...row, user_id: Number(row.user_id) });
      return found;
    },

    /** The live claim on one case (any kind: `caseRef`), with the assignee's name; undefined when none. */
    async activeClaimOf(caseRef: string, now: number): Promise<ActiveClaim | undefined> {
      const row = await db
        .selectFrom('case_claims as c')
        .leftJoin('staff_users as s', 's.id', 'c.staff_id')
        .selectAll('c')
        .select(['s.display_name as staff_display_name', 's.email as staff_email'])
        .where('c.case_ref', '=', caseRef)
        .where('c.expires_at', '>', now)
        .executeTakeFirst();
      return row && { ...row, user_id: Number(row.user_id) };
    },

    /**
     * Claims the case for `staffId` when nobody holds it, the claim expired, or `staffId` holds it
     * already (renewed). Of two claims at once one inserts; the other finds a live claim of someone else.
     */
    async claim(
      caseRef: string,
      userId: number,
      staffId: number,
      now: number,
      expiresAt: number,
    ): Promise<boolean> {
      const inserted = await db
        .insertInto('case_claims')
        .values({
          case_ref: caseRef,
          user_id: userId,
          staff_id: staffId,
          assigned_by: staffId,
          claimed_at: now,
          expires_at: expiresAt,
          version: 1,
        })
        .onConflict((oc) => oc.column('case_ref').doNothing())
        .executeTakeFirst();
      if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1) return true;
      const taken = await db
        .updateTable('case_claims')
        .set((eb) => ({
          staff_id: staffId,
          assigned_by: staffId,
          claimed_at: now,
          expires_at: expiresAt,
          version: eb('version', '+', 1),
        }))
        .where('case_ref', '=', caseRef)
        .where((eb) => eb.or([eb('expires_at', '<=', now), eb('staff_id', '=', staffId)]))
        .executeTakeFirst();
      return Number(taken.numUpdatedRows) === 1;
    },

    /**
     * A lead's assignment: to `staffId`, over the claim as read (`expectedVersion`, null: none was
     * there). False when the claim changed meanwhile.
     */
    async assign(
      caseRef: string,
      userId: number,
      staffId: number,
      leadId: number,
      expectedVersion: number | null,
      now: number,
      expiresAt: number,
    ): Promise<boolean> {
      if (expectedVersion === null) {
        const inserted = await db
          .insertInto('case_claims')
          .values({
            case_ref: caseRef,
            user_id: userId,
            staff_id: staffId,
            assigned_by: leadId,
            claimed_at: now,
            expires_at: expiresAt,
            version: 1,
          })
          .onConflict((oc) => oc.column('case_ref').doNothing())
          .executeTakeFirst();
        return Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1;
      }
      const moved = await db
        .updateTable('case_claims')
        .set((eb) => ({
          staff_id: staffId,
          assigned_by: leadId,
          claimed_at: now,
          expires_at: expiresAt,
          version: eb('version', '+', 1),
        }))
        .where('case_ref', '=', caseRef)
        .where('version', '=', expectedVersion)
        .executeTakeFirst();
      return Number(moved.numUpdatedRows) === 1;
    },

    /** Ends the claim as read (`version`); false when it changed meanwhile. */
    async release(caseRef: string, version: number): Promise<boolean> {
      const gone = await db
        .deleteFrom('case_claims')
        .where('case_ref', '=', caseRef)
        .where('version', '=', version)
        .executeTakeFirst();
      return Number(gone.numDeletedRows) === 1;
    },

    async serviceLevels() {
      return db.selectFrom('service_levels').selectAll().orderBy('work_kind').execute();
    },

    /** Sets one kind's hours if its row is still as read (`updatedAt`). */
    async setServiceLevel(kind: string, hours: number, updatedAt: number, now: number, staffId: number) {
      const result = await db
        .updateTable('service_levels')
        .set({ hours, updated_at: now, updated_by: staffId })
        .where('work_kind', '=', kind)
        .where('updated_at', '=', updatedAt)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
  };
}
export type WorkRepo = ReturnType<typeof workRepo>;

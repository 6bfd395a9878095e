/**
 * Staff second factor in the back office (issue 11, docs/backoffice.md "Second factor"): a member's own
 * recovery codes, and the administrators' staff list with the audited reset of a member's second factor.
 */
import { z } from 'zod';
import { SITE_CODES } from '../sites.ts';
import { STAFF_ROLES } from './account.ts';

/** GET /backoffice/api/me/recovery-codes: how many unused codes the signed-in member has. */
export const recoveryCodesStatus = z.object({
  remaining: z.number().int(),
  /** When the current set was made; null when the member has none. */
  createdAt: z.number().int().nullable(),
});
export type RecoveryCodesStatus = z.infer<typeof recoveryCodesStatus>;

/** POST /backoffice/api/me/recovery-codes: a new set, shown once; the old codes stop working. */
export const recoveryCodesIssued = z.object({
  codes: z.array(z.string()),
  createdAt: z.number().int(),
});
export type RecoveryCodesIssued = z.infer<typeof recoveryCodesIssued>;

/** GET /backoffice/api/staff (admin): members by id, a page after `cursor` (the last id seen). */
export const staffListQuery = z.object({
  cursor: z
    .string()
    .regex(/^\d{1,15}$/)
    .optional(),
  limit: z.coerce.number().int().min(1).max(100).default(25),
});
export type StaffListQuery = z.infer<typeof staffListQuery>;

export const SECOND_FACTOR_STATES = ['enrolled', 'not_enrolled'] as const;
export type SecondFactorState = (typeof SECOND_FACTOR_STATES)[number];

export const staffMemberEntry = z.object({
  id: z.number().int(),
  email: z.string(),
  displayName: z.string(),
  role: z.enum(STAFF_ROLES),
  disabled: z.boolean(),
  secondFactor: z.enum(SECOND_FACTOR_STATES),
  enrolledAt: z.number().int().nullable(),
  recoveryCodesRemaining: z.number().int(),
  lastLoginAt: z.number().int().nullable(),
  /** Issue 17 (D121): the sites the member works; empty: every site. */
  sites: z.array(z.enum(SITE_CODES)),
  /** Moved by every change of `sites`: send it back with a change (compare-and-set, 55015 when stale). */
  sitesVersion: z.number().int(),
});
export type StaffMemberEntry = z.infer<typeof staffMemberEntry>;

export const staffListResult = z.object({
  items: z.array(staffMemberEntry),
  /** Pass as `cursor` for the next page; null on the last page. */
  nextCursor: z.string().nullable(),
});
export type StaffListResult = z.infer<typeof staffListResult>;

export const staffIdParams = z.object({
  staffId: z.coerce
    .number()
    .int()
    .positive()
    .max(2 ** 52),
});

/** The reason is required (20011 when blank after trimming); it is kept in the audit entry. */
export const RESET_REASON_MIN = 3;
export const RESET_REASON_MAX = 500;
export const secondFactorResetRequest = z.object({
  reason: z.string().max(2000).default(''),
});
export type SecondFactorResetRequest = z.infer<typeof secondFactorResetRequest>;

/**
 * PUT /backoffice/api/staff/:staffId/sites (admin, audited): the sites the member works (empty: every
 * site), over the version read (`sitesVersion`); changed meanwhile: 55015.
 */
export const staffSitesRequest = z.object({
  sites: z
    .array(z.enum(SITE_CODES))
    .max(SITE_CODES.length)
    .refine((sites) => new Set(sites).size === sites.length, 'each site once'),
  sitesVersion: z.number().int().min(0),
});
export type StaffSitesRequest = z.infer<typeof staffSitesRequest>;

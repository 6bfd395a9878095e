/**
 * Back-office partners (/backoffice/api/partners, admin only; docs/sdk.md "Signed partner calls"):
 * the businesses that call the integration API, their allowed origins, first-party and active flags,
 * how many people they are linked to, and their signing secrets (fingerprints only; a new secret is
 * answered once, when it is made). Edits are compare-and-set on `updatedAt`.
 */
import { z } from 'zod';
import { SDK_CODE_PATTERN } from './sdk.ts';

/** GET /backoffice/api/partners: partners in id order, a page after `cursor` (the last id seen). */
export const partnerListQuery = z.object({
  cursor: z.string().regex(SDK_CODE_PATTERN).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export type PartnerListQuery = z.infer<typeof partnerListQuery>;

export const partnerSecretEntry = z.object({
  id: z.number().int(),
  /** The first 8 hex digits of SHA-256(secret): how staff and the partner tell two secrets apart. */
  fingerprint: z.string(),
  createdAt: z.number().int(),
});
export type PartnerSecretEntry = z.infer<typeof partnerSecretEntry>;

export const partnerEntry = z.object({
  id: z.string(),
  name: z.string(),
  allowedOrigins: z.array(z.string()),
  firstParty: z.boolean(),
  active: z.boolean(),
  /** People who agreed to share their verification with this partner (live partner links). */
  linkedUsers: z.number().int(),
  /** Live secrets, oldest first. */
  secrets: z.array(partnerSecretEntry),
  createdAt: z.number().int(),
  /** Compare-and-set: a change names the updatedAt it was made on (54014 when it moved on). */
  updatedAt: z.number().int(),
});
export type PartnerEntry = z.infer<typeof partnerEntry>;

export const partnerList = z.object({
  items: z.array(partnerEntry),
  /** The cursor of the next page; null on the last page. */
  nextCursor: z.string().nullable(),
});
export type PartnerList = z.infer<typeof partnerList>;

export const partnerIdParams = z.object({ id: z.string().regex(SDK_CODE_PATTERN) });
export const partnerSecretParams = z.object({
  id: z.string().regex(SDK_CODE_PATTERN),
  secretId: z.coerce.number().int().positive(),
});

/** Each origin must be an https origin (scheme and host, no path); checked by the server (54015). */
const origins = z.array(z.string().max(255)).max(20);

/** POST /backoffice/api/partners: a new partner; its first secret comes back once. */
export const partnerCreateRequest = z.strictObject({
  id: z.string().regex(SDK_CODE_PATTERN, "must be 1 to 64 characters: letters, digits, '_', '.' or '-'"),
  name: z.string().trim().min(1).max(100),
  allowedOrigins: origins,
  firstParty: z.boolean().default(false),
});
export type PartnerCreateRequest = z.input<typeof partnerCreateRequest>;

/** PATCH /backoffice/api/partners/:id: the fields given change; `updatedAt` is the value read. */
export const partnerPatch = z.strictObject({
  updatedAt: z.number().int().min(0),
  allowedOrigins: origins.optional(),
  firstParty: z.boolean().optional(),
  active: z.boolean().optional(),
});
export type PartnerPatch = z.infer<typeof partnerPatch>;

/**
 * POST /backoffice/api/partners/:id/secrets (a new live secret; the old ones stay live until revoked)
 * and POST …/secrets/:secretId/revoke: both name the partner's updatedAt as read.
 */
export const partnerVersionRequest = z.strictObject({ updatedAt: z.number().int().min(0) });
export type PartnerVersionRequest = z.infer<typeof partnerVersionRequest>;

/** The partner after a change; `secret` only in the answer that made it, never again. */
export const partnerSecretResult = z.object({
  partner: partnerEntry,
  secret: z.string(),
  fingerprint: z.string(),
});
export type PartnerSecretResult = z.infer<typeof partnerSecretResult>;

import { z } from 'zod';

/**
 * GET /v3/private/user/security/sign-ins: the signed-in person's own security log, newest first
 * ("Recent sign-ins" on the personal page; docs/security.md). `cursor` is the last id of the previous page.
 */
export const SECURITY_EVENT_KINDS = [
  'sign_in',
  'sign_up',
  'sign_in_failed',
  'sign_in_throttled',
  'second_factor_failed',
] as const;
export type SecurityEventKind = (typeof SECURITY_EVENT_KINDS)[number];
export const SIGN_INS_PAGE_MAX = 20;

export const signInsQuery = z.object({
  cursor: z.coerce.number().int().positive().optional(),
  limit: z.coerce.number().int().min(1).max(SIGN_INS_PAGE_MAX).default(10),
});
export type SignInsQuery = z.infer<typeof signInsQuery>;

export const signInEvent = z.object({
  id: z.number().int(),
  kind: z.enum(SECURITY_EVENT_KINDS),
  /** ISO 8601 time of the attempt. */
  at: z.string(),
  /** Browser summary, e.g. "Firefox", '' when the request named none. */
  browser: z.string(),
  /** System summary, e.g. "Windows", '' when unknown. */
  system: z.string(),
  /** The client's network only (IPv4 /24, IPv6 /48), '' when unknown. */
  network: z.string(),
});
export type SignInEvent = z.infer<typeof signInEvent>;

export const signInsResult = z.object({
  items: z.array(signInEvent),
  /** The cursor of the next page; null on the last one. */
  next_cursor: z.number().int().nullable(),
});
export type SignInsResult = z.infer<typeof signInsResult>;

import { z } from 'zod';
import { EMAIL_MAX_LENGTH, PASSWORD_MAX_LENGTH } from '../validation.ts';
import { SITE_CODES } from '../sites.ts';

/** POST /user/public/login and POST /user/public/register. Rules beyond shape are checked by the use-case. */
export const credentialsRequest = z.object({
  email: z.string().max(EMAIL_MAX_LENGTH + 64),
  password: z.string().max(PASSWORD_MAX_LENGTH + 1),
});
export type CredentialsRequest = z.infer<typeof credentialsRequest>;

/**
 * POST /user/public/login: the credentials, and the email code (six digits) when default-intercept
 * intercepts the device (D80; without it the answer is 60014 and the password is not checked).
 */
export const signInRequest = credentialsRequest.extend({
  emailCode: z
    .string()
    .regex(/^\d{6}$/, 'six digits')
    .optional(),
});
export type SignInRequest = z.infer<typeof signInRequest>;

export const signInResult = z.object({
  /** Where the browser goes next: the same-origin redirect_url, else the personal verification page. */
  redirect: z.string(),
});
export type SignInResult = z.infer<typeof signInResult>;

/** GET /v2/private/user/profile (spec §3 "User profile"; currency_code never empty: USD). */
export const userProfile = z.object({
  id: z.number().int(),
  email: z.string(),
  currency_code: z.string(),
  sub_attribute: z.string(),
  site: z.enum(SITE_CODES),
  member_tag: z.object({ KYC: z.string() }),
  registered_member_type: z.string(),
  created_at: z.string(),
});
export type UserProfile = z.infer<typeof userProfile>;

/** GET /user/private/member/info. */
export const memberInfo = z.object({
  member_id: z.number().int(),
  email: z.string(),
  site: z.enum(SITE_CODES),
  registered_member_type: z.string(),
  member_tag: z.object({ KYC: z.string() }),
  created_at: z.string(),
  last_login_at: z.string().nullable(),
});
export type MemberInfo = z.infer<typeof memberInfo>;

/** Values of the registered_member_type tag: how the person registered (spec §7 tagmember). */
export const REGISTERED_MEMBER_TYPES = ['individual', 'institution'] as const;
export const TAGGABLE = { registered_member_type: REGISTERED_MEMBER_TYPES } as const;

/** POST /v3/private/user/member/tagmember. */
export const tagMemberRequest = z.object({
  tagName: z.string().max(64),
  value: z.string().max(64),
});
export type TagMemberRequest = z.infer<typeof tagMemberRequest>;

/** Back office: the signed-in staff member (GET /backoffice/api/me). */
export const STAFF_ROLES = ['reviewer', 'senior_reviewer', 'admin', 'auditor'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];
export const staffMe = z.object({
  id: z.number().int(),
  email: z.string(),
  display_name: z.string(),
  role: z.enum(STAFF_ROLES),
});
export type StaffMe = z.infer<typeof staffMe>;

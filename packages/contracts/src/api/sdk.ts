import { z } from 'zod';
import { ALL_LANGUAGES, matchLanguage } from '../languages.ts';
import { SITE_CODES } from '../sites.ts';
import { EMAIL_MAX_LENGTH, URL_MAX_LENGTH, checkEmail } from '../validation.ts';

/**
 * SDK (embedded) mode, spec §6: a partner's server asks for a short-lived access token bound to one of
 * its users; the user's browser then calls the integration endpoints with the headers below instead of
 * a session cookie. Design and threat model: docs/sdk.md.
 */
export const SDK_INTEGRATION_PREFIX = '/v1/s1/kyc/integration/';

/** spec §6: headers of every SDK call made by the browser. */
export const SDK_TOKEN_HEADER = 'kyc-access-token';
export const SDK_ORIGIN_HEADER = 'kyc-access-origin';
export const SDK_BUSINESS_HEADER = 'kyc-access-business';
/** spec §6: kyc-access-origin when the client knows no other value. */
export const DEFAULT_ACCESS_ORIGIN = 'bybit';
/** The partner's server authenticates with its business id (SDK_BUSINESS_HEADER) and this API key. */
export const SDK_KEY_HEADER = 'kyc-access-key';

/** The only `type` of GET token-info (spec §7: sent when the update-POI flag is 'true'). */
export const TOKEN_INFO_TYPES = ['email_update_poi'] as const;

/** Business ids, `from` and `scene` travel in URLs and headers: a narrow alphabet, 1 to 64 characters. */
export const SDK_CODE_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/;
const sdkCode = () =>
  z.string().regex(SDK_CODE_PATTERN, "must be 1 to 64 characters: letters, digits, '_', '.' or '-'");

const email = () =>
  z
    .string()
    .max(EMAIL_MAX_LENGTH)
    .refine((value) => {
      const check = checkEmail(value);
      return check.ok && check.value !== '';
    }, 'invalid email');
const uid = () => z.number().int().positive().max(Number.MAX_SAFE_INTEGER);

/**
 * A partner's own reference for its user (docs/sdk.md "Partner links"): opaque to us, never our email
 * or user id. Letters, digits and . _ : @ - (so a partner's own ids, UUIDs and URNs fit), 1 to 128.
 */
export const PARTNER_REF_PATTERN = /^[A-Za-z0-9._:@-]{1,128}$/;
const userRef = () =>
  z
    .string()
    .regex(PARTNER_REF_PATTERN, "must be 1 to 128 characters: letters, digits, '.', '_', ':', '@' or '-'");

/** Exactly one of the listed fields must be present; the issue names the first field. */
function exactlyOne<T extends Record<string, unknown>>(fields: readonly (keyof T & string)[]) {
  return (value: T, ctx: z.RefinementCtx) => {
    const present = fields.filter((field) => value[field] !== undefined);
    if (present.length !== 1)
      ctx.addIssue({
        code: 'custom',
        path: [present[1] ?? fields[0] ?? ''],
        message: `give exactly one of ${fields.join(', ')}`,
      });
  };
}

/** POST /v1/s1/kyc/integration/access-token (partner server; headers kyc-access-business, kyc-access-key). */
export const accessTokenRequest = z
  .strictObject({
    /**
     * The end user, exactly one of: `userRef`, the partner's own reference (every partner); `uid` or
     * `email`, our identifiers, accepted only from first-party businesses (10001 otherwise).
     */
    userRef: userRef().optional(),
    uid: uid().optional(),
    email: email().optional(),
    /** spec §2: the landing link's `from`; the client sends it as kyc-access-business when it knows nothing better. */
    from: sdkCode(),
    scene: sdkCode().optional(),
    /** A supported language (spec §9), matched case-insensitively; default en. */
    lang: z
      .string()
      .max(16)
      .refine((value) => matchLanguage(value, ALL_LANGUAGES) !== undefined, 'unsupported language')
      .optional(),
    /** Re-verification (update proof of identity): the link carries isUpdatePoi=true. */
    isUpdatePoi: z.boolean().optional(),
    /** The link carries hidden=true (spec §2). */
    hidden: z.boolean().optional(),
    extraParams: z
      .strictObject({
        /** https URL on one of the business's allowed origins, or a path on this portal (spec §2). */
        redirect_url: z.string().min(1).max(URL_MAX_LENGTH).optional(),
      })
      .optional(),
  })
  .superRefine(exactlyOne(['userRef', 'uid', 'email']));
export type AccessTokenRequest = z.infer<typeof accessTokenRequest>;

export const accessTokenResult = z.object({
  /** Opaque, 256 bits; shown once, stored only as its SHA-256. */
  token: z.string(),
  expiresAt: z.string(),
  /** The landing link: {PUBLIC_ORIGIN}/user/accounts/{lang}/auth/sdk?token=…&from=…&lang=…[&isUpdatePoi=true][&hidden=true]. */
  url: z.string(),
});
export type AccessTokenResult = z.infer<typeof accessTokenResult>;

/**
 * POST /v1/s1/kyc/integration/revoke-token (partner server): one token, or every token of one user
 * (`userRef`; `uid` / `email` from first-party businesses only).
 */
export const revokeTokenRequest = z
  .strictObject({
    token: z.string().min(1).max(256).optional(),
    userRef: userRef().optional(),
    uid: uid().optional(),
    email: email().optional(),
  })
  .superRefine(exactlyOne(['token', 'userRef', 'uid', 'email']));
export type RevokeTokenRequest = z.infer<typeof revokeTokenRequest>;

export const revokeTokenResult = z.object({ revoked: z.number().int() });
export type RevokeTokenResult = z.infer<typeof revokeTokenResult>;

/** GET /v1/s1/kyc/integration/token-info query. */
export const tokenInfoQuery = z.object({ type: z.enum(TOKEN_INFO_TYPES).optional() });
export type TokenInfoQuery = z.infer<typeof tokenInfoQuery>;

/**
 * GET /v1/s1/kyc/integration/token-info: what the SPA merges into its user (spec §3 "User object in
 * state"; the SPA itself sets id and sdkToken to the token, and currency_code defaults to USD).
 */
export const sdkTokenInfo = z.object({
  sdkLang: z.string(),
  sdkFrom: z.string(),
  /** The token's scene ('' when none) and business id: the better values for kyc-access-business (spec §6). */
  sdkScene: z.string(),
  sdkBusiness: z.string(),
  isUpdatePoi: z.boolean(),
  hidden: z.boolean(),
  /** The value to send as kyc-access-origin from now on. */
  accessOrigin: z.string(),
  /** KYC level (spec §3 LEVEL_DEFAULT 0, LEVEL_1, LEVEL_2). */
  level: z.number().int(),
  member_tag: z.object({ KYC: z.string() }),
  /** Masked, never the full address. */
  email: z.string(),
  currency_code: z.string(),
  site: z.enum(SITE_CODES),
  extraParams: z.object({ redirect_url: z.string().optional() }),
  expiresAt: z.string(),
  /** Only with type=email_update_poi (re-verification): what that flow shows of the email. */
  email_update_poi: z.object({ email: z.string() }).optional(),
});
export type SdkTokenInfo = z.infer<typeof sdkTokenInfo>;

/** GET /v1/s1/kyc/integration/business-info. */
export const sdkBusinessInfo = z.object({
  businessId: z.string(),
  name: z.string(),
  /** https origins allowed to embed the flow and to receive redirect_url targets. */
  allowedOrigins: z.array(z.string()),
  accessOrigin: z.string(),
});
export type SdkBusinessInfo = z.infer<typeof sdkBusinessInfo>;

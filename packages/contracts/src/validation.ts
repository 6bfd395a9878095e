/**
 * Validation rules of spec §5 and §9, shared by the server and both SPAs so that a form and the API
 * always agree.
 */
export const EMAIL_MAX_LENGTH = 320;
export const URL_MAX_LENGTH = 2048;
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

// A standard address pattern: local part, @, dot-separated labels, a TLD of two or more letters.
const EMAIL_PATTERN =
  /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*\.[A-Za-z]{2,}$/;
const MOBILE_PATTERN = /^\d{7,12}$/;

/** The error of each rule, as spec §5 words it (a form maps it to a translated message). */
export const VALIDATION_ERRORS = {
  email: 'invalid email',
  mobile: 'invalid mobile number',
  url: 'invalid url',
} as const;
export type ValidationError = (typeof VALIDATION_ERRORS)[keyof typeof VALIDATION_ERRORS];

export type FieldCheck = { ok: true; value: string } | { ok: false; error: ValidationError };

/**
 * spec §5: optional email; the trimmed value must match the pattern, else 'invalid email'. Empty passes.
 * spec §9: at most 320 characters.
 */
export function checkEmail(raw: string | null | undefined): FieldCheck {
  const value = (raw ?? '').trim();
  if (value === '') return { ok: true, value };
  if (value.length > EMAIL_MAX_LENGTH || !EMAIL_PATTERN.test(value))
    return { ok: false, error: VALIDATION_ERRORS.email };
  return { ok: true, value };
}

/** spec §5: optional mobile number; trimmed, 7 to 12 digits only, else 'invalid mobile number'. */
export function checkMobile(raw: string | null | undefined): FieldCheck {
  const value = (raw ?? '').trim();
  if (value === '') return { ok: true, value };
  if (!MOBILE_PATTERN.test(value)) return { ok: false, error: VALIDATION_ERRORS.mobile };
  return { ok: true, value };
}

/**
 * spec §9 "url max 2048 in generic form validation": optional web address; trimmed, at most 2048
 * characters, an absolute http or https URL with a host and no white space, else 'invalid url'. Empty
 * passes, like the other optional fields of spec §5. (Other schemes, javascript: above all, are refused:
 * a URL typed into a form is later shown as a link.)
 */
export function checkUrl(raw: string | null | undefined): FieldCheck {
  const value = (raw ?? '').trim();
  if (value === '') return { ok: true, value };
  if (value.length > URL_MAX_LENGTH || /\s/.test(value)) return { ok: false, error: VALIDATION_ERRORS.url };
  try {
    const url = new URL(value);
    if ((url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '')
      return { ok: true, value };
  } catch {
    // not a URL at all
  }
  return { ok: false, error: VALIDATION_ERRORS.url };
}

/** Emails are compared case-insensitively; the stored key is the trimmed, lower-cased address. */
export function normaliseEmail(raw: string): string {
  return raw.trim().toLowerCase();
}

/**
 * Password policy (ASVS 2.1): 8 to 128 characters, any characters, not one of the most common
 * passwords. No composition rules (ASVS 2.1.9).
 */
const COMMON_PASSWORDS = new Set([
  'password',
  'password1',
  'password123',
  '12345678',
  '123456789',
  '1234567890',
  'qwertyui',
  'qwerty123',
  'iloveyou',
  '11111111',
  '00000000',
  'abc12345',
  'abcd1234',
  'letmein1',
  'welcome1',
  'admin123',
  'passw0rd',
  'p@ssw0rd',
  'sunshine',
  'football',
  'baseball',
  'princess',
  'dragon12',
  'monkey12',
  'bitcoin1',
  'bitcoin123',
  'crypto123',
  'qwertyuiop',
  '1q2w3e4r',
  '1qaz2wsx',
  'zaq12wsx',
  'trustno1',
]);

export type PasswordProblem = 'too_short' | 'too_long' | 'too_common';

export function checkPassword(password: string): PasswordProblem | null {
  if (password.length < PASSWORD_MIN_LENGTH) return 'too_short';
  if (password.length > PASSWORD_MAX_LENGTH) return 'too_long';
  if (COMMON_PASSWORDS.has(password.toLowerCase())) return 'too_common';
  return null;
}

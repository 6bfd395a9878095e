/**
 * Validation rules of spec §5 and §9, shared by the server and both SPAs so that a form and the API
 * always agree.
 */
export const EMAIL_MAX_LENGTH = 320;
export const URL_MAX_LENGTH = 2048;
export const PASSWORD_MIN_LENGTH = 12;
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
 * Password policy (ASVS 2.1.1, 2.1.2, 2.1.7, 2.1.9): 12 to 128 characters, any characters, no
 * composition rules, not the account's own email (nor its local part), and (checked by the server only,
 * against the 100 000 most common passwords shipped with it) not a common password. The length counts
 * characters (code points) after runs of white space are taken as one (ASVS 2.1.3 allows that), so twelve
 * spaces are one character, not twelve. The form runs this same function before it submits.
 */
export type PasswordProblem = 'too_short' | 'too_long' | 'contains_email' | 'too_common';

/** Local parts shorter than this are not looked for inside a password (an `a@…` would refuse most). */
const EMAIL_LOCAL_PART_MIN = 3;

export function passwordLength(password: string): number {
  return [...password.normalize('NFKC').replace(/\s+/gu, ' ')].length;
}

export function checkPassword(
  password: string,
  email?: string,
): Exclude<PasswordProblem, 'too_common'> | null {
  const length = passwordLength(password);
  if (length < PASSWORD_MIN_LENGTH) return 'too_short';
  if (password.length > PASSWORD_MAX_LENGTH) return 'too_long';
  if (email && containsEmail(password, email)) return 'contains_email';
  return null;
}

function containsEmail(password: string, rawEmail: string): boolean {
  const email = normaliseEmail(rawEmail);
  const lowered = password.normalize('NFKC').toLowerCase();
  if (email !== '' && lowered.includes(email)) return true;
  const local = email.slice(0, Math.max(0, email.lastIndexOf('@')));
  return local.length >= EMAIL_LOCAL_PART_MIN && lowered.includes(local);
}

import { checkEmail, checkPassword, type PasswordProblem } from '@kyc/contracts';
import type { ParseKeys } from 'i18next';

export type Intent = 'login' | 'register';

type MessageKey = Extract<ParseKeys<'user-accounts'>, `login.errors.${string}`>;

export interface FieldErrors {
  email?: MessageKey;
  password?: MessageKey;
}

const PASSWORD_MESSAGES: Record<PasswordProblem, MessageKey> = {
  too_short: 'login.errors.passwordTooShort',
  too_long: 'login.errors.passwordTooLong',
  contains_email: 'login.errors.passwordContainsEmail',
  too_common: 'login.errors.passwordTooCommon',
};

/**
 * The form's own checks, the same rules the server applies (contracts validation): both fields are
 * required; the email must pass spec §5; a new account's password must pass the password policy (length
 * and not the email; only the server holds the list of common passwords, and its 20014 shows in the
 * form's alert).
 * Signing in does not re-check the policy, so an account is never locked out by a policy change.
 */
export function validateCredentials(intent: Intent, email: string, password: string): FieldErrors {
  const errors: FieldErrors = {};
  if (email.trim() === '') errors.email = 'login.errors.emailRequired';
  else if (!checkEmail(email).ok) errors.email = 'login.errors.emailInvalid';

  if (password === '') errors.password = 'login.errors.passwordRequired';
  else if (intent === 'register') {
    const problem = checkPassword(password, email);
    if (problem) errors.password = PASSWORD_MESSAGES[problem];
  }
  return errors;
}

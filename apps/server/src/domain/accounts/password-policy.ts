/**
 * The password policy of new passwords (ASVS 2.1.1, 2.1.7): the shared length and own-email rules of
 * contracts' checkPassword, then the server-only check against the 100 000 most common passwords
 * (SecLists' 10-million-password-list-top-100000.txt, MIT, shipped in data/reference; docs/decisions.md
 * D41). The list is read once, on the first check, into a Set of lower-cased entries, so a comparison is
 * one lookup and case does not matter ("PASSWORD1234" is as common as "password1234"). Signing in never
 * applies the policy: a policy change does not lock anyone out.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { checkPassword } from '@kyc/contracts';
import { AppError } from '../../lib/app-error.ts';

export const COMMON_PASSWORDS_FILE = path.resolve(
  import.meta.dirname,
  '../../data/reference/common-passwords-100k.txt',
);

let common: Set<string> | undefined;

function commonPasswords(): Set<string> {
  common ??= new Set(
    readFileSync(COMMON_PASSWORDS_FILE, 'utf8')
      .split('\n')
      .map((line) => line.trim().toLowerCase())
      .filter((line) => line !== ''),
  );
  return common;
}

export function isCommonPassword(password: string): boolean {
  return commonPasswords().has(password.normalize('NFKC').trim().toLowerCase());
}

/** Throws the policy's refusal (each reason its own ret_code and message); passes a good password. */
export function assertPasswordPolicy(password: string, email: string): void {
  const problem = checkPassword(password, email);
  if (problem === 'too_short')
    throw new AppError('PASSWORD_TOO_SHORT', 'password must be at least 12 characters');
  if (problem === 'too_long') throw new AppError('WEAK_PASSWORD', 'password must be at most 128 characters');
  if (problem === 'contains_email')
    throw new AppError('PASSWORD_CONTAINS_EMAIL', 'password must not contain your email address');
  if (isCommonPassword(password)) throw new AppError('PASSWORD_TOO_COMMON', 'password is too common');
}

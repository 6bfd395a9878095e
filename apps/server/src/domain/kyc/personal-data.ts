/**
 * Personal data at rest (docs/kyc.md "Personal data at rest"): applicants.first_name, last_name and
 * date_of_birth are stored as ciphertext under the user's data key (data-keys.ts: the same per-user key
 * as the documents, wrapped by the master key). country and residence_country stay clear: rules, queues
 * and routing filter on them.
 *
 * A stored value is '' (nothing given) or `pd1:` + base64 of an AES-256-GCM blob (lib/crypto/envelope)
 * whose additional authenticated data binds it to the user id and the column: a value copied to another
 * user's row, or to another column, does not decrypt. Erasing a user's data key makes every sealed field
 * unreadable together with the documents (crypto-shredding).
 *
 * The only module that seals and opens these columns: kyc-repo calls it for every applicant read and
 * write (so callers see plaintext); code that selects the columns itself calls `openPersonalRows`.
 */
import {
  PERSONAL_FIELDS,
  kycRepo,
  type PersonalDataCipher,
  type PersonalField,
  type PersonalFields,
} from '../../data/repositories/kyc-repo.ts';
import { submissionsRepo } from '../../data/repositories/submissions-repo.ts';
import type { Db } from '../../data/db.ts';
import { decryptBlob, encryptBlob, unwrapDataKey, type MasterKeyring } from '../../lib/crypto/envelope.ts';
import { withDataKey } from './data-keys.ts';

/** Prefix of a sealed value (format version 1). */
export const SEALED_PREFIX = 'pd1:';

export const isSealed = (value: string): boolean => value.startsWith(SEALED_PREFIX);

const aadOf = (userId: number, field: PersonalField) => ({ userId, objectId: `applicants.${field}` });

/** The personal fields of a row that hold a sealed value. */
const sealedFieldsOf = (row: PersonalFields): PersonalField[] =>
  PERSONAL_FIELDS.filter((f) => {
    const value = row[f];
    return typeof value === 'string' && isSealed(value);
  });

/** A copy of the row with these sealed fields opened under the user's data key. */
function opened<T extends PersonalFields>(key: Buffer, userId: number, row: T, fields: PersonalField[]): T {
  const copy = { ...row };
  for (const field of fields) {
    const blob = Buffer.from(String(row[field]).slice(SEALED_PREFIX.length), 'base64');
    (copy as PersonalFields)[field] = decryptBlob(key, blob, aadOf(userId, field)).toString('utf8');
  }
  return copy;
}

/**
 * The given fields sealed under this user's data key ('' and absent fields stay as they are): the one
 * place a personal value is sealed, for the cipher below and for bulk writers (seed:volume).
 */
export function sealFields(key: Buffer, userId: number, fields: PersonalFields): PersonalFields {
  const sealed: PersonalFields = { ...fields };
  for (const field of PERSONAL_FIELDS) {
    const value = fields[field];
    if (value === undefined || value === '') continue;
    sealed[field] =
      SEALED_PREFIX + encryptBlob(key, Buffer.from(value, 'utf8'), aadOf(userId, field)).toString('base64');
  }
  return sealed;
}

export function personalDataCipher(keyring: MasterKeyring, now: () => number = Date.now): PersonalDataCipher {
  const withKey = <T>(db: Db, userId: number, use: (key: Buffer) => T) =>
    withDataKey(submissionsRepo(db), keyring, userId, now(), use);
  const open = async <T extends PersonalFields>(db: Db, userId: number, row: T): Promise<T> => {
    const sealedFields = sealedFieldsOf(row);
    if (sealedFields.length === 0) return row;
    return withKey(db, userId, (key) => opened(key, userId, row, sealedFields));
  };
  return {
    /** The given fields sealed ('' stays '': nothing to hide); fields not given stay out. */
    async seal(db, userId, fields) {
      if (!PERSONAL_FIELDS.some((f) => fields[f] !== undefined && fields[f] !== '')) return { ...fields };
      return withKey(db, userId, (key) => sealFields(key, userId, fields));
    },

    /** The row with its personal fields opened; a value still in clear (not yet sealed) is kept. */
    open,

    async openWith(db, userId, row, wrappedKey) {
      const sealedFields = sealedFieldsOf(row);
      if (sealedFields.length === 0) return row;
      // No key stored: `open` behaves as it always did (it creates one, and the sealed value fails).
      if (!wrappedKey) return open(db, userId, row);
      const key = unwrapDataKey(keyring, userId, wrappedKey);
      try {
        return opened(key, userId, row, sealedFields);
      } finally {
        key.fill(0);
      }
    },

    async openAll(db, rows, userIdOf) {
      const sealedRows = rows.filter((row) => sealedFieldsOf(row).length > 0);
      if (sealedRows.length === 0) return [...rows];
      const keys = await submissionsRepo(db).findDataKeys(sealedRows.map(userIdOf));
      return rows.map((row) => {
        const userId = userIdOf(row);
        const stored = keys.get(userId);
        const sealedFields = sealedFieldsOf(row);
        if (sealedFields.length === 0 || !stored) return row;
        const key = unwrapDataKey(keyring, userId, stored.wrappedKey);
        try {
          return opened(key, userId, row, sealedFields);
        } finally {
          key.fill(0);
        }
      });
    },
  };
}

/**
 * For queries that select personal columns themselves (the back office's queue and case page): each
 * row opened under its own user's key. `userIdOf` names the row's user.
 */
export async function openPersonalRows<T extends PersonalFields>(
  db: Db,
  keyring: MasterKeyring,
  rows: readonly T[],
  userIdOf: (row: T) => number,
): Promise<T[]> {
  return personalDataCipher(keyring).openAll(db, rows, userIdOf);
}

/**
 * Seals every applicant row still holding a clear personal value: rows of before migration 007 and the
 * demo seed (written before the app holds the master key). The app runs it at start-up: a schema
 * migration never sees the master key, by design. Compare-and-set per row, so a concurrent write is
 * never overwritten; idempotent. Answers how many rows it sealed.
 */
export async function sealClearPersonalData(db: Db, keyring: MasterKeyring): Promise<number> {
  const cipher = personalDataCipher(keyring);
  const repo = kycRepo(db);
  let count = 0;
  for (const row of await repo.applicantsWithClearPersonalData(SEALED_PREFIX)) {
    const clear: PersonalFields = {};
    for (const f of PERSONAL_FIELDS) if (row[f] !== '' && !isSealed(row[f])) clear[f] = row[f];
    const sealed = await cipher.seal(db, row.user_id, clear);
    if (await repo.replacePersonalFields(row.user_id, clear, sealed)) count += 1;
  }
  return count;
}

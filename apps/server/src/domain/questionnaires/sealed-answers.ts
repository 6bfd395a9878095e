/**
 * Answers and drafts at rest (docs/questionnaires.md "Storage"): sealed under the user's data key and
 * bound to the user and to what they are (a draft of one template, the answers of one submission by
 * its Idempotency-Key), so a sealed value moved to another row or user does not open.
 */
import type { QuestionnaireAnswers } from '@kyc/contracts';
import { decryptBlob, encryptBlob, type MasterKeyring } from '../../lib/crypto/envelope.ts';
import { withDataKey, type DataKeyStore } from '../kyc/data-keys.ts';

export const draftObject = (code: string) => `questionnaire-draft:${code}`;
export const answersObject = (idempotencyKey: string) => `questionnaire-answers:${idempotencyKey}`;

/** What a draft holds once opened. */
export interface StoredDraft {
  answers: QuestionnaireAnswers;
}

/** Where the key comes from and when it is used (a first use creates the user's key). */
export interface SealingKeys {
  keys: DataKeyStore;
  keyring: MasterKeyring;
  at: number;
}

/** `value` as JSON, sealed for `objectId` of this user. */
export function seal(k: SealingKeys, userId: number, objectId: string, value: unknown): Promise<Buffer> {
  return withDataKey(k.keys, k.keyring, userId, k.at, (key) =>
    encryptBlob(key, Buffer.from(JSON.stringify(value), 'utf8'), { userId, objectId }),
  );
}

/** A value sealed by `seal` for the same user and object; throws if it was moved. */
export function open<T>(k: SealingKeys, userId: number, objectId: string, sealed: Buffer): Promise<T> {
  return withDataKey(
    k.keys,
    k.keyring,
    userId,
    k.at,
    (key) => JSON.parse(decryptBlob(key, Buffer.from(sealed), { userId, objectId }).toString('utf8')) as T,
  );
}

/** A submission's sealed answers (the back office's case, an accepted agreement's copy). */
export function openAnswers(
  k: SealingKeys,
  userId: number,
  idempotencyKey: string,
  sealed: Buffer,
): Promise<QuestionnaireAnswers> {
  return open<QuestionnaireAnswers>(k, userId, answersObject(idempotencyKey), sealed);
}

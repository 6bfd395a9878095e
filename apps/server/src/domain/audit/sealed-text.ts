/**
 * A free text about a person in the audit log (D107): a request for information is written to the person
 * and is personal data, but the audit log is append-only and hash-chained (D40) and cannot be redacted.
 * So the text is sealed under the person's data key before the row is written: the row's hash covers the
 * ciphertext (any change to it breaks the chain as any other edit would), staff with the case read it
 * through the history (opened with the key), and the erasure's crypto-shredding (D72) makes it unreadable
 * without touching the row. Rows written before D107 hold the text in clear and stay as they are.
 * D110: every other free text staff write about a person into an audit row goes the same way
 * (`sealFreeTexts`): a decision's comment, a hit's or a transfer's reason, an access reason.
 */
import { randomUUID } from 'node:crypto';
import { REDACTED_VALUE } from '@kyc/contracts';
import { decryptBlob, encryptBlob, type MasterKeyring } from '../../lib/crypto/envelope.ts';
import { withDataKey, type DataKeyStore } from '../kyc/data-keys.ts';

/** How a sealed text sits in an audit row's details. */
export interface SealedText {
  /** AES-256-GCM under the person's data key, base64. */
  sealed: string;
  /** Random, binds the ciphertext to its place (the blob's object id is `audit-text:<ref>`). */
  ref: string;
}

const objectOf = (ref: string) => `audit-text:${ref}`;

export function sealText(dataKey: Buffer, userId: number, text: string): SealedText {
  const ref = randomUUID();
  const sealed = encryptBlob(dataKey, Buffer.from(text, 'utf8'), { userId, objectId: objectOf(ref) });
  return { sealed: sealed.toString('base64'), ref };
}

export function isSealedText(value: unknown): value is SealedText {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as SealedText).sealed === 'string' &&
    typeof (value as SealedText).ref === 'string'
  );
}

/**
 * The text of a detail value: a string as written before D107, a sealed text opened under the person's
 * key, `[redacted]` when it no longer opens (the key destroyed by the erasure); undefined for anything else.
 */
export function openText(dataKey: Buffer | undefined, userId: number, value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (!isSealedText(value)) return undefined;
  if (!dataKey) return REDACTED_VALUE;
  try {
    const opened = decryptBlob(dataKey, Buffer.from(value.sealed, 'base64'), {
      userId,
      objectId: objectOf(value.ref),
    });
    return opened.toString('utf8');
  } catch {
    return REDACTED_VALUE;
  }
}

/**
 * D110: the free texts (`fields`) of an audit entry's details, each non-empty string sealed under the
 * person's data key (made first if they had none) — one key unwrap for all of them. `store` may be a
 * transaction's repository: the key row then commits (or not) with the entry. Other fields pass as they are.
 */
export async function sealFreeTexts(
  store: DataKeyStore,
  keyring: MasterKeyring,
  userId: number,
  at: number,
  details: Record<string, unknown>,
  fields: readonly string[],
): Promise<Record<string, unknown>> {
  const present = fields.filter((f) => typeof details[f] === 'string' && details[f] !== '');
  if (present.length === 0) return details;
  return withDataKey(store, keyring, userId, at, (key) => {
    const sealed = { ...details };
    for (const f of present) sealed[f] = sealText(key, userId, details[f] as string);
    return sealed;
  });
}

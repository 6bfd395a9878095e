/**
 * The duplicate-document key (issue 19, D97): HMAC-SHA-256 of the MRZ's issuing state and document
 * number under a key derived (HKDF) from a master key, so the number is never stored or compared in
 * clear and the hash is worthless without the server's key. Every key of the keyring gives a hash to
 * look up (a document checked before a master-key rotation is still found); the current key's is stored.
 */
import { createHmac, hkdfSync } from 'node:crypto';
import type { MasterKeyring } from '../../../lib/crypto/envelope.ts';

const LABEL = 'kyc-document-duplicate-v1';

function hashUnder(masterKey: Buffer, issuingState: string, documentNumber: string): string {
  const key = Buffer.from(hkdfSync('sha256', masterKey, Buffer.alloc(0), LABEL, 32));
  const normalised = `${issuingState.toUpperCase()}:${documentNumber.toUpperCase().replace(/[^A-Z0-9]/g, '')}`;
  return createHmac('sha256', key).update(normalised).digest('hex');
}

/** The hash to store (current key) and every hash to look up (each key of the keyring). */
export function documentHashes(
  keyring: MasterKeyring,
  document: { issuingState: string; documentNumber: string },
): { stored: string; lookup: string[] } {
  const lookup = keyring.keys.map((k) => hashUnder(k.key, document.issuingState, document.documentNumber));
  return { stored: lookup[0] as string, lookup };
}

import { describe, expect, it } from 'vitest';
import { createKeyring, DecryptionError } from '../../lib/crypto/envelope.ts';
import type { WrappedKeyRow } from '../../data/repositories/submissions-repo.ts';
import { openDetails, sealDetails, userDataKey, type DataKeyStore } from './data-keys.ts';

const keyring = createKeyring(Buffer.alloc(32, 3));

/** An in-memory store that behaves like the table: the first insert per user wins. */
function memoryStore(): DataKeyStore & { rows: Map<number, WrappedKeyRow> } {
  const rows = new Map<number, WrappedKeyRow>();
  return {
    rows,
    async findDataKey(userId) {
      return rows.get(userId);
    },
    async insertDataKeyIfAbsent(userId, key) {
      if (!rows.has(userId)) rows.set(userId, key);
    },
  };
}

describe('data keys and sealed submission details', () => {
  it('when two first calls race, then both get the one stored key', async () => {
    const store = memoryStore();
    const [a, b] = await Promise.all([userDataKey(store, keyring, 5, 1), userDataKey(store, keyring, 5, 1)]);
    expect(a.equals(b)).toBe(true);
    expect(store.rows.size).toBe(1);
    expect((await userDataKey(store, keyring, 5, 2)).equals(a)).toBe(true);
  });

  it('when details are sealed, then they open only for the same user and Idempotency-Key', async () => {
    const key = await userDataKey(memoryStore(), keyring, 5, 1);
    const details = { firstName: 'Léna', dateOfBirth: '1990-04-12' };
    const sealed = sealDetails(key, 5, 'key-1', details);
    expect(sealed.toString('latin1')).not.toContain('1990-04-12');
    expect(openDetails(key, 5, 'key-1', sealed)).toEqual(details);
    expect(() => openDetails(key, 6, 'key-1', sealed)).toThrow(DecryptionError);
    expect(() => openDetails(key, 5, 'key-2', sealed)).toThrow(DecryptionError);
  });
});

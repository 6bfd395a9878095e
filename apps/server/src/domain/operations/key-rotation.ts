/**
 * Rotating DATA_MASTER_KEY without downtime (D62, docs/operations.md "Rotating DATA_MASTER_KEY"). Every
 * instance is started with the new key as DATA_MASTER_KEY and the old one in DATA_MASTER_KEY_PREVIOUS:
 * from then on new values are sealed under the new key and old ones still open. This use-case then
 * re-seals what the old key sealed, in batches, each value by compare-and-set on what was read:
 *
 * - the users' data keys (re-wrapped: the documents and personal data under them are not touched);
 * - the partners' signing and webhook secrets;
 * - the staff's TOTP secrets.
 *
 * When `remaining()` is all zeros the old key opens nothing the database holds; it stays configured only
 * to verify the audit entries hashed under it (the log is append-only) and recovery codes issued before.
 * Run by `npm run keys:rotate` to the end, and a batch at a time by a scheduled task while a previous key
 * is configured, so an operator who forgets the command still ends up rotated.
 */
import { openTotpSecret, sealTotpSecret } from '../../lib/totp.ts';
import { rewrapDataKey, wrappingKeyId, type MasterKeyring } from '../../lib/crypto/envelope.ts';
import type { Repositories } from '../../data/repositories/index.ts';
import type { SealedRow } from '../../data/repositories/sealed-values-repo.ts';
import { resealPartnerSecret } from '../partners/partner-secrets.ts';
import { resealWebhookSecret } from '../partner-webhooks/webhook-secrets.ts';

export interface RotationCounts {
  dataKeys: number;
  partnerSecrets: number;
  webhookSecrets: number;
  staffTotpSecrets: number;
}

const ZERO: RotationCounts = { dataKeys: 0, partnerSecrets: 0, webhookSecrets: 0, staffTotpSecrets: 0 };

/** One kind of sealed value: how to read a page of it, re-seal one (null: current already), store it. */
interface SealedKind<T, Id = number> {
  /** The key before the first row. */
  start: Id;
  page(after: Id, limit: number): Promise<SealedRow<T, Id>[]>;
  reseal(row: SealedRow<T, Id>): T | null;
  replace(row: SealedRow<T, Id>, sealed: T): Promise<boolean>;
}

export function keyRotationUseCases(deps: { repos: Repositories; keyring: MasterKeyring }) {
  const { keyring } = deps;
  const values = deps.repos.sealedValues;
  const currentId = keyring.current.id;

  /** A staff TOTP secret under the current key, or null when the current key opens it already. */
  function resealTotp(row: SealedRow<string>): string | null {
    const staffId = row.id;
    try {
      openTotpSecret(keyring.current.key, staffId, row.sealed);
      return null;
    } catch {
      // Sealed under a retired key (no key id in this format): the first previous key that opens it.
    }
    for (const previous of keyring.keys.slice(1)) {
      let secret: Buffer;
      try {
        secret = openTotpSecret(previous.key, staffId, row.sealed);
      } catch {
        continue;
      }
      try {
        return sealTotpSecret(keyring.current.key, staffId, secret);
      } finally {
        secret.fill(0);
      }
    }
    throw new Error(`staff ${staffId}: no configured master key opens the TOTP secret`);
  }

  const dataKeys: SealedKind<Buffer> = {
    start: 0,
    page: (after, limit) => values.dataKeysNotUnder(currentId, after, limit),
    reseal: (row) => rewrapDataKey(keyring, row.id, row.sealed),
    replace: (row, sealed) => values.replaceDataKey(row.id, row.sealed, sealed, wrappingKeyId(sealed)),
  };
  const partnerSecrets: SealedKind<string> = {
    start: 0,
    page: (after, limit) => values.partnerSecrets(after, limit),
    reseal: (row) => resealPartnerSecret(keyring, row.owner, row.sealed),
    replace: (row, sealed) => values.replacePartnerSecret(row.id, row.sealed, sealed),
  };
  const webhookSecrets: SealedKind<string, string> = {
    start: '',
    page: (after, limit) => values.webhookSecrets(after, limit),
    reseal: (row) => resealWebhookSecret(keyring, row.owner, row.sealed),
    replace: (row, sealed) => values.replaceWebhookSecret(row.id, row.sealed, sealed),
  };
  const staffTotpSecrets: SealedKind<string> = {
    start: 0,
    page: (after, limit) => values.staffTotpSecrets(after, limit),
    reseal: resealTotp,
    replace: (row, sealed) => values.replaceStaffTotpSecret(row.id, row.sealed, sealed),
  };

  /** Walks one kind from the start, re-sealing up to `budget` values; the number re-sealed. */
  async function walk<T, Id>(kind: SealedKind<T, Id>, budget: number, batchSize: number): Promise<number> {
    let after = kind.start;
    let done = 0;
    while (done < budget) {
      const rows = await kind.page(after, batchSize);
      for (const row of rows) {
        const sealed = kind.reseal(row);
        // A row changed since it was read (a new secret, a new enrolment) is sealed under the current
        // key already: losing the compare-and-set is the right outcome, not an error.
        if (sealed !== null && (await kind.replace(row, sealed))) done += 1;
        if (done >= budget) break;
      }
      const last = rows.at(-1);
      if (!last || rows.length < batchSize) break;
      after = last.id;
    }
    return done;
  }

  return {
    /** Whether a previous key is configured at all (nothing to do otherwise). */
    rotating: keyring.keys.length > 1,

    /** Re-seals up to `budget` values under the current key; how many of each kind were re-sealed. */
    async resealBatch(budget = 1000, batchSize = 200): Promise<RotationCounts> {
      const out = { ...ZERO };
      if (keyring.keys.length < 2) return out;
      out.dataKeys = await walk(dataKeys, budget, batchSize);
      out.partnerSecrets = await walk(partnerSecrets, budget - out.dataKeys, batchSize);
      out.webhookSecrets = await walk(webhookSecrets, budget - out.dataKeys - out.partnerSecrets, batchSize);
      const used = out.dataKeys + out.partnerSecrets + out.webhookSecrets;
      out.staffTotpSecrets = await walk(staffTotpSecrets, budget - used, batchSize);
      return out;
    },

    /** What is still sealed under a retired key (a scan of the small tables; data keys by their key id). */
    async remaining(): Promise<RotationCounts> {
      const count = async <T, Id>(kind: SealedKind<T, Id>) => {
        let after = kind.start;
        let n = 0;
        for (;;) {
          const rows = await kind.page(after, 500);
          n += rows.filter((row) => kind.reseal(row) !== null).length;
          const last = rows.at(-1);
          if (!last || rows.length < 500) return n;
          after = last.id;
        }
      };
      return {
        dataKeys: await values.countDataKeysNotUnder(currentId),
        partnerSecrets: await count(partnerSecrets),
        webhookSecrets: await count(webhookSecrets),
        staffTotpSecrets: await count(staffTotpSecrets),
      };
    },
  };
}
export type KeyRotationUseCases = ReturnType<typeof keyRotationUseCases>;

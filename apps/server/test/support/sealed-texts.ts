/**
 * The free texts of audit rows sealed under a person's data key (D107, D110), opened as the back office
 * opens them: with the key stored for that person (undefined when it is gone: `[redacted]`).
 */
import type { AppFixture } from './app-fixture.ts';
import { TEST_MASTER_KEY } from './test-app.ts';
import { repositories } from '../../src/data/repositories/index.ts';
import { openText } from '../../src/domain/audit/sealed-text.ts';
import { withStoredDataKey } from '../../src/domain/kyc/data-keys.ts';
import { createKeyring } from '../../src/lib/crypto/envelope.ts';

const keyring = createKeyring(Buffer.from(TEST_MASTER_KEY, 'base64'));

/** Each value opened under `userId`'s stored key (one key read for all). */
export function openedTexts(fixture: AppFixture, userId: number, values: readonly unknown[]) {
  return withStoredDataKey(repositories(fixture.database.db).submissions, keyring, userId, (key) =>
    values.map((v) => openText(key, userId, v)),
  );
}

/**
 * `npm run keys:rotate` (D62, docs/operations.md "Rotating DATA_MASTER_KEY"): with the new key as
 * DATA_MASTER_KEY and the old one in DATA_MASTER_KEY_PREVIOUS, re-seals everything the old key sealed,
 * in batches, while the instances keep serving; prints progress and what is left. Exit 0: nothing is
 * sealed under a retired key any more; 2: something could not be re-sealed (named); 1: could not run.
 */
import { loadConfig } from '../config.ts';
import { createKeyring } from '../lib/crypto/envelope.ts';
import { databaseOptionsOf, openDatabase } from '../data/db.ts';
import { repositories } from '../data/repositories/index.ts';
import { keyRotationUseCases, type RotationCounts } from '../domain/operations/key-rotation.ts';

const describe = (counts: RotationCounts) =>
  `data keys ${counts.dataKeys}, partner secrets ${counts.partnerSecrets}, webhook secrets ${counts.webhookSecrets}, staff TOTP secrets ${counts.staffTotpSecrets}`;

export async function keysRotate(env: NodeJS.ProcessEnv, print: (line: string) => void): Promise<number> {
  const config = loadConfig(env);
  if (config.dataMasterKeyPrevious.length === 0) {
    print(
      'DATA_MASTER_KEY_PREVIOUS is not set: start every instance with the new key as DATA_MASTER_KEY and the old one as DATA_MASTER_KEY_PREVIOUS first (docs/operations.md "Rotating DATA_MASTER_KEY")',
    );
    return 1;
  }
  const keyring = createKeyring(config.dataMasterKey, config.dataMasterKeyPrevious);
  const database = openDatabase(config.databaseUrl, { poolSize: 1, ...databaseOptionsOf(config) });
  try {
    const rotation = keyRotationUseCases({ repos: repositories(database.db), keyring });
    print(
      `master key ${keyring.current.id.toString(16)}: still under a retired key: ${describe(await rotation.remaining())}`,
    );
    const total = { dataKeys: 0, partnerSecrets: 0, webhookSecrets: 0, staffTotpSecrets: 0 };
    for (;;) {
      const batch = await rotation.resealBatch(5000, 500);
      const moved = Object.values(batch).reduce((sum, n) => sum + n, 0);
      for (const name of Object.keys(total) as (keyof RotationCounts)[]) total[name] += batch[name];
      if (moved === 0) break;
      print(`re-sealed so far: ${describe(total)}`);
    }
    const left = await rotation.remaining();
    print(`re-sealed: ${describe(total)}`);
    if (Object.values(left).some((n) => n > 0)) {
      print(`NOT DONE, still under a retired key: ${describe(left)}`);
      return 2;
    }
    print(
      'done: nothing is sealed under a retired key; keep it in DATA_MASTER_KEY_PREVIOUS only to verify older audit entries and recovery codes',
    );
    return 0;
  } finally {
    await database.close();
  }
}

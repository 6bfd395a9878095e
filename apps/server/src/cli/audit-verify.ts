/**
 * `npm run audit:verify` (issue 11, docs/operations.md "Verifying the audit log"): walks the whole audit
 * chain from its first entry in batches, as the runtime role (read, and record the result for the audit
 * page), and names the first broken entry. Exit 0: intact; 2: broken; 1: could not run. It prints the
 * chain head: keep that line outside the database (a ticket, a log sink) to anchor the chain in time.
 */
import { loadConfig } from '../config.ts';
import { databaseOptionsOf, openDatabase } from '../data/db.ts';
import { repositories } from '../data/repositories/index.ts';
import { auditChainUseCases } from '../domain/audit/chain-status.ts';
import { useAuditChainKey } from '../lib/audit-chain-hash.ts';

export async function auditVerify(env: NodeJS.ProcessEnv, print: (line: string) => void): Promise<number> {
  const config = loadConfig(env);
  useAuditChainKey(config.dataMasterKey, config.dataMasterKeyPrevious);
  const database = openDatabase(config.databaseUrl, { poolSize: 1, ...databaseOptionsOf(config) });
  try {
    const started = Date.now();
    const { status, head, checked } = await auditChainUseCases(repositories(database.db)).verifyAll(started);
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    print(`audit chain head: entry ${head.id}, hash ${head.hash}`);
    if (status.broken) {
      print(
        `audit chain BROKEN at entry ${status.broken.id} (${status.broken.kind}); ${checked} entries before it verified in ${seconds} s`,
      );
      return 2;
    }
    print(
      `audit chain verified: ${checked} entries, up to entry ${status.verifiedThroughId}, in ${seconds} s`,
    );
    return 0;
  } finally {
    await database.close();
  }
}

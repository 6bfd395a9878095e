/**
 * Counting a request's statements (issue 17): the queue pages pin how many they take
 * (backoffice-queue-reads.int.test.ts, questionnaire-claims.int.test.ts).
 */
import type { KyselyPlugin } from 'kysely';
import type { Database } from '../../src/data/db.ts';

/**
 * The database with every statement it runs recorded while `recording` is on: a plugin on the app's
 * handle sees each query built (subqueries too, each with its own id) and each result that comes back,
 * in transactions as well; a statement is recorded when its result does. BEGIN and COMMIT are the
 * driver's own calls, not queries, and are not counted.
 */
export function recorded(database: Database) {
  const log = { recording: false, statements: [] as string[] };
  const executor = database.db.getExecutor();
  const built = new Map<unknown, string>();
  const counter: KyselyPlugin = {
    transformQuery(args) {
      if (log.recording) built.set(args.queryId, executor.compileQuery(args.node, args.queryId).sql);
      return args.node;
    },
    transformResult: async (args) => {
      const statement = built.get(args.queryId);
      if (log.recording && statement !== undefined) log.statements.push(statement);
      return args.result;
    },
  };
  return { database: { ...database, db: database.db.withPlugin(counter) }, log };
}

/**
 * Until no statement has run for 100 ms (at most 5 s): the work a request starts after its commit
 * (screening, the risk score, the document checks) has finished and cannot be counted as the next
 * request's. Leaves `recording` off and the log empty.
 */
export async function untilQuiet(log: { recording: boolean; statements: string[] }): Promise<void> {
  for (let round = 0; round < 50; round += 1) {
    log.statements = [];
    log.recording = true;
    await new Promise((resolve) => setTimeout(resolve, 100));
    log.recording = false;
    if (log.statements.length === 0) return;
  }
  log.statements = [];
}

/**
 * Two decisions on one case at the same moment (issue 14, docs/decisions.md D46): exactly one commits.
 * The other finds the state it starts from gone — its compare-and-set changes no row, or, having waited
 * for the case's lock, it reads the first one's outcome — and is answered `alreadyDecided` (30081,
 * HTTP 409); its transaction rolls back, so it writes nothing. On SQLite a transaction that read before
 * another instance wrote cannot write (SQLITE_BUSY): `decisionTransaction` runs it again, and the rerun
 * reads the winner's outcome.
 */
import type { Repositories, TxRepositories } from '../../data/repositories/index.ts';
import { isWriteConflict } from '../../data/write-conflict.ts';
import { AppError } from '../../lib/app-error.ts';

/** The loser's answer: `what` (a level, a submission, a questionnaire…) is decided already. */
export const alreadyDecided = (what: string) =>
  new AppError('CASE_ALREADY_DECIDED', `already decided: ${what}; reload the case`, 409);

const ATTEMPTS = 12;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A decision's one transaction, run again (a few times, after a short random pause) on a write conflict. */
export async function decisionTransaction<T>(
  repos: Repositories,
  work: (tx: TxRepositories) => Promise<T>,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await repos.transaction(work);
    } catch (error) {
      if (attempt >= ATTEMPTS || !isWriteConflict(error)) throw error;
      await pause(5 + Math.random() * 10 * attempt);
    }
  }
}

/** Which test databases come booted (support/databases.ts marks them, support/test-app.ts takes the mark). */
import type { Database } from '../../src/data/db.ts';

/**
 * Databases opened from a seeded template, whose start-up work (boot.ts) is already done with the test
 * configuration. The first app built on one (support/test-app.ts) need not do it again: boot is
 * idempotent, and on such a database it changed nothing while costing ~30 ms of every test (reading,
 * parsing and comparing each questionnaire template). Taken once: a second app on the same database (a
 * restart within a test) boots as the server would.
 */
export const freshlyBooted = new WeakSet<Database>();

export function takeFreshlyBooted(database: Database): boolean {
  return freshlyBooted.delete(database);
}

/**
 * Issue 14 (D115): kyc-info, the SPA's busiest call, reads a person's state in one statement per
 * repository (the person; their questionnaires; their other verification paths) after the session's own
 * read, with reference data from memory (D98). On PostgreSQL each statement is a round trip and most of
 * the request's CPU, so the count is pinned here: a read added to the path shows as a failure naming
 * every statement, not as a slower benchmark weeks later. And what those combined reads answer where no
 * other test looks: an approved document's identity with its documents' sides.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { testDatabases } from './support/databases.ts';
import { ALL_INFO_FLAGS, decide, kycInfo, staffClient, userWithCase } from './support/kyc-flows.ts';
import { signedInClient, testApp } from './support/test-app.ts';
import type { Database } from '../src/data/db.ts';
import { usersRepo } from '../src/data/repositories/users-repo.ts';

/** The session's read, then the person, the questionnaires and the verification paths. */
const MAX_STATEMENTS = 4;

/**
 * The database with every statement it sends recorded while `recording` is on: its own handle, whose
 * executor is the one every query of the app passes through on its way to the driver (statements built
 * per call and those compiled once alike, data/compiled-once.ts).
 */
function recorded(database: Database) {
  const log = { recording: false, statements: [] as string[] };
  const db = database.db.withoutPlugins();
  const executor = db.getExecutor();
  const execute = executor.executeQuery.bind(executor);
  executor.executeQuery = (query) => {
    if (log.recording) log.statements.push(query.sql);
    return execute(query);
  };
  return { database: { ...database, db }, log };
}

describe.each(testDatabases())('kyc-info reads on $name', (testDb) => {
  afterAll(() => testDb.cleanup());

  it.each([
    ['l1@demo.test', 'level 1 approved'],
    ['new@demo.test', 'nothing submitted'],
    ['pending@demo.test', 'level 1 under review'],
    ['reverify@demo.test', 'a re-verification asked for'],
    ['quick@demo.test', 'a live quick-KYC offer'],
  ])(
    `when %s (%s) asks kyc-info with every part, then it runs at most ${MAX_STATEMENTS} statements`,
    async (email) => {
      const { database, log } = recorded(await testDb.open({ seeded: true }));
      const app = await testApp(database);
      try {
        const client = await signedInClient(app, email);
        await kycInfo(client, ALL_INFO_FLAGS); // reference data into memory, as on a running server

        log.recording = true;
        const info = await kycInfo(client, ALL_INFO_FLAGS);
        log.recording = false;

        expect(info.state).toHaveLength(2);
        expect(log.statements.length, log.statements.join('\n')).toBeLessThanOrEqual(MAX_STATEMENTS);
      } finally {
        await app.close();
      }
    },
  );

  it("when a passport submission is approved, then identifies lists it with its documents' sides in upload order, in as many statements", async () => {
    const { database, log } = recorded(await testDb.open({ seeded: true }));
    const app = await testApp(database);
    try {
      const { client: person } = await userWithCase(app, 'new@demo.test', 'FR');
      const user = await usersRepo(database.db).findByEmail('new@demo.test');
      const reviewer = await staffClient(app, 'reviewer@demo.test');
      expect((await decide(reviewer, user?.id ?? 0, { decision: 'approve', level: 1 })).ret_code).toBe(0);
      await kycInfo(person, ALL_INFO_FLAGS); // reference data and the AML template into memory

      log.recording = true;
      const info = await kycInfo(person, ALL_INFO_FLAGS);
      log.recording = false;

      expect(info.applicant?.identifies).toEqual([
        {
          type: 'PASSPORT',
          country: 'FR',
          source: 'document',
          maskedNumber: '',
          sides: ['front', 'selfie'],
          verifiedAt: expect.any(Number),
        },
      ]);
      expect(log.statements.length, log.statements.join('\n')).toBeLessThanOrEqual(MAX_STATEMENTS);
      expect((await kycInfo(person, { ...ALL_INFO_FLAGS, obtain_current: false })).applicant).toBeUndefined();
    } finally {
      await app.close();
    }
  });
});

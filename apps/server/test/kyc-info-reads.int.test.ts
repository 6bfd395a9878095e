/**
 * Issue 14 (D115, D117): kyc-info, the SPA's busiest call, reads the session and the person's state (the
 * person, their questionnaires, their other verification paths, their data key) in one statement, with
 * reference data from memory (D98). On PostgreSQL each statement is a round trip and most of the
 * request's CPU, so the count is pinned here: a read added to the path shows as a failure naming every
 * statement, not as a slower benchmark weeks later. And what that combined read answers where no other
 * test looks: an approved document's identity with its documents' sides, a vendor check's masked number,
 * and a session ended elsewhere, which the same statement must see at once.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { testDatabases } from './support/databases.ts';
import { ALL_INFO_FLAGS, decide, kycInfo, staffClient, userWithCase } from './support/kyc-flows.ts';
import { untilQuiet } from './support/statement-log.ts';
import { signedInClient, testApp } from './support/test-app.ts';
import { uploadedDocument } from './support/uploads.ts';
import { preparedQuery, type Database } from '../src/data/db.ts';
import { usersRepo } from '../src/data/repositories/users-repo.ts';

/** The session's row with the person, the questionnaires and the verification paths (kyc-info-repo.ts). */
const MAX_STATEMENTS = 1;

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
        // On PostgreSQL a named prepared statement, planned once per connection (D99): not too long for it.
        for (const statement of log.statements) expect(preparedQuery(statement, [1, 2]).name).toBeDefined();
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

  it('when a vendor check is approved, then identifies shows its masked number, its data key read by the same statement', async () => {
    const { database, log } = recorded(await testDb.open({ seeded: true }));
    const app = await testApp(database);
    try {
      const person = await signedInClient(app, 'new@demo.test');
      const token = await person.post('/v3/private/kyc/vendor-token', { level: 1, idType: 'GHANA_CARD' });
      const selfieDocumentId = await uploadedDocument(person, 'selfie');
      const done = await person.post(
        '/v3/private/kyc/vendor-verify',
        {
          token: (token.envelope?.result as { token: string }).token,
          idType: 'GHANA_CARD',
          idNumber: 'GHA-123456789-0',
          selfieDocumentId,
          firstName: 'Amaka',
          lastName: 'Eze',
          dateOfBirth: '1992-03-14',
        },
        { headers: { 'idempotency-key': 'reads-vendor-check' } },
      );
      expect(done.envelope?.ret_code).toBe(0);
      await database.db
        .updateTable('kyc_submissions')
        .set({ status: 'APPROVED', decided_at: 1_800_000_000_000 })
        .where('id', '=', Number((done.envelope?.result as { submissionId: number }).submissionId))
        .execute();
      await kycInfo(person, ALL_INFO_FLAGS);
      await untilQuiet(log);

      log.recording = true;
      const info = await kycInfo(person, ALL_INFO_FLAGS);
      log.recording = false;

      expect(info.applicant?.identifies).toEqual([
        expect.objectContaining({ type: 'GHANA_CARD', source: 'vendor', maskedNumber: 'GHA-******789-0' }),
      ]);
      expect(log.statements.length, log.statements.join('\n')).toBeLessThanOrEqual(MAX_STATEMENTS);
    } finally {
      await app.close();
    }
  });

  it('when the session is ended by another instance (its row deleted), then the next kyc-info answers 10007', async () => {
    const database = await testDb.open({ seeded: true });
    const app = await testApp(database);
    try {
      const person = await signedInClient(app, 'l1@demo.test');
      expect((await kycInfo(person, ALL_INFO_FLAGS)).state).toHaveLength(2);
      await database.db.deleteFrom('sessions').execute();

      const { envelope } = await person.post('/v3/private/kyc/kyc-info', ALL_INFO_FLAGS);

      expect(envelope?.ret_code).toBe(10007);
      expect(envelope?.result ?? null).toBeNull();
    } finally {
      await app.close();
    }
  });

  it('when the session has been idle past its limit, then kyc-info answers 10007 and the session is gone', async () => {
    const database = await testDb.open({ seeded: true });
    const app = await testApp(database);
    try {
      const person = await signedInClient(app, 'l1@demo.test');
      await database.db.updateTable('sessions').set({ last_seen_at: 0 }).execute();

      const { envelope } = await person.post('/v3/private/kyc/kyc-info', ALL_INFO_FLAGS);

      expect(envelope?.ret_code).toBe(10007);
      const left = await database.db.selectFrom('sessions').select('id').execute();
      expect(left).toEqual([]);
    } finally {
      await app.close();
    }
  });
});

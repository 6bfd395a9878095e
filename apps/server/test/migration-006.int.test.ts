import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { Migrator, sql } from 'kysely';
import { openDatabase, type Database } from '../src/data/db.ts';
import { migrationProvider } from '../src/data/migrations/index.ts';

/**
 * Migration 006 rebuilds kyc_submissions and kyc_decisions on SQLite (a check constraint cannot be
 * altered there): rows, ids and the documents' links to their submissions must survive, and foreign
 * keys must be enforced again afterwards.
 */
describe('migration 006 on SQLite with existing rows', () => {
  let dir: string;
  let database: Database;

  afterEach(async () => {
    await database.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('when submissions, documents and decisions exist, then they are kept with their links and foreign keys stay on', async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'kyc-m006-'));
    database = openDatabase(path.join(dir, 'test.sqlite'));
    const migrator = new Migrator({ db: database.db, provider: migrationProvider('sqlite') });
    expect((await migrator.migrateTo('005-backoffice')).error).toBeUndefined();

    const db = database.db;
    await sql`insert into users (id, email, password_hash, created_at, updated_at) values (7, 'a@b.test', 'x', 1, 1)`.execute(
      db,
    );
    await sql`insert into kyc_submissions (id, user_id, level, document_type, issuing_country, status, idempotency_key, created_at)
      values (41, 7, 1, 'PASSPORT', 'DE', 'PENDING', 'k1', 5)`.execute(db);
    await sql`insert into kyc_documents (id, user_id, submission_id, side, mime, sha256, blob_id, size, created_at)
      values ('d1', 7, 41, 'front', 'image/jpeg', 'h', 'b1', 3, 5)`.execute(db);
    await sql`insert into kyc_decisions (user_id, level, decision, staff_id, at) values (7, 1, 'approve', 2, 9)`.execute(
      db,
    );

    await database.migrate();

    const submission = await db
      .selectFrom('kyc_submissions')
      .selectAll()
      .where('id', '=', 41)
      .executeTakeFirstOrThrow();
    expect(submission).toMatchObject({ user_id: 7, kind: 'level', details_enc: null, idempotency_key: 'k1' });
    const doc = await db
      .selectFrom('kyc_documents')
      .selectAll()
      .where('id', '=', 'd1')
      .executeTakeFirstOrThrow();
    expect(doc.submission_id).toBe(41);
    const decision = await db.selectFrom('kyc_decisions').selectAll().executeTakeFirstOrThrow();
    expect(decision).toMatchObject({ decision: 'approve', submission_id: null });
    const fk = await sql<{ foreign_keys: number }>`pragma foreign_keys`.execute(db);
    expect(fk.rows[0]?.foreign_keys).toBe(1);

    // The new constraints hold: an unknown kind, and a second pending update of one kind, are refused.
    await expect(
      sql`insert into kyc_submissions (user_id, level, document_type, issuing_country, status, idempotency_key, created_at, kind)
        values (7, 1, '', 'DE', 'PENDING', 'k2', 6, 'other')`.execute(db),
    ).rejects.toThrow();
    await sql`insert into kyc_submissions (user_id, level, document_type, issuing_country, status, idempotency_key, created_at, kind)
      values (7, 2, '', 'DE', 'PENDING', 'k3', 6, 'update_poa')`.execute(db);
    await expect(
      sql`insert into kyc_submissions (user_id, level, document_type, issuing_country, status, idempotency_key, created_at, kind)
        values (7, 2, '', 'DE', 'PENDING', 'k4', 7, 'update_poa')`.execute(db),
    ).rejects.toThrow(/UNIQUE/);
    // Deleting the submission still nulls the document's link (the foreign key action is intact).
    await db.deleteFrom('kyc_submissions').where('id', '=', 41).execute();
    expect(
      (await db.selectFrom('kyc_documents').select('submission_id').executeTakeFirstOrThrow()).submission_id,
    ).toBeNull();
    const business = await db
      .selectFrom('sdk_businesses')
      .selectAll()
      .where('id', '=', 'exchange-web')
      .executeTakeFirst();
    expect(business).toMatchObject({ active: 1 });
  });
});

/**
 * Migration 010-countries on a database that has run 001–008 and where operators changed countries of
 * migration 003 (docs/countries.md "Migration 010-countries"): their changes stay, the other ISO
 * countries arrive with their defaults, and a closure without a reason gets one.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Migrator } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../src/data/db.ts';
import { migrationProvider } from '../src/data/migrations/index.ts';
import { kycRepo } from '../src/data/repositories/kyc-repo.ts';

describe('migration 010-countries on SQLite', () => {
  let dir: string;
  let database: Database;

  afterEach(async () => {
    await database.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('when operators changed countries before it, then their changes stay and every other ISO country is added', async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'kyc-m010-'));
    database = openDatabase(path.join(dir, 'test.sqlite'));
    const migrator = new Migrator({ db: database.db, provider: migrationProvider('sqlite') });
    expect((await migrator.migrateTo('008-questionnaires')).error).toBeUndefined();
    const db = database.db;
    expect((await db.selectFrom('countries').select('code').execute()).length).toBe(43);
    // An operator narrowed Germany's documents and closed Brazil (no reason column existed then).
    await db
      .updateTable('countries')
      .set({ document_types: JSON.stringify(['PASSPORT']) })
      .where('code', '=', 'DE')
      .execute();
    await db.updateTable('countries').set({ kyc_disabled: 1 }).where('code', '=', 'BR').execute();

    await database.migrate();

    const countries = await kycRepo(db).countries(true);
    expect(countries).toHaveLength(249);
    expect(countries.find((c) => c.code === 'DE')).toMatchObject({
      alpha3: 'DEU',
      kycDisabled: false,
      documentTypes: ['PASSPORT'],
      version: 1,
    });
    expect(countries.find((c) => c.code === 'BR')).toMatchObject({
      kycDisabled: true,
      closedReason: 'NOT_SERVED_BUSINESS',
    });
    expect(countries.find((c) => c.code === 'KP')).toMatchObject({
      kycDisabled: true,
      closedReason: 'SANCTIONS',
    });
    expect(countries.find((c) => c.code === 'BE')).toMatchObject({
      alpha3: 'BEL',
      kycDisabled: false,
      closedReason: '',
      documentTypes: ['ID_CARD', 'PASSPORT', 'DRIVERS', 'RESIDENCE_PERMIT'],
    });
    expect(countries.every((c) => /^[A-Z]{3}$/.test(c.alpha3))).toBe(true);

    // Down removes what 010 added and keeps migration 003's rows.
    expect((await migrator.migrateTo('008-questionnaires')).error).toBeUndefined();
    const after = await db.selectFrom('countries').selectAll().execute();
    expect(after).toHaveLength(43);
    expect(after.find((c) => c.code === 'DE')?.document_types).toBe('["PASSPORT"]');
  });
});

import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { Db } from './db.ts';
import { bytesOfHex, everyColumn, fromJson, jsonRows } from './json-rows.ts';

interface Pet {
  id: number;
  owner: number;
  name: string;
  photo: Buffer | null;
}

async function petsDb() {
  const db = new Kysely<{ pets: Pet }>({ dialect: new SqliteDialect({ database: new SQLite(':memory:') }) });
  await sql`create table pets (id integer primary key, owner integer, name text, photo blob)`.execute(db);
  await db
    .insertInto('pets')
    .values([
      { id: 1, owner: 7, name: 'b', photo: Buffer.from([0, 255, 16]) },
      { id: 2, owner: 7, name: 'a', photo: null },
      { id: 3, owner: 7, name: 'c', photo: null },
      { id: 4, owner: 8, name: 'z', photo: null },
    ])
    .execute();
  return db;
}

/** SQLite here; PostgreSQL's json_agg / to_json run in every integration test of kyc-info. */
describe('jsonRows on SQLite (rows of other tables as one JSON value)', () => {
  it('answers an array in the aggregate order, [] when no row, an object, null when no row, and blobs as hex', async () => {
    const db = await petsDb();
    const json = jsonRows(db as unknown as Db);
    const columns = ['id', 'name'] as const;
    const row = await db
      .selectNoFrom((eb) => [
        json
          .array(eb.selectFrom('pets').select(columns).where('owner', '=', 7), columns, [['name', 'desc']])
          .as('many'),
        json
          .array(eb.selectFrom('pets').select(columns).where('owner', '=', 9), columns, [['id', 'asc']])
          .as('none'),
        json.object(eb.selectFrom('pets').select(columns).where('id', '=', 4), columns).as('one'),
        json.object(eb.selectFrom('pets').select(columns).where('id', '=', 99), columns).as('missing'),
        json
          .array(
            eb
              .selectFrom('pets')
              .select(['id', json.hex('photo').as('photo_hex')])
              .where('owner', '=', 7),
            ['id', 'photo_hex'],
            [['id', 'asc']],
          )
          .as('photos'),
      ])
      .executeTakeFirstOrThrow();

    expect(fromJson(row.many)).toEqual([
      { id: 3, name: 'c' },
      { id: 1, name: 'b' },
      { id: 2, name: 'a' },
    ]);
    expect(fromJson(row.none)).toEqual([]);
    expect(fromJson(row.one)).toEqual({ id: 4, name: 'z' });
    expect(fromJson(row.missing)).toBeNull();
    const photos = fromJson<{ id: number; photo_hex: string | null }[]>(row.photos);
    expect(photos.map((p) => bytesOfHex(p.photo_hex))).toEqual([Buffer.from([0, 255, 16]), null, null]);
  });

  it('everyColumn lists every column of a row type (a missing one does not compile)', () => {
    expect(everyColumn<Pet>()(['id', 'owner', 'name', 'photo'])).toEqual(['id', 'owner', 'name', 'photo']);
    // @ts-expect-error -- 'photo' is missing
    everyColumn<Pet>()(['id', 'owner', 'name']);
  });
});

import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { KycInfo } from '@kyc/contracts';
import { testDatabases } from './support/databases.ts';
import { TEST_MASTER_KEY, signedInClient, testApp } from './support/test-app.ts';
import type { Database } from '../src/data/db.ts';
import { kycRepo } from '../src/data/repositories/kyc-repo.ts';
import { usersRepo } from '../src/data/repositories/users-repo.ts';
import {
  openPersonalRows,
  personalDataCipher,
  sealClearPersonalData,
} from '../src/domain/kyc/personal-data.ts';
import { createKeyring } from '../src/lib/crypto/envelope.ts';
import { seedDemoData } from '../src/seed/demo.ts';

const keyring = createKeyring(Buffer.from(TEST_MASTER_KEY, 'base64'));

describe.each(testDatabases())('personal data at rest on $name', (testDb) => {
  let database: Database;
  let app: FastifyInstance;

  const build = () =>
    testApp(database, { env: { DATA_DIR: mkdtempSync(path.join(tmpdir(), 'kyc-personal-')) } });

  beforeEach(async () => {
    database = await testDb.open();
    await seedDemoData(database);
    app = await build();
    return async () => {
      await app.close();
    };
  });

  afterAll(async () => {
    await testDb.cleanup();
  });

  const userIdOf = async (email: string) => Number((await usersRepo(database.db).findByEmail(email))?.id);
  const rawApplicant = async (email: string) =>
    database.db
      .selectFrom('applicants')
      .selectAll()
      .where('user_id', '=', await userIdOf(email))
      .executeTakeFirstOrThrow();

  it('when the app starts on seeded clear rows, then names and birth dates are sealed and kyc-info still reads them', async () => {
    const raw = await rawApplicant('l1@demo.test');
    for (const value of [raw.first_name, raw.last_name, raw.date_of_birth]) expect(value).toMatch(/^pd1:/);
    const all = JSON.stringify(await database.db.selectFrom('applicants').selectAll().execute());
    for (const plain of ['Lena', 'Schmidt', '1990-04-12', 'Chidi', 'Okafor', 'Yılmaz'])
      expect(all).not.toContain(plain);
    expect(raw.residence_country).toBe('DE');
    expect(raw.country).toBe('DE');

    const client = await signedInClient(app, 'l1@demo.test');
    const { envelope } = await client.post('/v3/private/kyc/kyc-info', {});
    expect((envelope?.result as KycInfo).applicant).toMatchObject({ firstname: 'Lena', lastname: 'Schmidt' });
  });

  it('when kyc-personal-info updates the details, then ciphertext is stored and the owner reads plaintext', async () => {
    const client = await signedInClient(app, 'new@demo.test');
    const update = await client.post('/v3/private/kyc/kyc-personal-info', {
      firstName: 'Ada',
      lastName: 'Lovelace',
      dateOfBirth: '1990-12-10',
      residenceCountry: 'GB',
    });
    expect(update.envelope?.result).toMatchObject({
      firstName: 'Ada',
      lastName: 'Lovelace',
      dateOfBirth: '1990-12-10',
    });
    const raw = await rawApplicant('new@demo.test');
    expect(raw.first_name).toMatch(/^pd1:/);
    expect(`${raw.first_name}${raw.last_name}${raw.date_of_birth}`).not.toMatch(/Ada|Lovelace|1990/);
    expect(raw.residence_country).toBe('GB');
    const read = await client.post('/v3/private/kyc/kyc-personal-info', {});
    expect(read.envelope?.result).toMatchObject({
      firstName: 'Ada',
      lastName: 'Lovelace',
      residenceCountry: 'GB',
    });
  });

  it("when a sealed value is copied to another user's row or another column, then it does not open", async () => {
    const cipher = personalDataCipher(keyring);
    const lena = await rawApplicant('l1@demo.test');
    const otherId = await userIdOf('pending@demo.test');
    await expect(cipher.open(database.db, otherId, { first_name: lena.first_name })).rejects.toThrow(
      /failed authentication/,
    );
    await expect(
      cipher.open(database.db, await userIdOf('l1@demo.test'), { last_name: lena.first_name }),
    ).rejects.toThrow(/failed authentication/);
  });

  it('when clear rows remain (before migration 007), then the start-up pass seals exactly those, once', async () => {
    const userId = await userIdOf('new@demo.test');
    await kycRepo(database.db).upsertApplicant(userId, { first_name: 'Grace', last_name: '' }, Date.now());
    expect((await rawApplicant('new@demo.test')).first_name).toBe('Grace');
    expect(await sealClearPersonalData(database.db, keyring)).toBe(1);
    expect(await sealClearPersonalData(database.db, keyring)).toBe(0);
    const raw = await rawApplicant('new@demo.test');
    expect(raw.first_name).toMatch(/^pd1:/);
    expect(raw.last_name).toBe('');
    const reader = kycRepo(database.db, personalDataCipher(keyring));
    expect((await reader.findApplicant(userId))?.first_name).toBe('Grace');
  });

  it('when the back office opens rows it selected itself, then each opens under its own user', async () => {
    const rows = await database.db
      .selectFrom('applicants')
      .select(['user_id', 'first_name', 'last_name'])
      .where('first_name', '!=', '')
      .orderBy('user_id')
      .execute();
    const opened = await openPersonalRows(database.db, keyring, rows, (r) => Number(r.user_id));
    expect(opened.map((r) => r.first_name)).toEqual(expect.arrayContaining(['Lena', 'Chidi', 'Elif']));
  });
});

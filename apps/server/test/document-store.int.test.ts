import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import type { FastifyInstance } from 'fastify';
import { useAppFixture } from './support/app-fixture.ts';
import { testDatabases } from './support/databases.ts';
import { jpeg, multipart, postWithKey, staffClient, userClient, TEST_CONSENT } from './support/kyc-flows.ts';
import { testApp, type TestClient } from './support/test-app.ts';
import type { Database } from '../src/data/db.ts';
import { databaseBlobStore } from '../src/data/repositories/document-chunks-repo.ts';
import { seedDemoData } from '../src/seed/demo.ts';
import {
  BLOB_CHUNK_BYTES,
  createFileBlobStore,
  type BlobStore,
  type DocumentStoreKind,
} from '../src/lib/uploads/blob-store.ts';

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const HOUR = 3_600_000;

type Uploaded = { documentId: string; sha256: string; size: number };

async function upload(client: TestClient, side: string, bytes: Buffer, type = 'image/jpeg') {
  const { envelope } = await client.send(
    'POST',
    '/v3/private/kyc/upload-document',
    undefined,
    multipart(side, bytes, type),
  );
  expect(envelope?.ret_code).toBe(0);
  return envelope?.result as Uploaded;
}

/** A PNG of random noise (which PNG cannot compress): about 3 MB stored, a dozen chunks. */
const largePng = () =>
  sharp(randomBytes(1024 * 1000 * 3), { raw: { width: 1024, height: 1000, channels: 3 } })
    .png()
    .toBuffer();

const chunksOf = async (database: Database, blobId: string) =>
  (
    await database.db
      .selectFrom('document_chunks')
      .select('chunk')
      .where('blob_id', '=', blobId)
      .orderBy('chunk')
      .execute()
  ).map((r) => Number(r.chunk));

const blobIdOf = async (database: Database, documentId: string) =>
  (
    await database.db
      .selectFrom('kyc_documents')
      .select('blob_id')
      .where('id', '=', documentId)
      .executeTakeFirstOrThrow()
  ).blob_id;

/**
 * Issue 14, DOCUMENT_STORE=database: instances that share the database share the documents (no shared
 * file system); blobs are chunked rows, streamed back, deleted with their chunks.
 */
describe.each(testDatabases())('documents in the database on $name', (testDb) => {
  let database: Database;
  const apps: FastifyInstance[] = [];

  beforeEach(async () => {
    database = await testDb.open();
    await seedDemoData(database);
  });
  afterEach(async () => {
    for (const app of apps.splice(0)) await app.close();
  });
  afterAll(() => testDb.cleanup());

  /** An instance: its own DATA_DIR, the shared database and the test secrets (the same for all). */
  async function instance() {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'kyc-int-instance-'));
    const app = await testApp(database, { env: { DATA_DIR: dataDir, DOCUMENT_STORE: 'database' } });
    apps.push(app);
    return { app, dataDir };
  }

  it('when a user uploads through instance A, then staff on instance B view the documents byte for byte; a large one is stored in chunks and streamed back; deleting it removes its chunks', async () => {
    const [a, b] = [await instance(), await instance()];
    const owner = await userClient(a.app, 'new@demo.test');
    const front = await upload(owner, 'front', await largePng(), 'image/png');
    const selfie = await upload(owner, 'selfie', await jpeg());
    const submitted = await postWithKey(owner, '/v3/private/kyc/submit', {
      level: 1,
      documentType: 'PASSPORT',
      country: 'DE',
      documentIds: [front.documentId, selfie.documentId],
      consent: TEST_CONSENT,
    });
    expect(submitted.envelope.ret_code).toBe(0);

    const userId = Number(
      (
        await database.db
          .selectFrom('users')
          .select('id')
          .where('email', '=', 'new@demo.test')
          .executeTakeFirstOrThrow()
      ).id,
    );
    const reviewer = await staffClient(b.app, 'reviewer@demo.test');
    for (const doc of [front, selfie]) {
      const { response } = await reviewer.get(`/backoffice/api/cases/${userId}/documents/${doc.documentId}`);
      expect(response.statusCode).toBe(200);
      expect(response.rawPayload.length).toBe(doc.size);
      expect(sha256(response.rawPayload)).toBe(doc.sha256);
    }
    // Nothing of either instance's went to its disk.
    expect(existsSync(path.join(a.dataDir, 'blobs'))).toBe(false);
    expect(existsSync(path.join(b.dataDir, 'blobs'))).toBe(false);

    // The large one: ciphertext = 1 version byte + 12 nonce + plaintext + 16 tag, in 256 KiB rows.
    expect(front.size).toBeGreaterThan(2_500_000);
    const blobId = await blobIdOf(database, front.documentId);
    const count = Math.ceil((front.size + 29) / BLOB_CHUNK_BYTES);
    expect(await chunksOf(database, blobId)).toEqual([...Array(count).keys()]);
    const store = databaseBlobStore(database.db);
    const pieces: number[] = [];
    for await (const piece of (await store.open(blobId)) ?? []) pieces.push(piece.length);
    expect(pieces).toHaveLength(count);
    expect(pieces.slice(0, -1).every((n) => n === BLOB_CHUNK_BYTES)).toBe(true);
    expect(pieces.reduce((sum, n) => sum + n, 0)).toBe(front.size + 29);

    expect(await store.delete(blobId)).toBe(true);
    expect(await chunksOf(database, blobId)).toEqual([]);
    expect(await store.open(blobId)).toBeUndefined();
    expect(await store.delete(blobId)).toBe(false);
    expect(await chunksOf(database, await blobIdOf(database, selfie.documentId))).toEqual([0]);
  });
});

/**
 * Issue 14, Operations: the orphan sweep removes, in either store, blobs no row references after the
 * grace (a crash between writing the blob and recording it) and stale temporary files (a crash inside
 * a write); referenced and fresh ones stay.
 */
describe.each(testDatabases())('orphan sweep on $name', (testDb) => {
  describe.each(['file', 'database'] as DocumentStoreKind[])('with DOCUMENT_STORE=%s', (kind) => {
    const fixture = useAppFixture(testDb, { env: { DOCUMENT_STORE: kind } });

    const storeOf = (): BlobStore =>
      kind === 'database' ? databaseBlobStore(fixture.database.db) : createFileBlobStore(fixture.dataDir);

    /** Makes a blob look `hours` old to the sweep. */
    async function age(blobId: string, hours: number) {
      const at = Date.now() - hours * HOUR;
      if (kind === 'database')
        await fixture.database.db
          .updateTable('document_chunks')
          .set({ created_at: at })
          .where('blob_id', '=', blobId)
          .execute();
      else {
        const file = path.join(fixture.dataDir, 'blobs', blobId.slice(0, 2), blobId.slice(2, 4), blobId);
        utimesSync(file, at / 1000, at / 1000);
      }
    }

    const sweep = (name: string) => {
      const found = fixture.app.sweeps.find((s) => s.name === name);
      if (!found) throw new Error(`no sweep ${name}`);
      return found.run();
    };

    it('when blobs are unreferenced past the grace and temporary files are stale, then they are removed; referenced and fresh ones are kept', async () => {
      const store = storeOf();
      const owner = await userClient(fixture.app, 'new@demo.test');
      const referenced = await blobIdOf(
        fixture.database,
        (await upload(owner, 'poa', await jpeg())).documentId,
      );
      const orphan = await store.put(Buffer.from('written, then the instance crashed'));
      const fresh = await store.put(Buffer.from('written a moment ago, its row on the way'));
      await age(referenced, 48);
      await age(orphan, 25);
      await age(fresh, 23);

      const tempDir = path.join(fixture.dataDir, 'blobs', 'tmp');
      mkdirSync(tempDir, { recursive: true });
      const staleTemp = `${'a'.repeat(32)}.00000000.tmp`;
      const freshTemp = `${'b'.repeat(32)}.00000000.tmp`;
      for (const name of [staleTemp, freshTemp]) writeFileSync(path.join(tempDir, name), 'partial');
      const twoHoursAgo = (Date.now() - 2 * HOUR) / 1000;
      utimesSync(path.join(tempDir, staleTemp), twoHoursAgo, twoHoursAgo);

      expect(await sweep('orphan-document-blobs')).toBe(1);
      expect(await store.open(orphan)).toBeUndefined();
      expect(await store.open(referenced)).toBeDefined();
      expect(await store.open(fresh)).toBeDefined();
      if (kind === 'database') expect(await chunksOf(fixture.database, orphan)).toEqual([]);

      // The database store writes no temporary files: only the file store's temp folder is swept.
      expect(await sweep('stale-upload-temp-files')).toBe(kind === 'file' ? 1 : 0);
      expect(readdirSync(tempDir).sort()).toEqual(kind === 'file' ? [freshTemp] : [staleTemp, freshTemp]);
    });
  });
});

import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { SECURITY_SCENES, type Envelope } from '@kyc/contracts';
import { useAppFixture } from './support/app-fixture.ts';
import { stepUpHeaders } from './support/step-up.ts';
import { testDatabases } from './support/databases.ts';
import { partnerTokenOf, TEST_CONSENT, TEST_RESIDENCE } from './support/kyc-flows.ts';
import { testJpeg, uploadedDocument } from './support/uploads.ts';
import { blurredDocumentJpeg, solidJpeg } from '../src/domain/checks/quality/synthetic-images.ts';
import { TEST_MASTER_KEY, TestClient, parseEnvelope, signedInClient } from './support/test-app.ts';
import { submissionsRepo } from '../src/data/repositories/submissions-repo.ts';
import { createKeyring, decryptBlob, unwrapDataKey } from '../src/lib/crypto/envelope.ts';

type Result = Record<string, unknown>;

const BOUNDARY = '----kyc-test-boundary-7d1f';

/** A multipart/form-data body as a browser's FormData sends it. */
function multipart(
  fields: Record<string, string>,
  file?: { field?: string; name: string; type: string; bytes: Buffer },
) {
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields))
    parts.push(
      Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  if (file)
    parts.push(
      Buffer.from(
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${file.field ?? 'file'}"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from('\r\n'),
    );
  parts.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
  };
}

function filesUnder(dir: string): string[] {
  let found: string[] = [];
  let entries: string[];
  try {
    entries = readdirSync(dir);
  } catch {
    return [];
  }
  for (const entry of entries) {
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) found = found.concat(filesUnder(full));
    else found.push(full);
  }
  return found;
}

describe.each(testDatabases())('KYC submission endpoints on $name', (testDb) => {
  const fixture = useAppFixture(testDb);

  const signedIn = (email: string): Promise<TestClient> => signedInClient(fixture.app, email);

  async function upload(
    client: TestClient,
    side: string,
    bytes: Buffer,
    name = 'photo.jpg',
    type = 'image/jpeg',
  ) {
    const body = multipart({ side }, { name, type, bytes });
    const { envelope } = await client.send('POST', '/v3/private/kyc/upload-document', undefined, body);
    return envelope as Envelope<Result | null>;
  }

  async function submit(
    client: TestClient,
    body: unknown,
    key = `key-${Math.random().toString(36).slice(2)}`,
  ) {
    const { envelope } = await client.post('/v3/private/kyc/submit', body, {
      headers: { 'idempotency-key': key },
    });
    return envelope as Envelope<Result | null>;
  }

  async function level1Status(client: TestClient): Promise<unknown> {
    const { envelope } = await client.post('/v3/private/kyc/kyc-info', {});
    const state = (envelope?.result as { state: { level: number; status: string }[] }).state;
    return state.find((s) => s.level === 1)?.status;
  }

  const submissionCount = async (userId: number) =>
    (await submissionsRepo(fixture.database.db).submissionsOf(userId)).length;
  const { userIdOf } = fixture;

  describe('POST /v3/private/kyc/upload-document', () => {
    it('when a JPEG is uploaded, then a row and an encrypted blob that decrypts to the re-encoded image', async () => {
      const client = await signedIn('new@demo.test');
      const original = await testJpeg(1000, 750);
      const envelope = await upload(client, 'front', original);
      expect(envelope.ret_code).toBe(0);
      const result = envelope.result as { documentId: string; mime: string; sha256: string; size: number };
      expect(result.mime).toBe('image/jpeg');

      const row = await fixture.database.db
        .selectFrom('kyc_documents')
        .selectAll()
        .where('id', '=', result.documentId)
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({
        side: 'front',
        mime: 'image/jpeg',
        sha256: result.sha256,
        submission_id: null,
      });
      expect(Number(row.user_id)).toBe(await userIdOf('new@demo.test'));

      const files = filesUnder(path.join(fixture.dataDir, 'blobs'));
      expect(files).toHaveLength(1);
      expect(path.basename(files[0] ?? '')).toBe(row.blob_id);
      const onDisk = readFileSync(files[0] ?? '');
      expect(onDisk.subarray(0, 2).equals(Buffer.from([0xff, 0xd8]))).toBe(false);
      expect(onDisk.includes(original.subarray(0, 64))).toBe(false);

      const key = await submissionsRepo(fixture.database.db).findDataKey(Number(row.user_id));
      expect(key).toBeDefined();
      const dataKey = unwrapDataKey(
        createKeyring(Buffer.from(TEST_MASTER_KEY, 'base64')),
        Number(row.user_id),
        key?.wrappedKey ?? Buffer.alloc(0),
      );
      const plain = decryptBlob(dataKey, onDisk, { userId: Number(row.user_id), objectId: row.id });
      expect(createHash('sha256').update(plain).digest('hex')).toBe(row.sha256);
      expect(plain.length).toBe(Number(row.size));
      const meta = await sharp(plain).metadata();
      expect(meta).toMatchObject({ format: 'jpeg', width: 1000, height: 750 });
      // Encrypted under another user's binding, it does not decrypt.
      expect(() =>
        decryptBlob(dataKey, onDisk, { userId: Number(row.user_id) + 1, objectId: row.id }),
      ).toThrow();
    });

    it('when a hostile file is uploaded, then it is refused with its code and nothing is stored', async () => {
      const client = await signedIn('new@demo.test');
      const html = Buffer.from('<!doctype html><script>alert(1)</script>');
      expect((await upload(client, 'front', html, 'photo.jpg')).ret_code).toBe(40001);
      const truncated = (await testJpeg()).subarray(0, 600);
      expect((await upload(client, 'selfie', truncated)).ret_code).toBe(40004);
      const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
      expect((await upload(client, 'front', pdf, 'id.pdf', 'application/pdf')).ret_code).toBe(40001);
      const big = Buffer.concat([await testJpeg(), Buffer.alloc(11 * 1024 * 1024)]);
      expect((await upload(client, 'front', big)).ret_code).toBe(40002);
      expect(await fixture.database.db.selectFrom('kyc_documents').selectAll().execute()).toHaveLength(0);
      expect(filesUnder(path.join(fixture.dataDir, 'blobs'))).toHaveLength(0);
    });

    it('when a document side or selfie is too small, blurred or a solid colour, then it is refused with 40006/40007/40008 and nothing is stored; a proof of address is not held to it', async () => {
      const client = await signedIn('new@demo.test');
      expect((await upload(client, 'front', await solidJpeg(200, 150))).ret_code).toBe(40006);
      expect((await upload(client, 'back', await blurredDocumentJpeg(1200, 800, 8))).ret_code).toBe(40007);
      const refused = await upload(client, 'selfie', await solidJpeg(1200, 800));
      expect(refused.ret_code).toBe(40008);
      expect(refused.ret_msg).toMatch(/single colour/);
      expect(await fixture.database.db.selectFrom('kyc_documents').selectAll().execute()).toHaveLength(0);
      expect(filesUnder(path.join(fixture.dataDir, 'blobs'))).toHaveLength(0);
      // The checks apply to photos of a document or a face, not to a proof of address.
      expect((await upload(client, 'poa', await solidJpeg(200, 150))).ret_code).toBe(0);
    });

    it('when the side is missing or unknown, or the body is JSON, then 10001 or 415', async () => {
      const client = await signedIn('new@demo.test');
      expect((await upload(client, 'passport', await testJpeg())).ret_code).toBe(10001);
      const noFile = multipart({ side: 'front' });
      const { envelope } = await client.send('POST', '/v3/private/kyc/upload-document', undefined, noFile);
      expect(envelope?.ret_code).toBe(10001);
      const json = await client.post('/v3/private/kyc/upload-document', { side: 'front' });
      expect(json.response.statusCode).toBe(415);
      // Multipart is accepted on the upload route only.
      const elsewhere = multipart({ level: '1' });
      const other = await client.send('POST', '/v3/private/kyc/submit', undefined, {
        ...elsewhere,
        headers: { ...elsewhere.headers, 'idempotency-key': 'k1' },
      });
      expect(other.response.statusCode).toBe(415);
    });

    it('when there is no session, then 10007; without the CSRF header, then 10011', async () => {
      const anonymous = new TestClient(fixture.app);
      await anonymous.visit();
      expect((await upload(anonymous, 'front', await testJpeg())).ret_code).toBe(10007);
      expect((await submit(anonymous, { level: 1 })).ret_code).toBe(10007);
      const client = await signedIn('new@demo.test');
      const body = multipart(
        { side: 'front' },
        { name: 'a.jpg', type: 'image/jpeg', bytes: await testJpeg() },
      );
      const { response, envelope } = await client.send('POST', '/v3/private/kyc/upload-document', undefined, {
        ...body,
        noCsrf: true,
      });
      expect(response.statusCode).toBe(403);
      expect(envelope?.ret_code).toBe(10011);
      const reset = await client.post('/v3/private/kyc/self-reset', undefined, { noCsrf: true });
      expect(reset.envelope?.ret_code).toBe(10011);
    });
  });

  describe('POST /v3/private/kyc/submit', () => {
    it('when a PASSPORT is submitted with front and selfie, then LEVEL_1 is PENDING', async () => {
      const client = await signedIn('new@demo.test');
      const ids = [await uploadedDocument(client, 'front'), await uploadedDocument(client, 'selfie')];
      const envelope = await submit(client, {
        level: 1,
        documentType: 'PASSPORT',
        country: 'de',
        documentIds: ids,
        consent: TEST_CONSENT,
      });
      expect(envelope.ret_code).toBe(0);
      expect(envelope.result).toMatchObject({ level: 1, status: 'PENDING' });
      expect(await level1Status(client)).toBe('PENDING');
      const docs = await fixture.database.db.selectFrom('kyc_documents').select('submission_id').execute();
      expect(docs.map((d) => Number(d.submission_id))).toEqual([
        envelope.result?.submissionId,
        envelope.result?.submissionId,
      ]);
      const applicant = await fixture.database.db
        .selectFrom('applicants')
        .select('country')
        .where('user_id', '=', await userIdOf('new@demo.test'))
        .executeTakeFirst();
      expect(applicant?.country).toBe('DE');
    });

    it('when an ID_CARD lacks its back, then 30012 and nothing changes', async () => {
      const client = await signedIn('new@demo.test');
      const ids = [await uploadedDocument(client, 'front'), await uploadedDocument(client, 'selfie')];
      const envelope = await submit(client, {
        level: 1,
        documentType: 'ID_CARD',
        country: 'DE',
        documentIds: ids,
        consent: TEST_CONSENT,
      });
      expect(envelope.ret_code).toBe(30012);
      expect(await level1Status(client)).toBe('ALLOW');
      expect(await submissionCount(await userIdOf('new@demo.test'))).toBe(0);
    });

    it('when the country does not issue the document type or is closed, then 30012 or 30003', async () => {
      const client = await signedIn('new@demo.test');
      const ids = [
        await uploadedDocument(client, 'front'),
        await uploadedDocument(client, 'back'),
        await uploadedDocument(client, 'selfie'),
      ];
      expect(
        (
          await submit(client, {
            level: 1,
            documentType: 'ID_CARD',
            country: 'GB',
            documentIds: ids,
            consent: TEST_CONSENT,
          })
        ).ret_code,
      ).toBe(30012);
      expect(
        (
          await submit(client, {
            level: 1,
            documentType: 'ID_CARD',
            country: 'IR',
            documentIds: ids,
            consent: TEST_CONSENT,
          })
        ).ret_code,
      ).toBe(30003);
    });

    it("when another user's document id is named, then 30011 (never reachable across users)", async () => {
      const owner = await signedIn('l1@demo.test');
      const foreign = await uploadedDocument(owner, 'front');
      const client = await signedIn('new@demo.test');
      const selfie = await uploadedDocument(client, 'selfie');
      const envelope = await submit(client, {
        level: 1,
        documentType: 'PASSPORT',
        country: 'DE',
        documentIds: [foreign, selfie],
        consent: TEST_CONSENT,
      });
      expect(envelope.ret_code).toBe(30011);
      expect(await level1Status(client)).toBe('ALLOW');
    });

    it('when the same Idempotency-Key is sent twice (also at once), then one submission and the same answer', async () => {
      const client = await signedIn('new@demo.test');
      const body = {
        level: 1,
        documentType: 'PASSPORT',
        country: 'DE',
        documentIds: [await uploadedDocument(client, 'front'), await uploadedDocument(client, 'selfie')],
        consent: TEST_CONSENT,
      };
      const [a, b] = await Promise.all([
        submit(client, body, 'same-key_1'),
        submit(client, body, 'same-key_1'),
      ]);
      const c = await submit(client, body, 'same-key_1');
      expect(a.ret_code).toBe(0);
      expect(b).toEqual(a);
      expect(c).toEqual(a);
      expect(await submissionCount(await userIdOf('new@demo.test'))).toBe(1);
    });

    it('when a different key is sent while PENDING, then 30001', async () => {
      const client = await signedIn('new@demo.test');
      const first = {
        level: 1,
        documentType: 'PASSPORT',
        country: 'DE',
        documentIds: [await uploadedDocument(client, 'front'), await uploadedDocument(client, 'selfie')],
        consent: TEST_CONSENT,
      };
      expect((await submit(client, first, 'first')).ret_code).toBe(0);
      const second = {
        ...first,
        documentIds: [await uploadedDocument(client, 'front'), await uploadedDocument(client, 'selfie')],
      };
      expect((await submit(client, second, 'second')).ret_code).toBe(30001);
      // Documents already used in a submission cannot be used again.
      expect((await submit(client, first, 'third')).ret_code).toBe(30011);
      expect(await submissionCount(await userIdOf('new@demo.test'))).toBe(1);
    });

    it('when the Idempotency-Key is missing or malformed, then 10001', async () => {
      const client = await signedIn('new@demo.test');
      const body = {
        level: 1,
        documentType: 'PASSPORT',
        country: 'DE',
        documentIds: ['0'.repeat(32)],
        consent: TEST_CONSENT,
      };
      const missing = await client.post('/v3/private/kyc/submit', body);
      expect(missing.envelope?.ret_code).toBe(10001);
      expect((await submit(client, body, 'bad key!')).ret_code).toBe(10001);
      expect((await submit(client, body, 'x'.repeat(129))).ret_code).toBe(10001);
    });

    it('when level 2 is submitted before level 1 succeeded, then 30001; after, its proof of address', async () => {
      const fresh = await signedIn('new@demo.test');
      const poa = await uploadedDocument(fresh, 'poa');
      expect(
        (
          await submit(fresh, {
            level: 2,
            documentType: 'PASSPORT',
            country: 'DE',
            documentIds: [poa],
            residence: TEST_RESIDENCE,
          })
        ).ret_code,
      ).toBe(30001);
      const verified = await signedIn('l1@demo.test');
      const ok = await submit(verified, {
        level: 2,
        documentType: 'PASSPORT',
        country: 'DE',
        documentIds: [await uploadedDocument(verified, 'poa')],
        residence: TEST_RESIDENCE,
      });
      expect(ok.result).toMatchObject({ level: 2, status: 'PENDING' });
    });
  });

  describe('self-reset', () => {
    it('when a verified user resets, then level 0, LEVEL_1 ALLOW and LEVEL_2 NOT_ALLOW', async () => {
      const client = await signedIn('l1@demo.test');
      const { envelope } = await client.post('/v3/private/kyc/self-reset', undefined, {
        headers: await stepUpHeaders(client, SECURITY_SCENES.reset),
      });
      expect(envelope?.ret_code).toBe(0);
      expect(envelope?.result).toEqual({
        level: 0,
        state: [
          { level: 1, status: 'ALLOW' },
          { level: 2, status: 'NOT_ALLOW' },
        ],
      });
      const info = await client.post('/v3/private/kyc/kyc-info', {});
      expect((info.envelope?.result as { applicant: { level: number } }).applicant.level).toBe(0);
    });

    it('when a review is running, then 30001 and nothing changes', async () => {
      const client = await signedIn('pending@demo.test');
      const { envelope } = await client.post('/v3/private/kyc/self-reset', undefined, {
        headers: await stepUpHeaders(client, SECURITY_SCENES.reset),
      });
      expect(envelope?.ret_code).toBe(30001);
      expect(await level1Status(client)).toBe('PENDING');
    });

    it('when called in SDK mode with an access token, then the token user is reset', async () => {
      const userId = await userIdOf('l1@demo.test');
      const token = await partnerTokenOf(fixture.app, { uid: userId }, 'demo-app');
      const response = await fixture.app.inject({
        method: 'POST',
        url: '/v1/s1/kyc/integration/self-reset',
        headers: { 'kyc-access-token': token, 'kyc-access-business': 'demo-app' },
      });
      expect(parseEnvelope(response)?.result).toMatchObject({ level: 0 });
      const noToken = await fixture.app.inject({ method: 'POST', url: '/v1/s1/kyc/integration/self-reset' });
      expect(parseEnvelope(noToken)?.ret_code).toBe(10007);
    });

    it("when called in SDK mode with the web's own token (sdk-access), then 60001 and nothing changes (D53)", async () => {
      // A token minted from a web session must not reset without the session route's email code (30331).
      const client = await signedIn('l1@demo.test');
      const access = await client.post('/v3/private/kyc/sdk-access', { level: 2, from: 'ios-app' });
      const { accessToken } = access.envelope?.result as { accessToken: string };
      const response = await fixture.app.inject({
        method: 'POST',
        url: '/v1/s1/kyc/integration/self-reset',
        headers: { 'kyc-access-token': accessToken, 'kyc-access-business': 'exchange-web' },
      });
      expect(parseEnvelope(response)?.ret_code).toBe(60001);
      const info = await client.post('/v3/private/kyc/kyc-info', {});
      expect((info.envelope?.result as { applicant: { level: number } }).applicant.level).toBe(1);
    });
  });

  describe('POST /v3/private/kyc/kyc-personal-info', () => {
    it('when the details are updated before submitting, then they are read back; after submitting, refused', async () => {
      const client = await signedIn('new@demo.test');
      const update = {
        firstName: 'Ada',
        lastName: 'Lovelace',
        dateOfBirth: '1990-12-10',
        residenceCountry: 'gb',
      };
      const { envelope } = await client.post('/v3/private/kyc/kyc-personal-info', update);
      expect(envelope?.result).toMatchObject({ ...update, residenceCountry: 'GB', editable: true });
      const read = await client.post('/v3/private/kyc/kyc-personal-info');
      expect(read.envelope?.result).toMatchObject({ firstName: 'Ada', residenceCountry: 'GB' });
      const minor = await client.post('/v3/private/kyc/kyc-personal-info', { dateOfBirth: '2020-01-01' });
      expect(minor.envelope?.ret_code).toBe(10001);
      const bad = await client.post('/v3/private/kyc/kyc-personal-info', { dateOfBirth: '1990-02-30' });
      expect(bad.envelope?.ret_code).toBe(10001);

      const ids = [await uploadedDocument(client, 'front'), await uploadedDocument(client, 'selfie')];
      expect(
        (
          await submit(client, {
            level: 1,
            documentType: 'PASSPORT',
            country: 'GB',
            documentIds: ids,
            consent: TEST_CONSENT,
          })
        ).ret_code,
      ).toBe(0);
      const locked = await client.post('/v3/private/kyc/kyc-personal-info', { firstName: 'Eve' });
      expect(locked.envelope?.ret_code).toBe(30001);
      // Locked, the details are the reviewed identity's: answered masked; only the reveal (30029) shows them.
      const after = await client.post('/v3/private/kyc/kyc-personal-info');
      expect(after.envelope?.result).toMatchObject({
        firstName: 'A***',
        dateOfBirth: '****-**-**',
        country: 'GB',
        editable: false,
        masked: true,
      });
    });
  });
});

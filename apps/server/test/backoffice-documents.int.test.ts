import { createHash } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import type { AuditResult, ReviewCase } from '@kyc/contracts';
import { testDatabases } from './support/databases.ts';
import { TestClient, testApp } from './support/test-app.ts';
import type { Database } from '../src/data/db.ts';
import { usersRepo } from '../src/data/repositories/users-repo.ts';
import { base32Decode, totpAt } from '../src/lib/totp.ts';
import { DEMO_PASSWORD, DEMO_STAFF, seedDemoData } from '../src/seed/demo.ts';

const BOUNDARY = '----kyc-test-boundary-docs';

/** A multipart/form-data body with the side and one JPEG, as the portal's upload sends it. */
function multipart(side: string, bytes: Buffer) {
  return {
    payload: Buffer.concat([
      Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="side"\r\n\r\n${side}\r\n`),
      Buffer.from(
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="photo.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
      ),
      bytes,
      Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
    ]),
    headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
  };
}

const jpeg = () =>
  sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 200, g: 120, b: 40 } } })
    .jpeg({ quality: 80 })
    .toBuffer();

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

function demoCode(email: string): string {
  const member = DEMO_STAFF.find((m) => m.email === email);
  if (!member) throw new Error(`no demo staff ${email}`);
  return totpAt(base32Decode(member.totpSecret), Date.now());
}

describe.each(testDatabases())('back-office documents on $name', (testDb) => {
  let database: Database;
  let app: FastifyInstance;

  beforeEach(async () => {
    database = await testDb.open();
    await seedDemoData(database);
    const dataDir = mkdtempSync(path.join(tmpdir(), 'kyc-bo-docs-'));
    app = await testApp(database, { env: { DATA_DIR: dataDir, DEMO_STAFF_TOTP: 'required' } });
    return () => app.close();
  });
  afterAll(() => testDb.cleanup());

  async function staff(email: string): Promise<TestClient> {
    const client = new TestClient(app);
    await client.get('/backoffice/');
    const { envelope } = await client.post('/backoffice/api/login', {
      email,
      password: DEMO_PASSWORD,
      totpCode: demoCode(email),
    });
    expect(envelope?.ret_code).toBe(0);
    return client;
  }

  async function user(email: string): Promise<TestClient> {
    const client = new TestClient(app);
    await client.visit();
    const { envelope } = await client.post('/user/public/login', { email, password: DEMO_PASSWORD });
    expect(envelope?.ret_code).toBe(0);
    return client;
  }

  /** Uploads a JPEG as the user; answers the document id and the sha256 of the stored (re-encoded) bytes. */
  async function upload(client: TestClient, side: string) {
    const { envelope } = await client.send(
      'POST',
      '/v3/private/kyc/upload-document',
      undefined,
      multipart(side, await jpeg()),
    );
    expect(envelope?.ret_code).toBe(0);
    const result = envelope?.result as { documentId: string; sha256: string; size: number };
    return result;
  }

  const userIdOf = async (email: string) => Number((await usersRepo(database.db).findByEmail(email))?.id);
  const documentUrl = (userId: number, documentId: string) =>
    `/backoffice/api/cases/${userId}/documents/${documentId}`;
  const documentViews = async () =>
    (await database.db.selectFrom('audit_log').selectAll().where('action', '=', 'document.view').execute())
      .length;

  it('when a reviewer opens the case and a document, then its metadata is listed and the decrypted bytes stream with safe headers, audited', async () => {
    const owner = await user('new@demo.test');
    const front = await upload(owner, 'front');
    const selfie = await upload(owner, 'selfie');
    const submitted = await owner.post(
      '/v3/private/kyc/submit',
      {
        level: 1,
        documentType: 'PASSPORT',
        country: 'DE',
        documentIds: [front.documentId, selfie.documentId],
      },
      { headers: { 'idempotency-key': 'bo-docs-1' } },
    );
    expect(submitted.envelope?.ret_code).toBe(0);
    const submissionId = (submitted.envelope?.result as { submissionId: number }).submissionId;
    const userId = await userIdOf('new@demo.test');

    const reviewer = await staff('reviewer@demo.test');
    const kase = (await reviewer.get(`/backoffice/api/cases/${userId}`)).envelope?.result as ReviewCase;
    expect(kase.documents).toHaveLength(2);
    expect(kase.documents.find((d) => d.id === front.documentId)).toEqual({
      id: front.documentId,
      side: 'front',
      mime: 'image/jpeg',
      size: front.size,
      sha256: front.sha256,
      createdAt: expect.any(Number) as number,
      submissionId,
    });

    const { response } = await reviewer.get(documentUrl(userId, front.documentId));
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/jpeg');
    expect(response.headers['content-disposition']).toMatch(/^inline/);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['content-security-policy']).toBe("default-src 'none'; img-src 'self'; sandbox");
    expect(response.rawPayload.length).toBe(front.size);
    expect(sha256(response.rawPayload)).toBe(front.sha256);
    expect((await sharp(response.rawPayload).metadata()).format).toBe('jpeg');

    const admin = await staff('admin@demo.test');
    const audit = (await admin.get(`/backoffice/api/audit?action=document.view&subjectUserId=${userId}`))
      .envelope?.result as AuditResult;
    expect(audit.items).toHaveLength(1);
    const reviewerId = (await database.db
      .selectFrom('staff_users')
      .select('id')
      .where('email', '=', 'reviewer@demo.test')
      .executeTakeFirstOrThrow()) as { id: number };
    expect(audit.items[0]).toMatchObject({
      staffId: Number(reviewerId.id),
      action: 'document.view',
      subjectUserId: userId,
      details: { documentId: front.documentId },
    });
    expect(JSON.stringify(audit.items[0])).not.toContain(response.rawPayload.toString('base64').slice(0, 32));
  });

  it('when an auditor asks for a document, then 10005 and nothing is audited', async () => {
    const doc = await upload(await user('new@demo.test'), 'front');
    const auditor = await staff('auditor@demo.test');
    const { response, envelope } = await auditor.get(
      documentUrl(await userIdOf('new@demo.test'), doc.documentId),
    );
    expect(envelope?.ret_code).toBe(10005);
    expect(response.headers['content-type']).toMatch(/json/);
    expect(await documentViews()).toBe(0);
  });

  it("when user A's document is asked for under user B's case, then the same answer as an unknown id", async () => {
    const doc = await upload(await user('new@demo.test'), 'front');
    const reviewer = await staff('reviewer@demo.test');
    const other = await userIdOf('l1@demo.test');
    const foreign = await reviewer.get(documentUrl(other, doc.documentId));
    const unknown = await reviewer.get(documentUrl(other, '0'.repeat(32)));
    expect(foreign.envelope).toMatchObject({ ret_code: 10001, result: null });
    expect(foreign.response.statusCode).toBe(404);
    expect(unknown.response.statusCode).toBe(foreign.response.statusCode);
    expect(unknown.envelope).toEqual(foreign.envelope);
    expect(await documentViews()).toBe(0);
  });

  it('when there is no staff session, or only the end user’s own session, then 10007', async () => {
    const owner = await user('new@demo.test');
    const doc = await upload(owner, 'front');
    const url = documentUrl(await userIdOf('new@demo.test'), doc.documentId);
    const anonymous = new TestClient(app);
    expect((await anonymous.get(url)).envelope?.ret_code).toBe(10007);
    const own = await owner.get(url);
    expect(own.envelope?.ret_code).toBe(10007);
    expect(own.response.headers['content-type']).toMatch(/json/);
    expect(await documentViews()).toBe(0);
  });
});

import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import type { AuditResult, ReviewCase } from '@kyc/contracts';
import { useAppFixture } from './support/app-fixture.ts';
import { testDatabases } from './support/databases.ts';
import { jpeg, multipart, staffClient, userClient, TEST_CONSENT } from './support/kyc-flows.ts';
import { TestClient } from './support/test-app.ts';

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

describe.each(testDatabases())('back-office documents on $name', (testDb) => {
  const fixture = useAppFixture(testDb, { env: { DEMO_STAFF_TOTP: 'required' } });

  const staff = (email: string) => staffClient(fixture.app, email);

  const user = (email: string) => userClient(fixture.app, email);

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

  const { userIdOf } = fixture;
  const documentUrl = (userId: number, documentId: string) =>
    `/backoffice/api/cases/${userId}/documents/${documentId}`;
  const documentViews = async () =>
    (
      await fixture.database.db
        .selectFrom('audit_log')
        .selectAll()
        .where('action', '=', 'document.view')
        .execute()
    ).length;

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
        consent: TEST_CONSENT,
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
    const reviewerId = (await fixture.database.db
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
    const anonymous = new TestClient(fixture.app);
    expect((await anonymous.get(url)).envelope?.ret_code).toBe(10007);
    const own = await owner.get(url);
    expect(own.envelope?.ret_code).toBe(10007);
    expect(own.response.headers['content-type']).toMatch(/json/);
    expect(await documentViews()).toBe(0);
  });
});

/**
 * Issue 14, rotating DATA_MASTER_KEY without downtime (D62, docs/operations.md "Rotating
 * DATA_MASTER_KEY"): instances started with the new key and the old one as DATA_MASTER_KEY_PREVIOUS
 * open everything the old key sealed; `npm run keys:rotate` re-seals it all; afterwards the new key alone
 * opens it, and the audit chain verifies across the two keys. SQLite and PostgreSQL.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { ReviewCase } from '@kyc/contracts';
import { useAppFixture } from './support/app-fixture.ts';
import { testDatabases } from './support/databases.ts';
import { databaseUrlOf, onInstance, secondInstance } from './support/decision-races.ts';
import { partnerTokenOf, staffClient, uploadAs, userWithCase } from './support/kyc-flows.ts';
import { signedUpClient, TEST_MASTER_KEY, TEST_SECRET, TestClient } from './support/test-app.ts';
import { keysRotate } from '../src/cli/keys-rotate.ts';
import { repositories } from '../src/data/repositories/index.ts';
import { auditChainUseCases } from '../src/domain/audit/chain-status.ts';
import { useAuditChainKey } from '../src/lib/audit-chain-hash.ts';
import { hashRecoveryCode, normaliseRecoveryCode } from '../src/lib/recovery-codes.ts';
import { newTotpSecret, sealTotpSecret, totpAt } from '../src/lib/totp.ts';
import { createKeyring, wrappingKeyId } from '../src/lib/crypto/envelope.ts';
import { DEMO_PASSWORD } from '../src/seed/demo.ts';

const OLD_KEY = TEST_MASTER_KEY;
const NEW_KEY = Buffer.alloc(32, 9).toString('base64');
const oldKey = Buffer.from(OLD_KEY, 'base64');
const newKeyId = createKeyring(Buffer.from(NEW_KEY, 'base64')).current.id;
const AUDITOR = 'auditor@demo.test';
const RECOVERY = 'ABCDE23456';
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

describe.each(testDatabases())('rotating DATA_MASTER_KEY on $name', (testDb) => {
  const fixture = useAppFixture(testDb, { env: { DEMO_STAFF_TOTP: 'required' } });
  const db = () => fixture.database.db;
  let reviewerSession: TestClient | undefined;

  async function staffLogin(app: TestClient['app'], body: Record<string, unknown>) {
    const client = new TestClient(app);
    await client.get('/backoffice/');
    const { envelope } = await client.post('/backoffice/api/login', {
      email: AUDITOR,
      password: DEMO_PASSWORD,
      ...body,
    });
    return { client, code: envelope?.ret_code };
  }

  /** What the old key sealed is opened on `app`: a case's name and documents, a partner's signed call, a TOTP. */
  async function opensEverything(app: TestClient['app'], userId: number, totpSecret: Buffer) {
    // Signed in once on the first instance: sessions live in the database.
    if (!reviewerSession) throw new Error('sign the reviewer in first');
    const reviewer = onInstance(reviewerSession, app);
    const view = (await reviewer.get(`/backoffice/api/cases/${userId}`)).envelope?.result as ReviewCase;
    expect(view.applicant).toMatchObject({ firstName: expect.any(String) });
    expect(view.documents.length).toBeGreaterThan(0);
    for (const doc of view.documents) {
      const { response } = await reviewer.get(`/backoffice/api/cases/${userId}/documents/${doc.id}`);
      expect(response.statusCode).toBe(200);
      expect(sha256(response.rawPayload)).toBe(doc.sha256);
    }
    // The first-party app's signing secret (sealed at boot under the key of that time) still verifies.
    expect(await partnerTokenOf(app, { uid: userId }, 'web')).toMatch(/./);
    // The auditor's authenticator code of this step (the step forgotten: each check signs in anew).
    await db().updateTable('staff_users').set({ totp_last_step: 0 }).where('email', '=', AUDITOR).execute();
    const signedIn = await staffLogin(app, { totpCode: totpAt(totpSecret, Date.now()) });
    expect(signedIn.code).toBe(0);
  }

  it('when every instance runs the new key with the old one as previous, then everything opens before and after keys:rotate, and then the new key alone opens it', async () => {
    // Under the old key: a case with documents and personal data, the demo partner's secret (boot), an
    // auditor's authenticator secret and a recovery code.
    await userWithCase(fixture.app, 'new@demo.test');
    // A staff sign-in: audit entries hashed under the old key (the chain key is the process's).
    reviewerSession = await staffClient(fixture.app, 'reviewer@demo.test');
    const underOldKey = await db().selectFrom('audit_log').select('id').execute();
    expect(underOldKey.length).toBeGreaterThan(0);
    const userId = await fixture.userIdOf('new@demo.test');
    const auditor = await db()
      .selectFrom('staff_users')
      .select('id')
      .where('email', '=', AUDITOR)
      .executeTakeFirstOrThrow();
    const staffId = Number(auditor.id);
    const secret = newTotpSecret();
    await db()
      .updateTable('staff_users')
      .set({ totp_secret: sealTotpSecret(oldKey, staffId, secret), totp_last_step: 0 })
      .where('id', '=', staffId)
      .execute();
    await repositories(db()).recoveryCodes.replace(
      staffId,
      [hashRecoveryCode(oldKey, staffId, normaliseRecoveryCode(RECOVERY) ?? '')],
      Date.now(),
    );
    const before = await db().selectFrom('user_data_keys').select('key_id').execute();
    expect(before.length).toBeGreaterThan(0);
    expect(before.every((row) => Number(row.key_id) !== newKeyId)).toBe(true);

    // Without the old key nothing it sealed opens: what follows proves the previous key is what opens it.
    const blind = await secondInstance(fixture, { DATA_MASTER_KEY: NEW_KEY });
    try {
      const reviewer = onInstance(reviewerSession, blind.app);
      const docs = await db()
        .selectFrom('kyc_documents')
        .select('id')
        .where('user_id', '=', userId)
        .execute();
      const [doc] = docs;
      if (!doc) throw new Error('the case has no document');
      const { response } = await reviewer.get(`/backoffice/api/cases/${userId}/documents/${doc.id}`);
      expect(response.statusCode).not.toBe(200);
    } finally {
      await blind.close();
    }

    // Step 1: the instances restart with the new key and the old one as previous.
    const rotating = { DATA_MASTER_KEY: NEW_KEY, DATA_MASTER_KEY_PREVIOUS: OLD_KEY };
    const during = await secondInstance(fixture, rotating);
    try {
      await opensEverything(during.app, userId, secret);
      expect((await staffLogin(during.app, { recoveryCode: RECOVERY })).code).toBe(0);
      // What is sealed from now on is sealed under the new key.
      const newcomer = await signedUpClient(
        during.app,
        'newcomer@example.test',
        'a long enough passphrase 42',
      );
      await uploadAs(newcomer, 'front');
      const newcomerId = await fixture.userIdOf('newcomer@example.test');
      const fresh = await db()
        .selectFrom('user_data_keys')
        .select('wrapped_key')
        .where('user_id', '=', newcomerId)
        .executeTakeFirstOrThrow();
      expect(wrappingKeyId(Buffer.from(fresh.wrapped_key))).toBe(newKeyId);

      // Step 2: keys:rotate re-seals everything; a second run finds nothing left.
      const env = {
        ...process.env,
        SESSION_SECRET: TEST_SECRET,
        ...rotating,
        DATABASE_URL: await databaseUrlOf(fixture),
        DATA_DIR: fixture.dataDir,
      };
      const lines: string[] = [];
      expect(await keysRotate(env, (line) => lines.push(line))).toBe(0);
      expect(lines.at(-1)).toMatch(/^done: nothing is sealed under a retired key/);
      const again: string[] = [];
      expect(await keysRotate(env, (line) => again.push(line))).toBe(0);
      expect(again.join('\n')).toMatch(
        /re-sealed: data keys 0, partner secrets 0, webhook secrets 0, staff TOTP secrets 0/,
      );
      const after = await db().selectFrom('user_data_keys').select('key_id').execute();
      expect(after.every((row) => Number(row.key_id) === newKeyId)).toBe(true);
      await opensEverything(during.app, userId, secret);
    } finally {
      await during.close();
    }

    // Step 3: the old key removed. Everything still opens; the audit chain spans both keys and verifies
    // while the old key is configured for it.
    const done = await secondInstance(fixture, { DATA_MASTER_KEY: NEW_KEY });
    try {
      await opensEverything(done.app, userId, secret);
    } finally {
      await done.close();
    }
    const verifying = await secondInstance(fixture, rotating);
    try {
      const result = await auditChainUseCases(repositories(db())).verifyAll(Date.now());
      expect(result.status.broken).toBeNull();
      expect(result.checked).toBeGreaterThan(0);
      // With the new key alone the entries hashed under the old one no longer verify (why it is kept).
      useAuditChainKey(Buffer.from(NEW_KEY, 'base64'));
      expect(
        (await auditChainUseCases(repositories(db())).verifyAll(Date.now())).status.broken,
      ).not.toBeNull();
      // An entry written with the retired key after the rotation is a forgery, found as such.
      useAuditChainKey(oldKey);
      await repositories(db()).audit.insert(
        { staffId: staffId, action: 'case.view', caseRef: 'forged' },
        Date.now(),
      );
      useAuditChainKey(Buffer.from(NEW_KEY, 'base64'), [oldKey]);
      const forged = await auditChainUseCases(repositories(db())).verifyAll(Date.now());
      const last = await db()
        .selectFrom('audit_log')
        .select((eb) => eb.fn.max('id').as('id'))
        .executeTakeFirstOrThrow();
      expect(forged.status.broken).toMatchObject({ id: Number(last.id) });
    } finally {
      await verifying.close();
    }
  });

  it('when keys:rotate runs with no previous key, then it says what to do first and exits 1', async () => {
    const lines: string[] = [];
    const env = {
      ...process.env,
      SESSION_SECRET: TEST_SECRET,
      DATA_MASTER_KEY: NEW_KEY,
      DATABASE_URL: await databaseUrlOf(fixture),
      DATA_DIR: fixture.dataDir,
    };
    expect(await keysRotate(env, (line) => lines.push(line))).toBe(1);
    expect(lines.join('\n')).toMatch(/DATA_MASTER_KEY_PREVIOUS is not set/);
  });
});

/**
 * Issue 20, the person's own copy (docs/data-export.md, D74–D75): after an email code (scene 30034) a
 * person asks for a copy; the job builds a zip of everything we hold about them and their documents
 * decrypted, none of anyone else's; the download link works once, copies and links expire; an
 * Idempotency-Key retry and concurrent requests make one copy; a screening hit and a freeze leave no trace
 * in the copy (tipping-off); compliance produces the same copy for a subject access request, with a
 * reason, audited, and a reviewer without the permission is refused.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { unzipSync } from 'fflate';
import {
  DATA_EXPORT_TTL_MS,
  DATA_EXPORTS_URL,
  SECURITY_SCENES,
  type DataExportLinkResult,
  type DataExportStatusResult,
  type DataExportView,
  type QuestionnaireAnswers,
  type SubjectAccessExportStatus,
} from '@kyc/contracts';
import { useAppFixture, type AppFixture } from './support/app-fixture.ts';
import { testDatabases } from './support/databases.ts';
import {
  decide,
  postWithKey,
  randomKey,
  staffClient,
  uploadAs,
  userClient,
  userWithCase,
  type Answer,
} from './support/kyc-flows.ts';
import { submittedQuestionnaire } from './support/questionnaires.ts';
import { openedTexts } from './support/sealed-texts.ts';
import { stepUpHeaders, stepUpToken } from './support/step-up.ts';
import type { TestClient } from './support/test-app.ts';

const ADA = { firstName: 'Adaline', lastName: 'Lovelacewood', dateOfBirth: '1990-12-10' };
const INTERNAL_COMMENT = 'INTERNAL-NOTE-7f3a: checked against the registry';
const AML_ANSWERS: QuestionnaireAnswers = {
  employment_status: 'retired',
  tax_residence_country: 'DE',
  has_tin: false,
  no_tin_reason: 'not_required',
  us_person: false,
  annual_income: 'under_25k',
  net_worth: 'under_50k',
  source_of_funds: ['savings'],
  account_purpose: ['long_term_investment'],
  monthly_volume: 'under_1k',
  acting_for_third_party: false,
  is_pep: false,
  is_pep_related: false,
  declaration_true: true,
  declaration_updates: true,
};

type Files = Record<string, Uint8Array>;
const text = (bytes: Uint8Array | undefined) => Buffer.from(bytes ?? new Uint8Array()).toString('utf8');
const jsonOf = <T = Record<string, unknown>>(files: Files, path: string): T =>
  JSON.parse(text(files[path])) as T;
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

async function runJob(app: FastifyInstance, name: string): Promise<number> {
  const job = app.jobs.find((j) => j.name === name) ?? app.sweeps.find((s) => s.name === name);
  if (!job) throw new Error(`no job ${name}`);
  return job.run();
}

/** Asks for a copy behind a fresh email code of 30034. */
async function requestExport(client: TestClient, key = randomKey()): Promise<Answer> {
  const headers = await stepUpHeaders(client, SECURITY_SCENES.dataExport);
  return (await postWithKey(client, DATA_EXPORTS_URL, undefined, key, headers)).envelope;
}

async function latest(client: TestClient): Promise<DataExportStatusResult> {
  const { envelope } = await client.get(`${DATA_EXPORTS_URL}/latest`);
  expect(envelope?.ret_code).toBe(0);
  return envelope?.result as DataExportStatusResult;
}

async function takeLink(client: TestClient, exportId: number): Promise<Answer> {
  const headers = await stepUpHeaders(client, SECURITY_SCENES.dataExport);
  const { envelope } = await client.post(`${DATA_EXPORTS_URL}/${exportId}/link`, undefined, { headers });
  return envelope as Answer;
}

/** GET of a download link: the zip's files, or the envelope of a refusal. */
async function download(client: TestClient, url: string) {
  const { response, envelope } = await client.get(url);
  if (String(response.headers['content-type']).startsWith('application/zip'))
    return { files: unzipSync(new Uint8Array(response.rawPayload)), response, envelope: undefined };
  return { files: undefined, response, envelope };
}

/** A ready copy of this person's data, downloaded: its files. */
async function ownCopy(
  app: FastifyInstance,
  client: TestClient,
): Promise<{ files: Files; exportId: number; url: string }> {
  const asked = await requestExport(client);
  expect(asked.ret_code).toBe(0);
  const exportId = (asked.result as unknown as DataExportView).id;
  await runJob(app, 'data-exports');
  expect((await latest(client)).export).toMatchObject({ id: exportId, status: 'ready' });
  const link = await takeLink(client, exportId);
  expect(link.ret_code).toBe(0);
  const { url } = link.result as unknown as DataExportLinkResult;
  const got = await download(client, url);
  if (!got.files) throw new Error(`download refused: ${JSON.stringify(got.envelope)}`);
  return { files: got.files, exportId, url };
}

/** Every JSON and text file of the copy as one string (for "none of anyone else's data"). */
const allText = (files: Files) =>
  Object.entries(files)
    .filter(([path]) => path.endsWith('.json') || path.endsWith('.txt'))
    .map(([, bytes]) => text(bytes))
    .join('\n');

async function documentRowsOf(fixture: AppFixture, userId: number) {
  return fixture.database.db
    .selectFrom('kyc_documents')
    .select(['id', 'sha256', 'submission_id', 'side'])
    .where('user_id', '=', userId)
    .execute();
}

async function exportRows(fixture: AppFixture, userId: number) {
  return fixture.database.db.selectFrom('data_exports').selectAll().where('user_id', '=', userId).execute();
}

describe.each(testDatabases())("the person's own copy on $name", (testDb) => {
  const fixture = useAppFixture(testDb);

  /**
   * Ada: personal details, a level-1 submission rejected with a reason, a second one approved with an
   * internal comment, the AML questionnaire answered, one upload never submitted.
   */
  async function adaWithHistory(): Promise<TestClient> {
    const app = fixture.app;
    const first = await userClient(app, 'new@demo.test');
    expect((await first.post('/v3/private/kyc/kyc-personal-info', ADA)).envelope?.ret_code).toBe(0);
    await userWithCase(app, 'new@demo.test');
    const userId = await fixture.userIdOf('new@demo.test');
    const reviewer = await staffClient(app, 'reviewer@demo.test');
    const rejected = await decide(reviewer, userId, {
      decision: 'reject_retry',
      level: 1,
      reasonCode: 'BLURRY',
      userMessage: 'The photo of your passport is blurred.',
    });
    expect(rejected.ret_code).toBe(0);
    const { client } = await userWithCase(app, 'new@demo.test');
    expect(
      (await decide(reviewer, userId, { decision: 'approve', level: 1, comment: INTERNAL_COMMENT })).ret_code,
    ).toBe(0);
    await submittedQuestionnaire(client, 'aml-200', AML_ANSWERS, 'aml-export-1');
    await uploadAs(client, 'front');
    return client;
  }

  it('when a person asks for a copy after the email code, then the zip holds all of their data and documents, and none of another person’s', async () => {
    const ada = await adaWithHistory();
    const adaId = await fixture.userIdOf('new@demo.test');
    // Another person with data of their own: a pending case (seeded) and an upload.
    const chidi = await userClient(fixture.app, 'pending@demo.test');
    await uploadAs(chidi, 'front');
    const chidiId = await fixture.userIdOf('pending@demo.test');
    // What a partner was told about each of them (rows as the dispatcher writes them).
    const told = (userId: number, userRef: string) => ({
      business_id: 'exchange-web',
      event_id: `evt-${userRef}`,
      event_type: 'kyc_level.status_changed',
      body: JSON.stringify({ eventId: `evt-${userRef}`, type: 'kyc_level.status_changed', userRef }),
      created_at: Date.now(),
      updated_at: Date.now(),
      user_id: userId,
    });
    await fixture.database.db
      .insertInto('partner_webhook_deliveries')
      .values([told(adaId, 'ada-at-partner'), told(chidiId, 'chidi-at-partner')])
      .execute();

    const { files, url } = await ownCopy(fixture.app, ada);

    // The manifest lists every file with its digest.
    const manifest = jsonOf<{
      format: string;
      subject: { userId: number; email: string };
      files: Array<{ path: string; sha256: string; size: number }>;
    }>(files, 'manifest.json');
    expect(manifest.format).toBe('kyc-portal/personal-data-export@1');
    expect(manifest.subject).toEqual({ userId: adaId, email: 'new@demo.test' });
    for (const entry of manifest.files) {
      const bytes = files[entry.path];
      expect(bytes, entry.path).toBeDefined();
      if (bytes) expect([sha256(bytes), bytes.length]).toEqual([entry.sha256, entry.size]);
    }
    expect(Object.keys(files)).toEqual(
      expect.arrayContaining([
        'README.txt',
        'data/account.json',
        'data/verification.json',
        'data/questionnaires.json',
        'data/screening.json',
        'data/partners.json',
        'data/security.json',
        'data/support.json',
        'data/exports.json',
      ]),
    );

    // Profile and personal details (opened from their sealed columns).
    expect(jsonOf(files, 'data/account.json')).toMatchObject({
      account: { userId: adaId, email: 'new@demo.test' },
      personalDetails: {
        firstName: ADA.firstName,
        lastName: ADA.lastName,
        dateOfBirth: ADA.dateOfBirth,
        verifiedLevel: 1,
      },
    });

    // Levels, submissions, decisions with their reasons.
    const verification = jsonOf<{
      levels: Array<{ level: number; status: string }>;
      submissions: Array<{ status: string; documents: Array<{ file: string | null; sha256: string }> }>;
      decisions: Array<{ decision: string; reasonCode: string; reason: string; decidedBy: string }>;
      documentsNotSubmitted: Array<{ file: string | null }>;
    }>(files, 'data/verification.json');
    expect(verification.levels.find((l) => l.level === 1)?.status).toBe('SUCCESS');
    expect(verification.submissions.map((s) => s.status)).toEqual(['REJECTED_RETRY', 'APPROVED']);
    expect(verification.decisions).toEqual([
      expect.objectContaining({
        decision: 'reject_retry',
        reasonCode: 'BLURRY',
        reason: 'The photo of your passport is blurred.',
        decidedBy: 'staff',
      }),
      expect.objectContaining({ decision: 'approve', decidedBy: 'staff' }),
    ]);
    expect(verification.documentsNotSubmitted).toHaveLength(1);

    // Every document of Ada's is in the zip, decrypted: the bytes' digest is the one recorded at upload.
    const adaDocuments = await documentRowsOf(fixture, adaId);
    expect(adaDocuments).toHaveLength(5);
    const zipDigests = new Set(
      Object.entries(files)
        .filter(([path]) => path.startsWith('documents/') || path.startsWith('evidence/'))
        .map(([, bytes]) => sha256(bytes)),
    );
    for (const doc of adaDocuments) expect(zipDigests.has(doc.sha256), doc.id).toBe(true);
    const documentPaths = Object.keys(files).filter((p) => p.startsWith('documents/'));
    expect(documentPaths).toHaveLength(5);
    expect(documentPaths.filter((p) => p.startsWith('documents/not-submitted/'))).toHaveLength(1);
    const firstJpeg = files[documentPaths[0] ?? ''];
    expect(firstJpeg && Buffer.from(firstJpeg.subarray(0, 3)).toString('hex')).toBe('ffd8ff');

    // Questionnaire answers, opened.
    const questionnaires = jsonOf<{
      submissions: Array<{ questionnaire: string; answers: QuestionnaireAnswers }>;
    }>(files, 'data/questionnaires.json');
    expect(questionnaires.submissions).toEqual([
      expect.objectContaining({
        questionnaire: 'aml-200',
        answers: expect.objectContaining({ employment_status: 'retired', source_of_funds: ['savings'] }),
      }),
    ]);

    // Sign-ins and the security verifications of this very export.
    const security = jsonOf<{
      events: Array<{ kind: string }>;
      securityVerifications: Array<{ scene: number; for: string }>;
    }>(files, 'data/security.json');
    expect(security.events.length).toBeGreaterThan(0);
    expect(security.securityVerifications).toEqual(
      expect.arrayContaining([expect.objectContaining({ scene: 30034, for: 'dataExport' })]),
    );
    expect(jsonOf(files, 'data/partners.json')).toEqual({
      links: [],
      notifications: [
        expect.objectContaining({
          partner: 'exchange-web',
          event: 'kyc_level.status_changed',
          sent: expect.objectContaining({ userRef: 'ada-at-partner' }),
        }),
      ],
    });

    // Nothing of Chidi's; no internal comment; no secret.
    const everything = allText(files);
    const ada_ = await fixture.database.db
      .selectFrom('users')
      .select('password_hash')
      .where('id', '=', adaId)
      .executeTakeFirstOrThrow();
    expect(everything).not.toContain('pending@demo.test');
    expect(everything).not.toContain('Chidi');
    expect(everything).not.toContain('chidi-at-partner');
    expect(everything).not.toContain(INTERNAL_COMMENT);
    expect(everything).not.toContain(ada_.password_hash);
    // (The test images are the same bytes for both people, so the check is by the documents' ids.)
    const adaIds = new Set(adaDocuments.map((d) => d.id));
    for (const path of documentPaths)
      expect(adaIds.has(/([0-9a-f]{32})-/.exec(path)?.[1] ?? ''), path).toBe(true);
    for (const doc of await documentRowsOf(fixture, chidiId)) {
      expect(everything).not.toContain(doc.id);
      expect(documentPaths.some((p) => p.includes(doc.id))).toBe(false);
    }

    // The link worked once: a second download is refused, and so is another person using it.
    expect((await download(ada, url)).envelope?.ret_code).toBe(62024);
    expect((await download(chidi, url)).envelope?.ret_code).toBe(62026);
    expect((await latest(ada)).export).toMatchObject({ status: 'downloaded' });
    // Downloaded: the sealed zip is gone from the store.
    const [row] = await exportRows(fixture, adaId);
    expect(row?.blob_id).toBeNull();
  });

  it('when the copy is asked for without a risk token, with one of another scene or with a spent one, then it is refused and nothing is made', async () => {
    const client = await userClient(fixture.app, 'l1@demo.test');
    const userId = await fixture.userIdOf('l1@demo.test');
    const without = await postWithKey(client, DATA_EXPORTS_URL, undefined, randomKey());
    expect(without.envelope.ret_code).toBe(60001);

    const otherScene = await stepUpToken(client, SECURITY_SCENES.authenticator);
    const wrong = await postWithKey(client, DATA_EXPORTS_URL, undefined, randomKey(), {
      'x-risk-token': otherScene,
    });
    expect(wrong.envelope.ret_code).toBe(60004);

    const token = await stepUpToken(client, SECURITY_SCENES.dataExport);
    expect(
      (await postWithKey(client, DATA_EXPORTS_URL, undefined, randomKey(), { 'x-risk-token': token }))
        .envelope.ret_code,
    ).toBe(0);
    const spent = await postWithKey(client, DATA_EXPORTS_URL, undefined, randomKey(), {
      'x-risk-token': token,
    });
    expect(spent.envelope.ret_code).toBe(60003);
    expect(await exportRows(fixture, userId)).toHaveLength(1);

    // The link needs its own verification too.
    await runJob(fixture.app, 'data-exports');
    const exportId = Number((await exportRows(fixture, userId))[0]?.id);
    const { envelope } = await client.post(`${DATA_EXPORTS_URL}/${exportId}/link`);
    expect(envelope?.ret_code).toBe(60001);
    // And a person cannot take a link to another person's copy.
    const other = await userClient(fixture.app, 'new@demo.test');
    expect((await takeLink(other, exportId)).ret_code).toBe(62022);
  });

  it('when a request is retried with its Idempotency-Key, or sent twice at once, then one copy is made; a second within a day is refused', async () => {
    const client = await userClient(fixture.app, 'l1@demo.test');
    const userId = await fixture.userIdOf('l1@demo.test');
    const key = randomKey();
    const first = await requestExport(client, key);
    const retry = await requestExport(client, key);
    expect([first.ret_code, retry.ret_code]).toEqual([0, 0]);
    expect((retry.result as unknown as DataExportView).id).toBe(
      (first.result as unknown as DataExportView).id,
    );
    expect(await exportRows(fixture, userId)).toHaveLength(1);

    // Another key: one copy at a time, one a day.
    const another = await requestExport(client);
    expect([62020, 62021]).toContain(another.ret_code);
    await runJob(fixture.app, 'data-exports');
    const later = await requestExport(client);
    expect(later.ret_code).toBe(62021);
    expect((await latest(client)).nextRequestAt).toBeGreaterThan(Date.now() + 23 * 60 * 60_000);
    expect(await exportRows(fixture, userId)).toHaveLength(1);
  });

  it('when two requests arrive at once, with the same key or two keys, then exactly one copy is made', async () => {
    const client = await userClient(fixture.app, 'l1@demo.test');
    const userId = await fixture.userIdOf('l1@demo.test');
    const tokens = [
      await stepUpToken(client, SECURITY_SCENES.dataExport),
      await stepUpToken(client, SECURITY_SCENES.dataExport),
    ];
    const key = randomKey();
    const same = await Promise.all(
      tokens.map((t) => postWithKey(client, DATA_EXPORTS_URL, undefined, key, { 'x-risk-token': t })),
    );
    expect(same.map((a) => a.envelope.ret_code)).toEqual([0, 0]);
    const ids = same.map((a) => (a.envelope.result as unknown as DataExportView).id);
    expect(ids[0]).toBe(ids[1]);
    expect(await exportRows(fixture, userId)).toHaveLength(1);

    // Two keys at once (another person): one wins, the other is told a copy is in progress.
    const other = await userClient(fixture.app, 'new@demo.test');
    const otherId = await fixture.userIdOf('new@demo.test');
    const twoTokens = [
      await stepUpToken(other, SECURITY_SCENES.dataExport),
      await stepUpToken(other, SECURITY_SCENES.dataExport),
    ];
    const two = await Promise.all(
      twoTokens.map((t) =>
        postWithKey(other, DATA_EXPORTS_URL, undefined, randomKey(), { 'x-risk-token': t }),
      ),
    );
    const codes = two.map((a) => a.envelope.ret_code).sort();
    expect(codes[0]).toBe(0);
    expect([62020, 62021]).toContain(codes[1]);
    expect(await exportRows(fixture, otherId)).toHaveLength(1);
  });

  it('when a copy is past its 7 days or its link past its 15 minutes, then both are refused and the sweep deletes the copy', async () => {
    const client = await userClient(fixture.app, 'l1@demo.test');
    const userId = await fixture.userIdOf('l1@demo.test');
    const asked = await requestExport(client);
    const exportId = (asked.result as unknown as DataExportView).id;
    await runJob(fixture.app, 'data-exports');
    const ready = (await latest(client)).export;
    expect(ready?.expiresAt).toBe((ready?.readyAt ?? 0) + DATA_EXPORT_TTL_MS);

    // The link expires first.
    const link = (await takeLink(client, exportId)).result as unknown as DataExportLinkResult;
    await fixture.database.db
      .updateTable('data_exports')
      .set({ link_expires_at: Date.now() - 1 })
      .where('id', '=', exportId)
      .execute();
    expect((await download(client, link.url)).envelope?.ret_code).toBe(62025);

    // Then the copy: no new link, no download, and the sweep deletes it.
    const fresh = (await takeLink(client, exportId)).result as unknown as DataExportLinkResult;
    await fixture.database.db
      .updateTable('data_exports')
      .set({ expires_at: Date.now() - 1 })
      .where('id', '=', exportId)
      .execute();
    expect((await download(client, fresh.url)).envelope?.ret_code).toBe(62025);
    expect((await takeLink(client, exportId)).ret_code).toBe(62025);
    expect((await latest(client)).export?.status).toBe('expired');
    expect(await runJob(fixture.app, 'expired-data-exports')).toBe(1);
    const [row] = await exportRows(fixture, userId);
    expect(row).toMatchObject({ status: 'expired', blob_id: null });
  });

  it('when a person has a sanctions hit and a frozen account, then their copy says nothing of it (tipping-off) and looks like anyone else’s', async () => {
    const client = await userClient(fixture.app, 'l1@demo.test');
    const userId = await fixture.userIdOf('l1@demo.test');
    const at = Date.now();
    const run = await fixture.database.db
      .insertInto('screening_runs')
      .values({
        user_id: userId,
        reason: 'level_1_submitted',
        status: 'done',
        requested_at: at,
        screened_at: at,
        lists: '["ofac-sdn.xml"]',
        lists_key: 'k',
        hit_count: 1,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const hit = await fixture.database.db
      .insertInto('screening_hits')
      .values({
        user_id: userId,
        list_id: 'ofac-sdn.xml',
        list_entry_id: 'SDN-99177',
        run_id: Number(run.id),
        matched_name: 'Velmorovsky Oleg',
        our_name_enc: Buffer.from('x'),
        // Four decimals: no timestamp of the copy can hold them (an ISO time's milliseconds have three;
        // '0.97' matched '…:10.975Z' once).
        score: 0.9731,
        explanation_enc: Buffer.from('x'),
        state: 'true_match',
        reason: 'Same person: SECRET-RESOLUTION-REASON',
        created_at: at,
        updated_at: at,
        category: 'sanctions',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await fixture.database.db
      .insertInto('account_freezes')
      .values({ user_id: userId, hit_id: Number(hit.id), frozen_by: 1, frozen_at: at })
      .execute();

    const { files } = await ownCopy(fixture.app, client);
    const everything = allText(files);
    for (const secret of [
      'Velmorovsky',
      'SDN-99177',
      'ofac',
      'true_match',
      'SECRET-RESOLUTION-REASON',
      'sanction',
      'frozen',
      'freeze',
      '0.9731',
    ])
      expect(everything.toLowerCase()).not.toContain(secret.toLowerCase());
    // The screening file says when the person was checked, like anyone's.
    expect(jsonOf(files, 'data/screening.json')).toEqual({ checkedAt: [new Date(at).toISOString()] });
  });

  describe('in the back office (subject access request)', () => {
    it('when a senior reviewer asks with a reason, then the copy is made, downloaded once and every step audited; a reviewer is refused', async () => {
      await adaWithHistory();
      const userId = await fixture.userIdOf('new@demo.test');
      const url = `/backoffice/api/cases/${userId}/data-exports`;

      const reviewer = await staffClient(fixture.app, 'reviewer@demo.test');
      expect(
        (await reviewer.post(url, { reason: 'Subject access request by letter of 2 March' })).envelope
          ?.ret_code,
      ).toBe(10005);
      expect((await reviewer.get(url)).envelope?.ret_code).toBe(10005);

      const senior = await staffClient(fixture.app, 'senior@demo.test');
      expect((await senior.post(url, { reason: '' })).envelope?.ret_code).toBe(10001);
      const asked = await senior.post(url, { reason: 'Subject access request by letter of 2 March' });
      expect(asked.envelope?.ret_code).toBe(0);
      const exportId = (asked.envelope?.result as { id: number }).id;
      await runJob(fixture.app, 'data-exports');
      const status = (await senior.get(url)).envelope?.result as SubjectAccessExportStatus;
      expect(status.export).toMatchObject({
        id: exportId,
        status: 'ready',
        reason: 'Subject access request by letter of 2 March',
        requestedBy: { name: expect.any(String) },
      });

      // The reviewer may not take the link either.
      expect((await reviewer.post(`/backoffice/api/data-exports/${exportId}/link`)).envelope?.ret_code).toBe(
        10005,
      );
      const link = (await senior.post(`/backoffice/api/data-exports/${exportId}/link`)).envelope
        ?.result as DataExportLinkResult;
      expect((await download(reviewer, link.url)).envelope?.ret_code).toBe(10005);
      const got = await download(senior, link.url);
      expect(got.files && jsonOf(got.files, 'data/account.json')).toMatchObject({
        personalDetails: { firstName: ADA.firstName },
      });
      expect(got.response.headers['content-disposition']).toMatch(
        /^attachment; filename="personal-data-\d+-/,
      );
      expect((await download(senior, link.url)).envelope?.ret_code).toBe(62024);

      const audit = await fixture.database.db
        .selectFrom('audit_log')
        .select(['action', 'details'])
        .where('subject_user_id', '=', userId)
        .where('action', 'like', 'data_export.%')
        .orderBy('id')
        .execute();
      expect(audit.map((a) => a.action)).toEqual([
        'data_export.request',
        'data_export.link',
        'data_export.download',
      ]);
      // D110: the reason is sealed under the person's data key in the entry, never in clear.
      const requested = JSON.parse(audit[0]?.details ?? '{}') as { exportId: number; reason: unknown };
      expect(requested.exportId).toBe(exportId);
      expect(audit[0]?.details).not.toContain('letter of 2 March');
      expect(await openedTexts(fixture, userId, [requested.reason])).toEqual([
        'Subject access request by letter of 2 March',
      ]);

      // The person's own copies are apart: compliance's does not count towards the person's daily limit.
      const person = await userClient(fixture.app, 'new@demo.test');
      expect((await latest(person)).export).toBeNull();
      expect((await requestExport(person)).ret_code).toBe(0);
    });
  });
});

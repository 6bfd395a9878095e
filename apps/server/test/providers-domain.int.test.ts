/**
 * The vendor-neutral part of issue 13 (docs/providers.md "Events", "Outcomes"), driven by a scripted
 * vendor adapter so that every rule is tested without a vendor's wire format: the SDK session creates the
 * applicant once, an event applies once and in the vendor's order, a forged one changes nothing, a lost
 * one is found by reconciliation, and a vendor that does not answer is a clear 30061.
 */
import { describe, expect, it } from 'vitest';
import { useAppFixture } from './support/app-fixture.ts';
import { testDatabases } from './support/databases.ts';
import { INFO_FLAGS, kycInfo, userClient } from './support/kyc-flows.ts';
import { scriptedVendor, scriptedWebhook } from './support/scripted-vendor.ts';

const SUMSUB_ENV = {
  SUMSUB_APP_TOKEN: 'test-app-token',
  SUMSUB_SECRET_KEY: 'test-secret',
  SUMSUB_WEBHOOK_SECRET: 'test-hook',
  VENDOR_RECONCILE_MINUTES: '1',
};

describe.each(testDatabases())('verification at a vendor (scripted) on $name', (testDb) => {
  const vendor = scriptedVendor();
  const fixture = useAppFixture(testDb, {
    env: SUMSUB_ENV,
    build: { providerOptions: { adapters: { sumsub: vendor.adapter } } },
  });

  const webhook = scriptedWebhook;

  /** sumsub@demo.test opens the vendor's flow of level 1: answers the vendor's applicant id. */
  async function started(): Promise<{ applicantId: string; userId: number }> {
    const client = await userClient(fixture.app, 'sumsub@demo.test');
    const { envelope } = await client.post('/v3/private/kyc/get-verification-sdk-info', { level: 1 });
    expect(envelope?.ret_code).toBe(0);
    const userId = await fixture.userIdOf('sumsub@demo.test');
    const row = await fixture.database.db
      .selectFrom('vendor_applicants')
      .selectAll()
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    return { applicantId: String(row.vendor_applicant_id), userId };
  }

  const statusOf = async (level = 1) => {
    const info = await kycInfo(await userClient(fixture.app, 'sumsub@demo.test'), INFO_FLAGS);
    return info.state?.find((s) => s.level === level)?.status;
  };

  it('when the person opens the flow, then the vendor session answers, the applicant is created once under an opaque reference, and kyc-info names the vendor', async () => {
    const client = await userClient(fixture.app, 'sumsub@demo.test');
    const first = await client.post('/v3/private/kyc/get-verification-sdk-info', { level: 1 });
    expect(first.envelope?.result).toMatchObject({
      provider: 'sumsub',
      apiUrl: 'https://vendor.test',
      flowName: 'Scripted1',
      vendorSdk: { token: expect.stringMatching(/^tok-/), sdkUrl: 'https://vendor.test/sdk.js' },
    });
    await client.post('/v3/private/kyc/get-verification-sdk-info', { level: 1 });
    const rows = await fixture.database.db.selectFrom('vendor_applicants').selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]?.external_user_id).toMatch(/^kyc_[0-9a-f]{24}$/);
    expect(rows[0]?.external_user_id).not.toContain('demo');
    const info = await kycInfo(client, { ...INFO_FLAGS, obtain_kyc_token: true });
    expect(info).toMatchObject({ provider: 'sumsub', apiUrl: 'https://vendor.test' });
    expect(info.flowNames.current).toBe('Scripted1');
    expect(info.kycToken).toMatch(/^tok-/);
  });

  it('when the vendor reports pending then approved, then level 1 is SUCCESS, level 2 opens, and the decision names the vendor', async () => {
    const { applicantId, userId } = await started();
    const pending = await webhook(fixture.app, {
      key: 'e1',
      type: 'applicantPending',
      at: 100,
      applicantId,
      outcome: { kind: 'pending' },
    });
    expect(pending.json()).toMatchObject({ ret_code: 0, result: { effect: 'applied' } });
    expect(await statusOf()).toBe('PENDING');
    const approved = await webhook(fixture.app, {
      key: 'e2',
      type: 'applicantReviewed',
      at: 200,
      applicantId,
      outcome: { kind: 'approved' },
    });
    expect(approved.json()).toMatchObject({ result: { effect: 'applied' } });
    expect(await statusOf(1)).toBe('SUCCESS');
    expect(await statusOf(2)).toBe('ALLOW');
    const decisions = await fixture.database.db
      .selectFrom('kyc_decisions')
      .selectAll()
      .where('user_id', '=', userId)
      .execute();
    expect(decisions).toMatchObject([
      { decision: 'approve', staff_id: 0, decided_by_provider: 'sumsub', level: 1 },
    ]);
    const submissions = await fixture.submissionsOf('sumsub@demo.test');
    expect(submissions.map((s) => s.status)).toEqual(['APPROVED']);
  });

  it('when the same event arrives twice (also at the same moment), then it has one effect', async () => {
    const { applicantId } = await started();
    const event = {
      key: 'dup',
      type: 'applicantReviewed',
      at: 300,
      applicantId,
      outcome: { kind: 'approved' },
    } as const;
    const [a, b] = await Promise.all([webhook(fixture.app, event), webhook(fixture.app, event)]);
    const effects = [a.json().result.effect, b.json().result.effect].sort();
    expect(effects).toEqual(['applied', 'duplicate']);
    expect((await webhook(fixture.app, event)).json().result.effect).toBe('duplicate');
    const decisions = await fixture.database.db.selectFrom('kyc_decisions').selectAll().execute();
    expect(decisions.filter((d) => d.decision === 'approve')).toHaveLength(1);
    const events = await fixture.database.db.selectFrom('vendor_events').selectAll().execute();
    expect(events).toHaveLength(1);
  });

  it('when an older "pending" arrives after "approved", then it is stale and changes nothing; a newer one cannot undo SUCCESS either', async () => {
    const { applicantId } = await started();
    await webhook(fixture.app, {
      key: 'r',
      type: 'applicantReviewed',
      at: 500,
      applicantId,
      outcome: { kind: 'approved' },
    });
    const late = await webhook(fixture.app, {
      key: 'p',
      type: 'applicantPending',
      at: 400,
      applicantId,
      outcome: { kind: 'pending' },
    });
    expect(late.json().result.effect).toBe('stale');
    const newer = await webhook(fixture.app, {
      key: 'p2',
      type: 'applicantPending',
      at: 600,
      applicantId,
      outcome: { kind: 'pending' },
    });
    expect(newer.json().result.effect).toBe('no_change');
    expect(await statusOf()).toBe('SUCCESS');
  });

  it('when the vendor rejects with RETRY, then FAILED_AND_CAN_RETRY with our reason code and its message; reset returns the level to ALLOW', async () => {
    const { applicantId } = await started();
    await webhook(fixture.app, {
      key: 'x',
      type: 'applicantReviewed',
      at: 100,
      applicantId,
      outcome: {
        kind: 'rejected_retry',
        reasons: [{ code: 'BLURRY_IMAGE', vendorLabel: 'UNSATISFACTORY_PHOTOS' }],
        userMessage: 'Your photo is blurry.',
        reviewerNote: 'labels: UNSATISFACTORY_PHOTOS',
      },
    });
    const info = await kycInfo(await userClient(fixture.app, 'sumsub@demo.test'), INFO_FLAGS);
    expect(info.state?.[0]).toMatchObject({
      status: 'FAILED_AND_CAN_RETRY',
      rejectReasonCode: 'BLURRY_IMAGE',
      rejectReason: 'Your photo is blurry.',
    });
    await webhook(fixture.app, {
      key: 'y',
      type: 'applicantReset',
      at: 200,
      applicantId,
      outcome: { kind: 'reset' },
    });
    expect(await statusOf()).toBe('ALLOW');
  });

  it('when the vendor rejects for good, then the person still sees PENDING and a final rejection waits for a senior reviewer', async () => {
    const { applicantId, userId } = await started();
    await webhook(fixture.app, {
      key: 'f',
      type: 'applicantReviewed',
      at: 100,
      applicantId,
      outcome: {
        kind: 'rejected_final',
        reasons: [{ code: 'SUSPECTED_FRAUD', vendorLabel: 'FORGERY' }],
        userMessage: '',
        reviewerNote: 'FORGERY',
      },
    });
    expect(await statusOf()).toBe('PENDING');
    const decisions = await fixture.database.db
      .selectFrom('kyc_decisions')
      .selectAll()
      .where('user_id', '=', userId)
      .execute();
    expect(decisions).toMatchObject([
      {
        decision: 'reject_final_proposed',
        staff_id: 0,
        decided_by_provider: 'sumsub',
        reason_code: 'SUSPECTED_FRAUD',
      },
    ]);
    const [submission] = await fixture.submissionsOf('sumsub@demo.test');
    expect(submission?.final_proposed_at).not.toBeNull();
  });

  it('when the signature is forged, then 401 with 30062 and nothing is stored or changed', async () => {
    const { applicantId } = await started();
    const forged = await webhook(
      fixture.app,
      { key: 'z', type: 'applicantReviewed', at: 100, applicantId, outcome: { kind: 'approved' } },
      'bad',
    );
    expect(forged.statusCode).toBe(401);
    expect(forged.json()).toMatchObject({ ret_code: 30062 });
    expect(await fixture.database.db.selectFrom('vendor_events').selectAll().execute()).toEqual([]);
    expect(await statusOf()).toBe('ALLOW');
  });

  it('when an event names no applicant of ours, then it is kept as unknown and changes nothing', async () => {
    const answer = await webhook(fixture.app, {
      key: 'u',
      type: 'applicantReviewed',
      at: 1,
      applicantId: 'nobody',
      outcome: { kind: 'approved' },
    });
    expect(answer.json().result.effect).toBe('unknown_applicant');
    const [row] = await fixture.database.db.selectFrom('vendor_events').selectAll().execute();
    expect(row).toMatchObject({ user_id: null, payload_enc: null, effect: 'unknown_applicant' });
  });

  it('when the decision webhook is lost, then reconciliation reads the result and applies it once; a vendor that is down is tried again later', async () => {
    const { applicantId } = await started();
    await webhook(fixture.app, {
      key: 'p',
      type: 'applicantPending',
      at: 100,
      applicantId,
      outcome: { kind: 'pending' },
    });
    // Pending for longer than VENDOR_RECONCILE_MINUTES (1).
    await fixture.database.db
      .updateTable('vendor_applicants')
      .set({ pending_since: Date.now() - 120_000 })
      .execute();
    const job = fixture.app.jobs.find((j) => j.name === 'vendor-reconciliation');
    vendor.state.down = true;
    expect(await job?.run()).toBe(0);
    expect(await statusOf()).toBe('PENDING');
    vendor.state.down = false;
    vendor.state.results.set(applicantId, {
      outcome: { kind: 'approved' },
      occurredAt: 200,
      resultKey: `${applicantId}:GREEN`,
    });
    expect(await job?.run()).toBe(1);
    expect(await statusOf()).toBe('SUCCESS');
    expect(await job?.run()).toBe(0);
    const events = await fixture.database.db
      .selectFrom('vendor_events')
      .selectAll()
      .where('source', '=', 'reconciliation')
      .execute();
    expect(events).toHaveLength(1);
  });

  it('when every webhook of an attempt is lost, then the started attempt is still watched and reconciliation applies the result', async () => {
    const { applicantId } = await started();
    const [row] = await fixture.database.db.selectFrom('vendor_applicants').selectAll().execute();
    expect(row?.pending_since).not.toBeNull();
    await fixture.database.db
      .updateTable('vendor_applicants')
      .set({ pending_since: Date.now() - 120_000 })
      .execute();
    vendor.state.results.set(applicantId, {
      outcome: { kind: 'approved' },
      occurredAt: 300,
      resultKey: `${applicantId}:GREEN:lost`,
    });
    expect(await fixture.app.jobs.find((j) => j.name === 'vendor-reconciliation')?.run()).toBe(1);
    expect(await statusOf()).toBe('SUCCESS');
    // An attempt abandoned longer than RECONCILE_GIVE_UP_MS ago is no longer asked about.
    await fixture.database.db
      .updateTable('vendor_applicants')
      .set({ pending_since: Date.now() - 15 * 86_400_000, reconciled_at: null })
      .execute();
    vendor.state.down = true;
    try {
      expect(await fixture.app.jobs.find((j) => j.name === 'vendor-reconciliation')?.run()).toBe(0);
    } finally {
      vendor.state.down = false;
    }
  });

  it('when the vendor does not answer, then the person gets 30061 and nothing is half-made', async () => {
    vendor.state.down = true;
    try {
      const client = await userClient(fixture.app, 'sumsub@demo.test');
      const { envelope } = await client.post('/v3/private/kyc/get-verification-sdk-info', { level: 1 });
      expect(envelope?.ret_code).toBe(30061);
      const info = await kycInfo(client, INFO_FLAGS);
      expect(info.state?.[0]?.status).toBe('ALLOW');
    } finally {
      vendor.state.down = false;
    }
  });

  it('when level 1 is already verified, then the vendor session of level 1 is refused with 30001', async () => {
    const { applicantId } = await started();
    await webhook(fixture.app, {
      key: 'ok',
      type: 'applicantReviewed',
      at: 100,
      applicantId,
      outcome: { kind: 'approved' },
    });
    const client = await userClient(fixture.app, 'sumsub@demo.test');
    const { envelope } = await client.post('/v3/private/kyc/get-verification-sdk-info', { level: 1 });
    expect(envelope?.ret_code).toBe(30001);
    expect((await kycInfo(client, { ...INFO_FLAGS, obtain_kyc_token: true })).kycToken).toMatch(/^tok-/);
  });
});

/**
 * The back office sees and steers the verification vendors (issue 13, docs/backoffice.md "Verification
 * vendor" and "Provider routing"): the case page's vendor panel with the events' payloads opened for
 * staff (and audited), decisions a vendor took named as the vendor, a vendor's final rejection confirmed
 * by a senior through the API, and the provider routes an admin sets, audited, compare-and-set.
 */
import { describe, expect, it } from 'vitest';
import type { AuditResult, ProviderRouteEntry, ProviderRoutesView, ReviewCase } from '@kyc/contracts';
import { useAppFixture } from './support/app-fixture.ts';
import { testDatabases } from './support/databases.ts';
import { decide, staffClient } from './support/kyc-flows.ts';
import { TEST_MASTER_KEY, TestClient, signedInClient } from './support/test-app.ts';
import { repositories, type Repositories } from '../src/data/repositories/index.ts';
import type { VendorApplicantRow } from '../src/data/schema/index.ts';
import { applyOutcome } from '../src/domain/providers/apply-outcome.ts';
import { ingestUseCase, type IngestInput } from '../src/domain/providers/ingest.ts';
import { personalDataCipher } from '../src/domain/kyc/personal-data.ts';
import { createKeyring } from '../src/lib/crypto/envelope.ts';

const ROUTES = '/backoffice/api/provider-routes';
const T0 = Date.UTC(2026, 0, 5, 10, 0);
const APPLICANT_ID = '65f0c0ffee0123456789abcd';

describe.each(testDatabases())('back office and the verification vendors on $name', (testDb) => {
  // Sumsub configured; Onfido and Jumio are not (docs/providers.md "Routing").
  const fixture = useAppFixture(testDb, {
    env: {
      SUMSUB_APP_TOKEN: 'test-app-token',
      SUMSUB_SECRET_KEY: 'test-secret',
      SUMSUB_WEBHOOK_SECRET: 'test-hook',
    },
  });

  const keyring = () => createKeyring(Buffer.from(TEST_MASTER_KEY, 'base64'));
  const reposOf = (): Repositories => repositories(fixture.database.db, personalDataCipher(keyring()));

  /** `new@demo.test` with a Sumsub applicant, level 1 sent to review by a webhook whose payload is sealed. */
  async function personAtSumsub() {
    const repos = reposOf();
    const userId = await fixture.userIdOf('new@demo.test');
    const row = await repos.vendors.ensureApplicant(userId, 'sumsub', 'kyc_0123456789abcdef01234567', 1, T0);
    await repos.vendors.recordStart(
      Number(row.id),
      { vendorApplicantId: APPLICANT_ID, flowId: null, level: 1 },
      T0,
    );
    const ingest = ingestUseCase({ repos, keyring: keyring(), now: () => T0 + 60_000 });
    const event = async (input: Partial<IngestInput> & Pick<IngestInput, 'eventKey' | 'occurredAt'>) =>
      ingest({
        vendor: 'sumsub',
        eventType: 'applicantPending',
        source: 'webhook',
        vendorApplicantId: APPLICANT_ID,
        applicant: (await repos.vendors.applicantOf(userId, 'sumsub')) as VendorApplicantRow,
        level: 1,
        outcome: { kind: 'pending' },
        payload: JSON.stringify({
          type: 'applicantPending',
          applicantId: APPLICANT_ID,
          reviewStatus: 'pending',
        }),
        ...input,
      });
    return { repos, userId, event };
  }

  /** The vendor proposes rejecting level 1 for good (apply-outcome.ts, in one transaction). */
  async function sumsubProposesFinal(repos: Repositories, userId: number) {
    return repos.transaction((tx) =>
      applyOutcome(tx, {
        userId,
        level: 1,
        vendor: 'sumsub',
        outcome: {
          kind: 'rejected_final',
          reasons: [{ code: 'SUSPECTED_FRAUD', vendorLabel: 'FORGERY' }],
          userMessage: 'We could not verify your identity.',
          reviewerNote: 'Sumsub: document forgery',
        },
        eventKey: 'final-1',
        at: T0 + 120_000,
      }),
    );
  }

  const caseOf = async (staff: TestClient, userId: number) =>
    (await staff.get(`/backoffice/api/cases/${userId}`)).envelope?.result as ReviewCase;

  async function auditOf(admin: TestClient, action: string) {
    return ((await admin.get(`/backoffice/api/audit?action=${action}`)).envelope?.result as AuditResult)
      .items;
  }

  describe('the case page', () => {
    it('when a person was sent to Sumsub, then the case shows the applicant and the events, newest first, payloads opened and audited', async () => {
      const { userId, event } = await personAtSumsub();
      expect(await event({ eventKey: 'pending-1', occurredAt: T0 + 2000 })).toBe('applied');
      // Older than the one applied: stored, changes nothing.
      expect(
        await event({
          eventKey: 'created-1',
          eventType: 'applicantCreated',
          occurredAt: T0 + 1000,
          outcome: { kind: 'none' },
        }),
      ).toBe('stale');

      const reviewer = await staffClient(fixture.app, 'reviewer@demo.test');
      const view = await caseOf(reviewer, userId);
      expect(view.vendor.applicants).toEqual([
        {
          provider: 'sumsub',
          externalUserId: 'kyc_0123456789abcdef01234567',
          vendorApplicantId: APPLICANT_ID,
          level: 1,
          reviewStatus: 'pending',
          // Watched from the start of the attempt (recordStart), not from the first event.
          pendingSince: T0,
          lastEventAt: T0 + 2000,
        },
      ]);
      expect(view.vendor.events.map((e) => [e.eventType, e.source, e.outcome, e.effect])).toEqual([
        ['applicantCreated', 'webhook', 'none', 'stale'],
        ['applicantPending', 'webhook', 'pending', 'applied'],
      ]);
      const pending = view.vendor.events[1];
      expect(pending?.payloadUnreadable).toBe(false);
      expect(JSON.parse(pending?.payload ?? '')).toEqual({
        type: 'applicantPending',
        applicantId: APPLICANT_ID,
        reviewStatus: 'pending',
      });
      expect(pending?.payload).toContain('\n  "applicantId"');

      const admin = await staffClient(fixture.app, 'admin@demo.test');
      const [viewed] = await auditOf(admin, 'case.view');
      expect(viewed?.details).toMatchObject({ openedVendorEvents: view.vendor.events.map((e) => e.id) });
    });

    it('when a person never met a vendor, then the vendor panel is empty', async () => {
      const reviewer = await staffClient(fixture.app, 'reviewer@demo.test');
      const view = await caseOf(reviewer, await fixture.userIdOf('pending@demo.test'));
      expect(view.vendor).toEqual({ applicants: [], events: [] });
    });
  });

  describe('decisions a vendor took', () => {
    it('when Sumsub approves, then the history names "Sumsub (automatic)", not a staff member', async () => {
      const { repos, userId, event } = await personAtSumsub();
      await event({ eventKey: 'pending-1', occurredAt: T0 + 2000 });
      await repos.transaction((tx) =>
        applyOutcome(tx, {
          userId,
          level: 1,
          vendor: 'sumsub',
          outcome: { kind: 'approved' },
          eventKey: 'ok-1',
          at: T0 + 3000,
        }),
      );
      const view = await caseOf(await staffClient(fixture.app, 'reviewer@demo.test'), userId);
      expect(view.decisions[0]).toMatchObject({
        decision: 'approve',
        staffId: 0,
        staffName: 'Sumsub (automatic)',
        decidedByProvider: 'sumsub',
      });
      expect(view.levels[0]?.status).toBe('SUCCESS');
    });

    it('when Sumsub proposes a final rejection, then it waits for a senior: a reviewer can neither approve nor confirm, a senior confirms', async () => {
      const { repos, userId, event } = await personAtSumsub();
      await event({ eventKey: 'pending-1', occurredAt: T0 + 2000 });
      expect(await sumsubProposesFinal(repos, userId)).toBe('applied');

      const reviewer = await staffClient(fixture.app, 'reviewer@demo.test');
      const waiting = await caseOf(reviewer, userId);
      expect(waiting.levels[0]).toMatchObject({ status: 'PENDING', finalRejectionProposed: true });
      expect(waiting.decisions[0]).toMatchObject({
        decision: 'reject_final_proposed',
        staffId: 0,
        staffName: 'Sumsub (automatic)',
        decidedByProvider: 'sumsub',
        reasonCode: 'SUSPECTED_FRAUD',
        comment: 'Sumsub: document forgery',
      });
      // Awaiting a senior, the case is decided for a reviewer: 30081, as any late decision (D46).
      expect((await decide(reviewer, userId, { decision: 'approve', level: 1 })).ret_code).toBe(30081);
      expect((await decide(reviewer, userId, { decision: 'confirm_final', level: 1 })).ret_code).toBe(10005);

      const senior = await staffClient(fixture.app, 'senior@demo.test');
      const confirmed = await decide(senior, userId, { decision: 'confirm_final', level: 1 });
      expect(confirmed.ret_code).toBe(0);
      const after = confirmed.result as ReviewCase;
      expect(after.levels[0]).toMatchObject({
        status: 'FAILED_AND_CAN_NOT_RETRY',
        rejectReasonCode: 'SUSPECTED_FRAUD',
        rejectReason: 'We could not verify your identity.',
        finalRejectionProposed: false,
      });
      expect(after.decisions[0]).toMatchObject({
        decision: 'reject_final_confirmed',
        staffId: 0,
        staffName: 'Sumsub (automatic)',
        decidedByProvider: 'sumsub',
        confirmedByName: 'Sam Senior',
      });
      const admin = await staffClient(fixture.app, 'admin@demo.test');
      const [audited] = await auditOf(admin, 'decision.confirm_final');
      expect(audited?.details).toMatchObject({ proposedBy: 0, proposedByProvider: 'sumsub' });
    });
  });

  describe('provider routes', () => {
    const put = (admin: TestClient, country: string, body: object) =>
      admin.send('PUT', `${ROUTES}/${encodeURIComponent(country)}`, body);

    it('when a reviewer, senior or auditor asks, then 10005 for every route; signed out, 10007', async () => {
      for (const email of ['reviewer@demo.test', 'senior@demo.test', 'auditor@demo.test']) {
        const staff = await staffClient(fixture.app, email);
        expect((await staff.get(ROUTES)).envelope?.ret_code).toBe(10005);
        const body = { provider: 'sumsub', percentage: 50, updatedAt: null };
        expect((await put(staff, 'DE', body)).envelope?.ret_code).toBe(10005);
        expect((await staff.send('DELETE', `${ROUTES}/DE`)).envelope?.ret_code).toBe(10005);
      }
      expect((await new TestClient(fixture.app).get(ROUTES)).envelope?.ret_code).toBe(10007);
    });

    it('when an admin sets, changes and deletes routes, then each change is compare-and-set and audited with before and after', async () => {
      const admin = await staffClient(fixture.app, 'admin@demo.test');
      const empty = (await admin.get(ROUTES)).envelope?.result as ProviderRoutesView;
      expect(empty).toEqual({ routes: [], defaultProvider: 'default', configured: ['sumsub'] });

      const created = await put(admin, 'de', { provider: 'sumsub', percentage: 30, updatedAt: null });
      expect(created.envelope?.ret_code).toBe(0);
      const de = created.envelope?.result as ProviderRouteEntry;
      expect(de).toMatchObject({ country: 'DE', provider: 'sumsub', percentage: 30 });
      expect(
        (await put(admin, '*', { provider: 'aai', percentage: 100, updatedAt: null })).envelope?.ret_code,
      ).toBe(0);

      // A stale version, and a create of a route that exists: 30073, nothing changes.
      expect(
        (await put(admin, 'DE', { provider: 'default', percentage: 0, updatedAt: de.updatedAt - 1 })).envelope
          ?.ret_code,
      ).toBe(30073);
      expect(
        (await put(admin, 'DE', { provider: 'default', percentage: 0, updatedAt: null })).envelope?.ret_code,
      ).toBe(30073);
      const changed = await put(admin, 'DE', { provider: 'sumsub', percentage: 80, updatedAt: de.updatedAt });
      expect(changed.envelope?.ret_code).toBe(0);
      const de2 = changed.envelope?.result as ProviderRouteEntry;
      expect(de2.updatedAt).toBeGreaterThan(de.updatedAt);

      const listed = (await admin.get(ROUTES)).envelope?.result as ProviderRoutesView;
      expect(listed.routes.map((r) => [r.country, r.provider, r.percentage])).toEqual([
        ['*', 'aai', 100],
        ['DE', 'sumsub', 80],
      ]);

      expect((await admin.send('DELETE', `${ROUTES}/DE?updatedAt=${de.updatedAt}`)).envelope?.ret_code).toBe(
        30073,
      );
      expect((await admin.send('DELETE', `${ROUTES}/DE?updatedAt=${de2.updatedAt}`)).envelope?.ret_code).toBe(
        0,
      );
      expect((await admin.send('DELETE', `${ROUTES}/DE`)).envelope?.ret_code).toBe(30072);

      const updates = await auditOf(admin, 'provider_routes.update');
      expect(updates.map((e) => e.details)).toEqual([
        {
          country: 'DE',
          from: { provider: 'sumsub', percentage: 30 },
          to: { provider: 'sumsub', percentage: 80 },
        },
        { country: '*', from: null, to: { provider: 'aai', percentage: 100 } },
        { country: 'DE', from: null, to: { provider: 'sumsub', percentage: 30 } },
      ]);
      expect(updates[0]).toMatchObject({ caseRef: 'provider-route:DE', staffName: expect.any(String) });
      const deletes = await auditOf(admin, 'provider_routes.delete');
      expect(deletes.map((e) => e.details)).toEqual([
        { country: 'DE', from: { provider: 'sumsub', percentage: 80 }, to: null },
      ]);
    });

    it('when a route names a vendor without credentials, a bad share or an unknown country, then it is refused and nothing is stored', async () => {
      const admin = await staffClient(fixture.app, 'admin@demo.test');
      expect(
        (await put(admin, 'DE', { provider: 'onfido', percentage: 50, updatedAt: null })).envelope?.ret_code,
      ).toBe(30071);
      expect(
        (await put(admin, 'DE', { provider: 'jumio', percentage: 50, updatedAt: null })).envelope?.ret_code,
      ).toBe(30071);
      expect(
        (await put(admin, 'DE', { provider: 'sumsub', percentage: 101, updatedAt: null })).envelope?.ret_code,
      ).toBe(10001);
      expect(
        (await put(admin, 'DE', { provider: 'sumsub', percentage: -1, updatedAt: null })).envelope?.ret_code,
      ).toBe(10001);
      expect(
        (await put(admin, 'DE', { provider: 'nobody', percentage: 5, updatedAt: null })).envelope?.ret_code,
      ).toBe(10001);
      expect(
        (await put(admin, 'XX', { provider: 'sumsub', percentage: 5, updatedAt: null })).envelope?.ret_code,
      ).toBe(53001);
      expect(
        (await put(admin, 'DEU', { provider: 'sumsub', percentage: 5, updatedAt: null })).envelope?.ret_code,
      ).toBe(10001);
      expect(((await admin.get(ROUTES)).envelope?.result as ProviderRoutesView).routes).toEqual([]);
      expect(await auditOf(admin, 'provider_routes.update')).toEqual([]);
    });

    it('when two admins set the same new route at once, then one wins, the other gets 30073, and one consistent row remains', async () => {
      const admin = await staffClient(fixture.app, 'admin@demo.test');
      const answers = await Promise.all([
        put(admin, 'FR', { provider: 'sumsub', percentage: 10, updatedAt: null }),
        put(admin, 'FR', { provider: 'default', percentage: 90, updatedAt: null }),
      ]);
      const codes = answers.map((a) => a.envelope?.ret_code).sort();
      expect(codes).toEqual([0, 30073]);
      const winner = answers.find((a) => a.envelope?.ret_code === 0)?.envelope?.result as ProviderRouteEntry;
      const { routes } = (await admin.get(ROUTES)).envelope?.result as ProviderRoutesView;
      expect(routes).toEqual([winner]);
      expect(await auditOf(admin, 'provider_routes.update')).toHaveLength(1);

      // Two changes on the same version: the same, one wins.
      const again = await Promise.all([
        put(admin, 'FR', { provider: 'sumsub', percentage: 20, updatedAt: winner.updatedAt }),
        put(admin, 'FR', { provider: 'aai', percentage: 40, updatedAt: winner.updatedAt }),
      ]);
      expect(again.map((a) => a.envelope?.ret_code).sort()).toEqual([0, 30073]);
      const second = again.find((a) => a.envelope?.ret_code === 0)?.envelope?.result as ProviderRouteEntry;
      expect(((await admin.get(ROUTES)).envelope?.result as ProviderRoutesView).routes).toEqual([second]);
    });

    it('when an admin routes every country to Sumsub, then a person is routed there; deleted, back to the fallback', async () => {
      const admin = await staffClient(fixture.app, 'admin@demo.test');
      const client = await signedInClient(fixture.app, 'l1@demo.test');
      const diversion = async () =>
        (await client.post('/v3/private/kyc/traffic-diversion')).envelope?.result as { provider: string };
      expect((await diversion()).provider).toBe('default');
      expect(
        (await put(admin, '*', { provider: 'sumsub', percentage: 100, updatedAt: null })).envelope?.ret_code,
      ).toBe(0);
      expect((await diversion()).provider).toBe('sumsub');
      expect((await admin.send('DELETE', `${ROUTES}/*`)).envelope?.ret_code).toBe(0);
      expect((await diversion()).provider).toBe('default');
    });
  });
});

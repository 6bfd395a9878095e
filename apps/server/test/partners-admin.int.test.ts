/**
 * The back office's partners page API (issue 11, docs/sdk.md "Signed partner calls"): admins list,
 * create and edit partners and rotate and revoke their signing secrets; every change is compare-and-set
 * and audited with before and after, never the secret.
 */
import { describe, expect, it } from 'vitest';
import type { AuditResult, PartnerEntry, PartnerList, PartnerSecretResult } from '@kyc/contracts';
import { useAppFixture } from './support/app-fixture.ts';
import { testDatabases } from './support/databases.ts';
import { staffClient } from './support/kyc-flows.ts';
import { TestClient, parseEnvelope } from './support/test-app.ts';
import { DEMO_PARTNER_CREDENTIALS, firstOf, partnerInject } from './support/partner-calls.ts';

const PARTNERS = '/backoffice/api/partners';
const ISSUE = '/v1/s1/kyc/integration/access-token';
const BODY = { userRef: 'partner-user-1', from: 'demo-app' };

describe.each(testDatabases())('back-office partners on $name', (testDb) => {
  const fixture = useAppFixture(testDb);

  async function partner(admin: TestClient, id: string): Promise<PartnerEntry> {
    let cursor: string | null = null;
    for (;;) {
      const { envelope } = await admin.get(`${PARTNERS}?limit=100${cursor ? `&cursor=${cursor}` : ''}`);
      const page = envelope?.result as PartnerList;
      const found = page.items.find((p) => p.id === id);
      if (found) return found;
      if (!page.nextCursor) throw new Error(`no partner ${id}`);
      cursor = page.nextCursor;
    }
  }

  async function auditOf(admin: TestClient, action: string) {
    return ((await admin.get(`/backoffice/api/audit?action=${action}`)).envelope?.result as AuditResult)
      .items;
  }

  const call = async (secret: string) =>
    parseEnvelope(
      await partnerInject(
        fixture.app,
        { id: DEMO_PARTNER_CREDENTIALS.id, secret },
        { url: ISSUE, body: BODY },
      ),
    )?.ret_code;

  it('when a reviewer, senior or auditor asks, then 10005 for every partners route; signed out, 10007', async () => {
    for (const email of ['reviewer@demo.test', 'senior@demo.test', 'auditor@demo.test']) {
      const staff = await staffClient(fixture.app, email);
      expect((await staff.get(PARTNERS)).envelope?.ret_code).toBe(10005);
      expect(
        (await staff.post(PARTNERS, { id: 'x', name: 'X', allowedOrigins: [] })).envelope?.ret_code,
      ).toBe(10005);
      expect(
        (await staff.send('PATCH', `${PARTNERS}/demo-partner`, { updatedAt: 0, active: false })).envelope
          ?.ret_code,
      ).toBe(10005);
      expect(
        (await staff.post(`${PARTNERS}/demo-partner/secrets`, { updatedAt: 0 })).envelope?.ret_code,
      ).toBe(10005);
      expect(
        (await staff.post(`${PARTNERS}/demo-partner/secrets/1/revoke`, { updatedAt: 0 })).envelope?.ret_code,
      ).toBe(10005);
    }
    expect((await new TestClient(fixture.app).get(PARTNERS)).envelope?.ret_code).toBe(10007);
  });

  it('when an admin lists partners, then each shows origins, flags, linked users and live secret fingerprints, cursor-paged', async () => {
    const admin = await staffClient(fixture.app, 'admin@demo.test');
    for (const id of ['p-a', 'p-b', 'p-c'])
      expect((await admin.post(PARTNERS, { id, name: id, allowedOrigins: [] })).envelope?.ret_code).toBe(0);
    const first = (await admin.get(`${PARTNERS}?limit=2`)).envelope?.result as PartnerList;
    expect(first.items).toHaveLength(2);
    expect(first.nextCursor).toBe(first.items[1]?.id);
    const seen = [...first.items];
    let cursor = first.nextCursor;
    while (cursor) {
      const page = (await admin.get(`${PARTNERS}?limit=2&cursor=${cursor}`)).envelope?.result as PartnerList;
      seen.push(...page.items);
      cursor = page.nextCursor;
    }
    expect(seen.map((p) => p.id)).toEqual([
      'demo-partner',
      'exchange-app',
      'exchange-web',
      'p-a',
      'p-b',
      'p-c',
    ]);
    const demo = seen.find((p) => p.id === 'demo-partner');
    expect(demo).toMatchObject({
      name: 'Demo Partner',
      allowedOrigins: ['https://partner.demo.test'],
      firstParty: false,
      active: true,
      linkedUsers: 0,
      secrets: [{ fingerprint: expect.stringMatching(/^[0-9a-f]{8}$/) }],
    });
    expect(seen.find((p) => p.id === 'exchange-web')).toMatchObject({ firstParty: true, secrets: [] });
    expect(JSON.stringify(seen)).not.toContain('kycs_');
  });

  it('when an admin creates a partner, then its secret is answered once, signs calls, and the audit holds its fingerprint only', async () => {
    const admin = await staffClient(fixture.app, 'admin@demo.test');
    const { envelope } = await admin.post(PARTNERS, {
      id: 'acme',
      name: 'Acme Wallet',
      allowedOrigins: ['https://acme.example'],
      firstParty: false,
    });
    expect(envelope?.ret_code).toBe(0);
    const made = envelope?.result as PartnerSecretResult;
    expect(made.secret).toMatch(/^kycs_[A-Za-z0-9_-]{43}$/);
    expect(made.partner.secrets).toEqual([expect.objectContaining({ fingerprint: made.fingerprint })]);
    const signed = await partnerInject(
      fixture.app,
      { id: 'acme', secret: made.secret },
      { url: ISSUE, body: BODY },
    );
    expect(parseEnvelope(signed)?.ret_code).toBe(0);
    expect(JSON.stringify(await partner(admin, 'acme'))).not.toContain(made.secret);

    const audit = await auditOf(admin, 'partners.create');
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      caseRef: 'partner:acme',
      details: { to: { secrets: [made.fingerprint] } },
    });
    expect(JSON.stringify(audit)).not.toContain(made.secret);
    expect(
      (await admin.post(PARTNERS, { id: 'acme', name: 'Again', allowedOrigins: [] })).envelope?.ret_code,
    ).toBe(54017);
  });

  it.each([
    ['http://acme.example'],
    ['https://acme.example/'],
    ['https://acme.example/path'],
    ['https://user@acme.example'],
    ['acme.example'],
    ['https://ACME.example'],
  ])('when an origin is %s, then 54015 and nothing changes', async (origin) => {
    const admin = await staffClient(fixture.app, 'admin@demo.test');
    const before = await partner(admin, 'demo-partner');
    const { envelope } = await admin.send('PATCH', `${PARTNERS}/demo-partner`, {
      updatedAt: before.updatedAt,
      allowedOrigins: [origin],
    });
    expect(envelope?.ret_code).toBe(54015);
    expect(await partner(admin, 'demo-partner')).toEqual(before);
    expect(await auditOf(admin, 'partners.update')).toEqual([]);
  });

  it('when an admin edits origins and flags, then the change is saved and audited with before and after', async () => {
    const admin = await staffClient(fixture.app, 'admin@demo.test');
    const before = await partner(admin, 'demo-partner');
    const { envelope } = await admin.send('PATCH', `${PARTNERS}/demo-partner`, {
      updatedAt: before.updatedAt,
      allowedOrigins: ['https://partner.demo.test', 'https://app.partner.demo.test:8443'],
      firstParty: true,
    });
    expect(envelope?.ret_code).toBe(0);
    const after = envelope?.result as PartnerEntry;
    expect(after).toMatchObject({ firstParty: true, active: true });
    expect(after.updatedAt).toBeGreaterThan(before.updatedAt);
    const [entry] = await auditOf(admin, 'partners.update');
    expect(entry?.details).toMatchObject({
      from: { allowedOrigins: ['https://partner.demo.test'], firstParty: false },
      to: {
        allowedOrigins: ['https://partner.demo.test', 'https://app.partner.demo.test:8443'],
        firstParty: true,
      },
    });
  });

  it('when two admins edit the same read at once, then exactly one wins, the other gets 54014, one audit row', async () => {
    const first = await staffClient(fixture.app, 'admin@demo.test');
    const second = await staffClient(fixture.app, 'admin@demo.test');
    const { updatedAt } = await partner(first, 'demo-partner');
    const answers = await Promise.all([
      first.send('PATCH', `${PARTNERS}/demo-partner`, { updatedAt, active: false }),
      second.send('PATCH', `${PARTNERS}/demo-partner`, { updatedAt, firstParty: true }),
    ]);
    expect(answers.map((a) => a.envelope?.ret_code).sort()).toEqual([0, 54014]);
    expect(await auditOf(first, 'partners.update')).toHaveLength(1);

    // Two rotations on one read: one new secret, not two.
    const fresh = await partner(first, 'demo-partner');
    const rotations = await Promise.all([
      first.post(`${PARTNERS}/demo-partner/secrets`, { updatedAt: fresh.updatedAt }),
      second.post(`${PARTNERS}/demo-partner/secrets`, { updatedAt: fresh.updatedAt }),
    ]);
    expect(rotations.map((a) => a.envelope?.ret_code).sort()).toEqual([0, 54014]);
    expect((await partner(first, 'demo-partner')).secrets).toHaveLength(2);
    expect(await auditOf(first, 'partners.secret_rotated')).toHaveLength(1);
  });

  it('when an admin rotates, then old and new secrets both sign until the old is revoked; the last live one of an active partner stays', async () => {
    const admin = await staffClient(fixture.app, 'admin@demo.test');
    const start = await partner(admin, 'demo-partner');
    const oldSecret = firstOf(start.secrets);
    const oldSecretId = oldSecret.id;
    const rotated = (await admin.post(`${PARTNERS}/demo-partner/secrets`, { updatedAt: start.updatedAt }))
      .envelope?.result as PartnerSecretResult;
    expect(rotated.partner.secrets).toHaveLength(2);
    expect(await call(DEMO_PARTNER_CREDENTIALS.secret)).toBe(0);
    expect(await call(rotated.secret)).toBe(0);

    const third = await admin.post(`${PARTNERS}/demo-partner/secrets`, {
      updatedAt: rotated.partner.updatedAt,
    });
    expect(third.envelope?.ret_code).toBe(54019);

    const revoked = await admin.post(`${PARTNERS}/demo-partner/secrets/${oldSecretId}/revoke`, {
      updatedAt: rotated.partner.updatedAt,
    });
    expect(revoked.envelope?.ret_code).toBe(0);
    const after = revoked.envelope?.result as PartnerEntry;
    expect(after.secrets.map((s) => s.fingerprint)).toEqual([rotated.fingerprint]);
    expect(await call(DEMO_PARTNER_CREDENTIALS.secret)).toBe(10003);
    expect(await call(rotated.secret)).toBe(0);

    const again = await admin.post(`${PARTNERS}/demo-partner/secrets/${oldSecretId}/revoke`, {
      updatedAt: after.updatedAt,
    });
    expect(again.envelope?.ret_code).toBe(54018);
    const last = await admin.post(`${PARTNERS}/demo-partner/secrets/${firstOf(after.secrets).id}/revoke`, {
      updatedAt: after.updatedAt,
    });
    expect(last.envelope?.ret_code).toBe(54016);

    const audit = await auditOf(admin, 'partners.secret_revoked');
    expect(audit).toHaveLength(1);
    expect(audit[0]?.details).toMatchObject({ fingerprint: oldSecret.fingerprint });
    expect(JSON.stringify(await auditOf(admin, 'partners.secret_rotated'))).not.toContain(rotated.secret);
  });

  it('when a partner is deactivated, then its calls get 10005 and its last secret may be revoked', async () => {
    const admin = await staffClient(fixture.app, 'admin@demo.test');
    const start = await partner(admin, 'demo-partner');
    const off = (
      await admin.send('PATCH', `${PARTNERS}/demo-partner`, { updatedAt: start.updatedAt, active: false })
    ).envelope?.result as PartnerEntry;
    expect(await call(DEMO_PARTNER_CREDENTIALS.secret)).toBe(10005);
    const revoked = await admin.post(`${PARTNERS}/demo-partner/secrets/${firstOf(off.secrets).id}/revoke`, {
      updatedAt: off.updatedAt,
    });
    expect(revoked.envelope?.ret_code).toBe(0);
    expect((revoked.envelope?.result as PartnerEntry).secrets).toEqual([]);
  });

  it('when an admin names an unknown partner, then 54013', async () => {
    const admin = await staffClient(fixture.app, 'admin@demo.test');
    expect(
      (await admin.send('PATCH', `${PARTNERS}/nobody`, { updatedAt: 1, active: false })).envelope?.ret_code,
    ).toBe(54013);
    expect((await admin.post(`${PARTNERS}/nobody/secrets`, { updatedAt: 1 })).envelope?.ret_code).toBe(54013);
  });
});

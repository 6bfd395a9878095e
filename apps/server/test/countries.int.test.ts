/**
 * Every ISO 3166-1 country (docs/countries.md): the public country list with each country's state,
 * verification with a newly offered country's documents (a Belgian passport), the closed list refused
 * with its reason, and the back office's coverage change (admin only, audited, compare-and-set).
 */
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { AuditResult, CountryCoverageEntry, CountryCoverageList, CountryEntry } from '@kyc/contracts';
import { ISO_COUNTRY_CODES } from '@kyc/contracts';
import { testDatabases } from './support/databases.ts';
import {
  TEST_CONSENT,
  decide,
  passportDocuments,
  postWithKey,
  staffClient,
  type Result,
} from './support/kyc-flows.ts';
import { TestClient, signedUpClient, testApp } from './support/test-app.ts';
import type { Database } from '../src/data/db.ts';
import { upsertCountries } from '../src/data/migrations/010-countries.ts';
import { kycRepo } from '../src/data/repositories/kyc-repo.ts';
import { usersRepo } from '../src/data/repositories/users-repo.ts';

const COUNTRIES = '/backoffice/api/countries';

describe.each(testDatabases())('countries on $name', (testDb) => {
  let database: Database;
  let app: FastifyInstance;

  beforeEach(async () => {
    database = await testDb.open({ seeded: true });
    app = await testApp(database);
    return () => app.close();
  });
  afterAll(() => testDb.cleanup(), 120_000);

  async function countryList(all = true): Promise<CountryEntry[]> {
    const client = new TestClient(app);
    const { envelope } = await client.get(`/v2/public/country-list${all ? '?is_disable=1' : ''}`);
    expect(envelope?.ret_code).toBe(0);
    return (envelope?.result as { list: CountryEntry[] }).list;
  }

  async function coverageOf(admin: TestClient, code: string): Promise<CountryCoverageEntry> {
    const { envelope } = await admin.get(`${COUNTRIES}?q=${code}`);
    const found = (envelope?.result as CountryCoverageList).items.find((c) => c.code === code);
    if (!found) throw new Error(`no country ${code}`);
    return found;
  }

  async function userIdOf(email: string): Promise<number> {
    const user = await usersRepo(database.db).findByEmail(email);
    if (!user) throw new Error(`no user ${email}`);
    return user.id;
  }

  describe('GET /v2/public/country-list', () => {
    it('when asked with is_disable=1, then every ISO 3166-1 country answers with its state, closed ones with their reason', async () => {
      const list = await countryList();

      expect(list.map((c) => c.code)).toEqual([...ISO_COUNTRY_CODES]);
      expect(list).toHaveLength(249);
      expect(list.find((c) => c.code === 'US')).toMatchObject({
        alpha3: 'USA',
        isDisabled: true,
        state: 'closed',
        closedReason: 'NOT_SERVED_BUSINESS',
      });
      expect(list.find((c) => c.code === 'KP')).toMatchObject({ state: 'closed', closedReason: 'SANCTIONS' });
      expect(list.find((c) => c.code === 'AQ')).toMatchObject({
        state: 'closed',
        closedReason: 'NO_ISSUING_AUTHORITY',
        documentTypes: [],
      });
      for (const code of ['BE', 'SE', 'IE', 'CL'])
        expect(
          list.find((c) => c.code === code),
          code,
        ).toMatchObject({
          isDisabled: false,
          state: 'offered',
          closedReason: '',
        });
      expect(list.find((c) => c.code === 'BE')?.documentTypes).toEqual([
        'ID_CARD',
        'PASSPORT',
        'DRIVERS',
        'RESIDENCE_PERMIT',
      ]);
      // Ireland issues no national identity card (Regulation (EU) 2019/1157 applies to none).
      expect(list.find((c) => c.code === 'IE')?.documentTypes).toEqual(['PASSPORT', 'DRIVERS']);
      for (const c of list) expect(c.state === 'closed', c.code).toBe(c.isDisabled);
    });

    it('when asked without is_disable, then only the offered countries answer', async () => {
      const open = await countryList(false);
      expect(open.every((c) => c.state === 'offered')).toBe(true);
      expect(open.some((c) => c.code === 'US')).toBe(false);
      expect(open.length).toBe((await countryList()).filter((c) => c.state === 'offered').length);
    });

    it('when migration 010 runs again, then rows keep what operators changed and no row is added', async () => {
      await database.db
        .updateTable('countries')
        .set({ document_types: JSON.stringify(['PASSPORT']) })
        .where('code', '=', 'DE')
        .execute();

      await upsertCountries(database.db, Date.now());

      const rows = await kycRepo(database.db).countries(true);
      expect(rows).toHaveLength(249);
      expect(rows.find((c) => c.code === 'DE')?.documentTypes).toEqual(['PASSPORT']);
      // A row of migration 003 keeps its documents (GB: residence permits), and gains its alpha-3.
      expect(rows.find((c) => c.code === 'GB')).toMatchObject({
        alpha3: 'GBR',
        documentTypes: ['PASSPORT', 'DRIVERS', 'RESIDENCE_PERMIT'],
      });
      expect(rows.find((c) => c.code === 'MM')).toMatchObject({
        kycDisabled: true,
        closedReason: 'FATF_CALL_FOR_ACTION',
      });
    });
  });

  describe('verifying with a newly offered country', () => {
    it('when a new person submits a Belgian passport and a reviewer approves, then level 1 is SUCCESS with Belgium as issuing country', async () => {
      const person = await signedUpClient(app, 'belgian@example.test');
      const types = await person.post('/v3/private/kyc/supported-document-type', { country: 'be' });
      expect(types.envelope?.result).toEqual({
        country: 'BE',
        documentTypes: ['ID_CARD', 'PASSPORT', 'DRIVERS', 'RESIDENCE_PERMIT'],
      });

      const submitted = await postWithKey(person, '/v3/private/kyc/submit', {
        level: 1,
        documentType: 'PASSPORT',
        country: 'BE',
        documentIds: await passportDocuments(person),
        consent: TEST_CONSENT,
      });
      expect(submitted.envelope.ret_code).toBe(0);
      expect(submitted.envelope.result).toMatchObject({ level: 1, status: 'PENDING' });

      const reviewer = await staffClient(app, 'reviewer@demo.test');
      const approved = await decide(reviewer, await userIdOf('belgian@example.test'), {
        decision: 'approve',
        level: 1,
      });
      expect(approved.ret_code).toBe(0);

      const info = (await person.post('/v3/private/kyc/kyc-info', {})).envelope?.result as {
        applicant: { country: string; level: number };
        state: { level: number; status: string }[];
      };
      expect(info.applicant).toMatchObject({ country: 'BE', level: 1 });
      expect(info.state.find((s) => s.level === 1)?.status).toBe('SUCCESS');
    });

    it('when a person submits a document of a closed country, then 30003 names the reason and nothing is stored', async () => {
      const person = await signedUpClient(app, 'us-person@example.test');
      const types = await person.post('/v3/private/kyc/supported-document-type', { country: 'US' });
      expect(types.envelope?.ret_code).toBe(30003);
      expect(types.envelope?.ret_msg).toContain('NOT_SERVED_BUSINESS');

      const submitted = await postWithKey(person, '/v3/private/kyc/submit', {
        level: 1,
        documentType: 'PASSPORT',
        country: 'US',
        documentIds: await passportDocuments(person),
        consent: TEST_CONSENT,
      });

      expect(submitted.envelope.ret_code).toBe(30003);
      expect(submitted.envelope.ret_msg).toContain('NOT_SERVED_BUSINESS');
      const userId = await userIdOf('us-person@example.test');
      const rows = await database.db
        .selectFrom('kyc_submissions')
        .select('id')
        .where('user_id', '=', userId)
        .execute();
      expect(rows).toEqual([]);
    });
  });

  describe('the back office changes coverage', () => {
    it('when an admin closes Belgium, then the change is audited and the next list, document types and submit see it at once', async () => {
      const admin = await staffClient(app, 'admin@demo.test');
      const before = await coverageOf(admin, 'BE');
      expect(before).toMatchObject({ state: 'offered', version: 1 });
      await countryList(); // fills the catalogue, so the change must invalidate it

      const { envelope } = await admin.send('PATCH', `${COUNTRIES}/be`, {
        version: before.version,
        state: 'closed',
        closedReason: 'NOT_SERVED_BUSINESS',
        documentTypes: before.documentTypes,
      });

      expect(envelope?.ret_code).toBe(0);
      expect(envelope?.result).toMatchObject({
        code: 'BE',
        state: 'closed',
        closedReason: 'NOT_SERVED_BUSINESS',
        version: 2,
      });
      expect((await countryList()).find((c) => c.code === 'BE')).toMatchObject({
        isDisabled: true,
        closedReason: 'NOT_SERVED_BUSINESS',
      });
      const person = await signedUpClient(app, 'late-belgian@example.test');
      const types = await person.post('/v3/private/kyc/supported-document-type', { country: 'BE' });
      expect(types.envelope?.ret_code).toBe(30003);
      const audit = (await admin.get('/backoffice/api/audit?action=countries.update')).envelope
        ?.result as AuditResult;
      expect(audit.items).toEqual([
        expect.objectContaining({
          action: 'countries.update',
          caseRef: 'country:BE',
          details: expect.objectContaining({
            code: 'BE',
            from: expect.objectContaining({ state: 'offered', closedReason: '' }),
            to: expect.objectContaining({ state: 'closed', closedReason: 'NOT_SERVED_BUSINESS' }),
          }) as unknown,
        }),
      ]);
    });

    it('when an admin offers a country with fewer documents, then the list answers them', async () => {
      const admin = await staffClient(app, 'admin@demo.test');
      const se = await coverageOf(admin, 'SE');
      const { envelope } = await admin.send('PATCH', `${COUNTRIES}/SE`, {
        version: se.version,
        state: 'offered',
        closedReason: '',
        documentTypes: ['PASSPORT', 'ID_CARD'],
      });
      expect(envelope?.ret_code).toBe(0);
      expect((envelope?.result as CountryCoverageEntry).documentTypes).toEqual(['ID_CARD', 'PASSPORT']);
      expect((await countryList()).find((c) => c.code === 'SE')?.documentTypes).toEqual([
        'ID_CARD',
        'PASSPORT',
      ]);
    });

    it.each(['reviewer@demo.test', 'senior@demo.test', 'auditor@demo.test'])(
      'when %s (not an admin) lists or changes coverage, then 10005 and nothing changes',
      async (email) => {
        const member = await staffClient(app, email);
        expect((await member.get(COUNTRIES)).envelope?.ret_code).toBe(10005);
        const { envelope } = await member.send('PATCH', `${COUNTRIES}/BE`, {
          version: 1,
          state: 'closed',
          closedReason: 'SANCTIONS',
          documentTypes: ['PASSPORT'],
        });
        expect(envelope?.ret_code).toBe(10005);
        expect((await countryList()).find((c) => c.code === 'BE')?.state).toBe('offered');
      },
    );

    it('when an admin changes coverage without the CSRF token, then 10011 and nothing changes', async () => {
      const admin = await staffClient(app, 'admin@demo.test');
      const { envelope } = await admin.send(
        'PATCH',
        `${COUNTRIES}/BE`,
        { version: 1, state: 'closed', closedReason: 'SANCTIONS', documentTypes: ['PASSPORT'] },
        { noCsrf: true },
      );
      expect(envelope?.ret_code).toBe(10011);
      expect(await coverageOf(admin, 'BE')).toMatchObject({ state: 'offered', version: 1 });
    });

    it('when an end user or nobody calls the coverage endpoints, then 10007', async () => {
      const person = await signedUpClient(app, 'curious@example.test');
      expect((await person.get(COUNTRIES)).envelope?.ret_code).toBe(10007);
      expect((await new TestClient(app).get(COUNTRIES)).envelope?.ret_code).toBe(10007);
    });

    it('when two admins change the same version at once, then one wins, the other gets 53002 and one entry is audited', async () => {
      const first = await staffClient(app, 'admin@demo.test');
      const second = await staffClient(app, 'admin@demo.test');
      const { version } = await coverageOf(first, 'CL');
      const change = (reason: string) => ({
        version,
        state: 'closed',
        closedReason: reason,
        documentTypes: ['PASSPORT'],
      });

      const answers = await Promise.all([
        first.send('PATCH', `${COUNTRIES}/CL`, change('SANCTIONS')),
        second.send('PATCH', `${COUNTRIES}/CL`, change('NOT_SERVED_BUSINESS')),
      ]);

      expect(answers.map((a) => a.envelope?.ret_code).sort()).toEqual([0, 53002]);
      const winner = answers.find((a) => a.envelope?.ret_code === 0)?.envelope?.result as Result;
      expect((await coverageOf(first, 'CL')).closedReason).toBe(winner.closedReason);
      const audit = (await first.get('/backoffice/api/audit?action=countries.update')).envelope
        ?.result as AuditResult;
      expect(audit.items).toHaveLength(1);
    });

    it.each([
      [
        'a closed country without a reason',
        'BE',
        { state: 'closed', closedReason: '', documentTypes: [] },
        53003,
      ],
      ['an unknown reason', 'BE', { state: 'closed', closedReason: 'BECAUSE', documentTypes: [] }, 53003],
      [
        'an offered country with a reason',
        'BE',
        { state: 'offered', closedReason: 'SANCTIONS', documentTypes: ['PASSPORT'] },
        53003,
      ],
      [
        'an offered country without documents',
        'BE',
        { state: 'offered', closedReason: '', documentTypes: [] },
        53004,
      ],
      [
        'an unknown country',
        'ZZ',
        { state: 'offered', closedReason: '', documentTypes: ['PASSPORT'] },
        53001,
      ],
    ])('when an admin sends %s, then %s and nothing changes', async (_name, code, body, retCode) => {
      const admin = await staffClient(app, 'admin@demo.test');
      const { envelope } = await admin.send('PATCH', `${COUNTRIES}/${code}`, { version: 1, ...body });
      expect(envelope?.ret_code).toBe(retCode);
      expect(await coverageOf(admin, 'BE')).toMatchObject({ state: 'offered', version: 1 });
      const audit = (await admin.get('/backoffice/api/audit?action=countries.update')).envelope
        ?.result as AuditResult;
      expect(audit.items).toEqual([]);
    });

    it('when an admin sends a stale version, then 53002 and the stored coverage stays', async () => {
      const admin = await staffClient(app, 'admin@demo.test');
      const { envelope } = await admin.send('PATCH', `${COUNTRIES}/BE`, {
        version: 7,
        state: 'closed',
        closedReason: 'SANCTIONS',
        documentTypes: ['PASSPORT'],
      });
      expect(envelope?.ret_code).toBe(53002);
      expect((await coverageOf(admin, 'BE')).state).toBe('offered');
    });

    it('when an admin searches and filters, then names in the asked language, codes and states match, paged', async () => {
      const admin = await staffClient(app, 'admin@demo.test');
      const byName = (await admin.get(`${COUNTRIES}?q=belgi&lang=de-DE`)).envelope
        ?.result as CountryCoverageList;
      expect(byName.items.map((c) => c.code)).toContain('BE');
      const german = (await admin.get(`${COUNTRIES}?q=${encodeURIComponent('Schweden')}&lang=de-DE`)).envelope
        ?.result as CountryCoverageList;
      expect(german.items.map((c) => c.code)).toEqual(['SE']);
      const alpha3 = (await admin.get(`${COUNTRIES}?q=chl`)).envelope?.result as CountryCoverageList;
      expect(alpha3.items.map((c) => c.code)).toEqual(['CL']);
      const closed = (await admin.get(`${COUNTRIES}?state=closed&pageSize=100`)).envelope
        ?.result as CountryCoverageList;
      expect(closed.items.every((c) => c.state === 'closed')).toBe(true);
      expect(closed.total).toBe(closed.closed);
      expect(closed.offered + closed.closed).toBe(249);
      const page2 = (await admin.get(`${COUNTRIES}?page=2&pageSize=100`)).envelope
        ?.result as CountryCoverageList;
      expect(page2).toMatchObject({ page: 2, pageSize: 100, total: 249 });
      expect(page2.items).toHaveLength(100);
    });
  });
});

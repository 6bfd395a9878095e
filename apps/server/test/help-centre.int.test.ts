/**
 * The help centre (docs/help-centre.md): the pages under /help/ (languages, redirects, caching, CSP, the
 * HTML 404) and "Report a problem": filing signed in and out, validation codes, a person's own list,
 * the back-office inbox with its cursor, the audited answer and its compare-and-set.
 */
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import {
  ALL_LANGUAGE_CODES,
  HELP_CENTER_ARTICLES,
  type AuditResult,
  type OwnSupportRequest,
  type OwnSupportRequests,
  type SupportInboxResult,
  type SupportRequestDetail,
} from '@kyc/contracts';
import { testDatabases } from './support/databases.ts';
import { staffClient } from './support/kyc-flows.ts';
import { TestClient, signedUpClient, testApp } from './support/test-app.ts';
import type { Database } from '../src/data/db.ts';
import { createRateLimiter } from '../src/lib/rate-limiter.ts';

const FILE = '/v3/public/help/support-requests';
const MINE = '/v3/private/help/support-requests';
const INBOX = '/backoffice/api/support-requests';
const SLUGS = Object.values(HELP_CENTER_ARTICLES);
const REPORT = {
  topic: 'verification',
  message: 'My selfie upload keeps failing on step 3.',
  language: 'en',
};

describe.each(testDatabases())('Report a problem and the support inbox on $name', (testDb) => {
  let database: Database;
  let app: FastifyInstance;

  beforeEach(async () => {
    database = await testDb.open({ seeded: true });
    app = await testApp(database);
    return () => app.close();
  });
  // Dropping a database per test takes a while on a busy PostgreSQL: more than the default hook time.
  afterAll(() => testDb.cleanup(), 120_000);

  /** A signed-out visitor who has read a page first (so the signed CSRF cookie exists). */
  async function visitor(): Promise<TestClient> {
    const client = new TestClient(app);
    await client.get(MINE);
    return client;
  }

  describe('Report a problem', () => {
    it('when a signed-out person files a report with an email, then it is stored under that email and answered with its id', async () => {
      const client = await visitor();
      const { envelope } = await client.post(FILE, { ...REPORT, email: ' Someone@Example.com ' });
      expect(envelope?.ret_code).toBe(0);
      const filed = envelope?.result as OwnSupportRequest;
      expect(filed).toMatchObject({ topic: 'verification', status: 'open', answer: null });
      const row = await database.db
        .selectFrom('support_requests')
        .selectAll()
        .where('id', '=', filed.id)
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({ user_id: null, email: 'someone@example.com', language: 'en' });
    });

    it.each([
      ['an unknown topic', 52001, { topic: 'billing' }],
      ['a message of 5 characters', 52002, { message: 'short' }],
      ['a message of 4001 characters', 52002, { message: 'x'.repeat(4001) }],
      ['no email while signed out', 52003, { email: '' }],
      ['an invalid email', 52003, { email: 'not-an-address' }],
      ['an unknown language', 52007, { language: 'xx' }],
    ])('when a report has %s, then ret_code %i and nothing is stored', async (_name, code, change) => {
      const client = await visitor();
      const { response, envelope } = await client.post(FILE, {
        ...REPORT,
        email: 'someone@example.com',
        ...change,
      });
      expect(response.statusCode).toBe(200);
      expect(envelope?.ret_code).toBe(code);
      const count = await database.db
        .selectFrom('support_requests')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      expect(Number(count.n)).toBe(0);
    });

    it('when a report comes without the CSRF header, then 403 / 10011', async () => {
      const client = await visitor();
      const { response, envelope } = await client.post(
        FILE,
        { ...REPORT, email: 'a@example.com' },
        { noCsrf: true },
      );
      expect(response.statusCode).toBe(403);
      expect(envelope?.ret_code).toBe(10011);
    });

    it('when a signed-in person files reports, then they are theirs (no email asked) and another person never sees them', async () => {
      const alice = await signedUpClient(app, 'alice@example.com');
      const bob = await signedUpClient(app, 'bob@example.com');
      expect((await alice.post(FILE, REPORT)).envelope?.ret_code).toBe(0);
      expect((await alice.post(FILE, { ...REPORT, topic: 'documents' })).envelope?.ret_code).toBe(0);
      expect((await bob.post(FILE, { ...REPORT, topic: 'account' })).envelope?.ret_code).toBe(0);

      const mine = (await alice.get(MINE)).envelope?.result as OwnSupportRequests;
      expect(mine.items.map((i) => i.topic)).toEqual(['documents', 'verification']);
      const his = (await bob.get(MINE)).envelope?.result as OwnSupportRequests;
      expect(his.items.map((i) => i.topic)).toEqual(['account']);
      const signedOut = await visitor();
      expect((await signedOut.get(MINE)).envelope?.ret_code).toBe(10007);
    });

    it('when one address files more reports than its limit, then 429 / 10006', async () => {
      await app.close();
      app = await testApp(database, { supportLimits: { filesPerAddress: createRateLimiter(2, 60_000) } });
      const client = await visitor();
      const body = { ...REPORT, email: 'a@example.com' };
      expect((await client.post(FILE, body)).envelope?.ret_code).toBe(0);
      expect((await client.post(FILE, body)).envelope?.ret_code).toBe(0);
      const third = await client.post(FILE, body);
      expect(third.response.statusCode).toBe(429);
      expect(third.envelope?.ret_code).toBe(10006);
    });
  });

  describe('the back-office inbox', () => {
    it("when a reviewer answers a signed-in person's report, then the person reads the answer and the answer is audited", async () => {
      const alice = await signedUpClient(app, 'alice@example.com');
      const filed = (await alice.post(FILE, REPORT)).envelope?.result as OwnSupportRequest;
      const reviewer = await staffClient(app, 'reviewer@demo.test');

      const inbox = (await reviewer.get(`${INBOX}?status=open`)).envelope?.result as SupportInboxResult;
      expect(inbox.items).toEqual([
        expect.objectContaining({
          id: filed.id,
          email: 'alice@example.com',
          status: 'open',
          topic: 'verification',
        }),
      ]);
      const view = await reviewer.get(`${INBOX}/${filed.id}`);
      expect((view.envelope?.result as SupportRequestDetail).message).toBe(REPORT.message);

      const answered = await reviewer.post(`${INBOX}/${filed.id}/answer`, {
        answer: '  Please retake it in daylight.  ',
      });
      expect(answered.envelope?.ret_code).toBe(0);
      expect(answered.envelope?.result).toMatchObject({
        status: 'answered',
        answer: 'Please retake it in daylight.',
        answeredByName: expect.any(String),
      });

      const mine = (await alice.get(MINE)).envelope?.result as OwnSupportRequests;
      expect(mine.items[0]).toMatchObject({ status: 'answered', answer: 'Please retake it in daylight.' });
      expect((await reviewer.get(`${INBOX}?status=open`)).envelope?.result).toMatchObject({ items: [] });

      const admin = await staffClient(app, 'admin@demo.test');
      const audit = (await admin.get('/backoffice/api/audit?action=support.answer')).envelope
        ?.result as AuditResult;
      expect(audit.items).toEqual([
        expect.objectContaining({ action: 'support.answer', caseRef: `support:${filed.id}` }),
      ]);
      const views = (await admin.get('/backoffice/api/audit?action=support.view')).envelope
        ?.result as AuditResult;
      expect(views.items).toHaveLength(1);
    });

    it('when two reviewers answer the same request at once, then exactly one wins and the other gets 52005', async () => {
      const filed = (await (await visitor()).post(FILE, { ...REPORT, email: 'a@example.com' })).envelope
        ?.result as OwnSupportRequest;
      const first = await staffClient(app, 'reviewer@demo.test');
      const second = await staffClient(app, 'senior@demo.test');
      const answers = await Promise.all([
        first.post(`${INBOX}/${filed.id}/answer`, { answer: 'Answer one' }),
        second.post(`${INBOX}/${filed.id}/answer`, { answer: 'Answer two' }),
      ]);
      const codes = answers.map((a) => a.envelope?.ret_code).sort();
      expect(codes).toEqual([0, 52005]);
      const winner = answers.find((a) => a.envelope?.ret_code === 0)?.envelope
        ?.result as SupportRequestDetail;
      const stored = (await first.get(`${INBOX}/${filed.id}`)).envelope?.result as SupportRequestDetail;
      expect(stored.answer).toBe(winner.answer);
      const admin = await staffClient(app, 'admin@demo.test');
      const audit = (await admin.get('/backoffice/api/audit?action=support.answer')).envelope
        ?.result as AuditResult;
      expect(audit.items).toHaveLength(1);
    });

    it('when the inbox is paged, then each page is newest first and the cursor leads to the older ones without repeats', async () => {
      const client = await visitor();
      const ids: number[] = [];
      for (let i = 0; i < 5; i++) {
        const filed = (await client.post(FILE, { ...REPORT, email: `p${i}@example.com` })).envelope
          ?.result as OwnSupportRequest;
        ids.push(filed.id);
      }
      const reviewer = await staffClient(app, 'reviewer@demo.test');
      await reviewer.post(`${INBOX}/${ids[4]}/answer`, { answer: 'Done' });
      const seen: number[] = [];
      let cursor: number | null = null;
      do {
        const url: string = `${INBOX}?status=open&pageSize=2${cursor ? `&cursor=${cursor}` : ''}`;
        const page = (await reviewer.get(url)).envelope?.result as SupportInboxResult;
        expect(page.items.length).toBeLessThanOrEqual(2);
        seen.push(...page.items.map((i) => i.id));
        cursor = page.nextCursor;
      } while (cursor !== null);
      expect(seen).toEqual([ids[3], ids[2], ids[1], ids[0]]);
      const answered = (await reviewer.get(`${INBOX}?status=answered`)).envelope
        ?.result as SupportInboxResult;
      expect(answered.items.map((i) => i.id)).toEqual([ids[4]]);
    });

    it('when an auditor reads the inbox or an end user calls it, then 10005 / 10007; an unknown id is 52004; an empty answer 52006', async () => {
      const filed = (await (await visitor()).post(FILE, { ...REPORT, email: 'a@example.com' })).envelope
        ?.result as OwnSupportRequest;
      const auditor = await staffClient(app, 'auditor@demo.test');
      expect((await auditor.get(INBOX)).envelope?.ret_code).toBe(10005);
      expect((await auditor.post(`${INBOX}/${filed.id}/answer`, { answer: 'x' })).envelope?.ret_code).toBe(
        10005,
      );
      const alice = await signedUpClient(app, 'alice@example.com');
      expect((await alice.get(INBOX)).envelope?.ret_code).toBe(10007);
      const reviewer = await staffClient(app, 'reviewer@demo.test');
      expect((await reviewer.get(`${INBOX}/999999`)).envelope?.ret_code).toBe(52004);
      expect((await reviewer.post(`${INBOX}/${filed.id}/answer`, { answer: '   ' })).envelope?.ret_code).toBe(
        52006,
      );
    });
  });
});

/** The pages read no table: one database (SQLite) is enough for them. */
describe('help centre pages', () => {
  const [testDb] = testDatabases();
  let app: FastifyInstance;

  beforeEach(async () => {
    if (!testDb) throw new Error('no test database');
    app = await testApp(await testDb.open());
    return () => app.close();
  });
  afterAll(() => testDb?.cleanup());

  it('when every article is asked for in every language, then each is a 200 HTML page with its lang and dir', async () => {
    for (const lang of ALL_LANGUAGE_CODES) {
      for (const slug of [...SLUGS, '']) {
        const response = await app.inject({ url: `/help/${lang}/${slug}` });
        expect(response.statusCode, `/help/${lang}/${slug}`).toBe(200);
        expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
        expect(response.body).toContain(`<html lang="${lang}" dir="${lang === 'ar-SA' ? 'rtl' : 'ltr'}">`);
        expect(response.body).not.toMatch(/\b(report|nav|meta|index)\.[a-zA-Z]+\b/);
      }
    }
  });

  it('when a page is served, then it is compressed, cacheable with an ETag, revalidates to 304, and its CSP allows only self', async () => {
    const first = await app.inject({
      url: '/help/de-DE/kyc-faq',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-encoding']).toBe('br');
    expect(first.headers['cache-control']).toBe('public, max-age=300');
    expect(first.headers['set-cookie']).toBeUndefined();
    const csp = String(first.headers['content-security-policy']);
    expect(csp).toContain("default-src 'none'");
    expect(csp).not.toMatch(/https?:|data:|blob:|\*/);
    const etag = String(first.headers.etag);
    const again = await app.inject({ url: '/help/de-DE/kyc-faq', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    const plain = await app.inject({ url: '/help/de-DE/kyc-faq' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toContain('Häufig gestellte Fragen');
  });

  it('when an address has no language, then the lang query, the i18nextLng cookie or Accept-Language choose it, else en', async () => {
    const location = async (url: string, headers: Record<string, string> = {}) => {
      const response = await app.inject({ url, headers });
      expect(response.statusCode, url).toBe(302);
      return response.headers.location;
    };
    expect(await location('/help/')).toBe('/help/en/');
    expect(await location('/help')).toBe('/help/en/');
    expect(await location('/help/kyc-faq?lang=ko-KR')).toBe('/help/ko-KR/kyc-faq');
    expect(await location('/help/kyc-guide', { cookie: 'i18nextLng=ja-JP' })).toBe('/help/ja-JP/kyc-guide');
    expect(await location('/help/', { 'accept-language': 'fr-FR, de;q=0.8, en;q=0.5' })).toBe('/help/de-DE/');
    expect(await location('/help/zh-TW')).toBe('/help/zh-TW/');
  });

  it('when an article or a language does not exist, then a translated HTML 404 page answers, not JSON', async () => {
    const unknownSlug = await app.inject({ url: '/help/ru-RU/no-such-article' });
    expect(unknownSlug.statusCode).toBe(404);
    expect(unknownSlug.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(unknownSlug.body).toContain('<html lang="ru-RU" dir="ltr">');
    expect(unknownSlug.body).toContain('Страница не найдена');
    const unknownLanguage = await app.inject({ url: '/help/xx-XX/kyc-faq' });
    expect(unknownLanguage.statusCode).toBe(404);
    expect(unknownLanguage.headers['content-type']).toBe('text/html; charset=utf-8');
    const deep = await app.inject({ url: '/help/en/kyc-faq/more' });
    expect(deep.statusCode).toBe(404);
  });

  it('when the stylesheet and the script are asked for, then they are served from here, immutable', async () => {
    const page = await app.inject({ url: '/help/en/web-form-issue-report' });
    const css = /href="(\/help\/assets\/help\.css\?v=[\w-]+)"/.exec(page.body)?.[1];
    const js = /src="(\/help\/assets\/help\.js\?v=[\w-]+)"/.exec(page.body)?.[1];
    expect(css).toBeDefined();
    expect(js).toBeDefined();
    for (const url of [css, js]) {
      const asset = await app.inject({ url: url ?? '' });
      expect(asset.statusCode).toBe(200);
      expect(asset.headers['cache-control']).toContain('immutable');
    }
    expect(page.body).toContain('id="report-form"');
    expect(page.body).toContain('<script type="application/json" id="help-data">');
  });
});

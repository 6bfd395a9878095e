/**
 * GET /metrics (issue 14, D51; docs/operations.md "What to watch"): absent without METRICS_TOKEN, 401
 * without the bearer token, and with it Prometheus text whose request histogram is labelled by route
 * pattern (never a raw URL, id or email) and whose database figures follow submissions and decisions.
 */
import { describe, expect, it } from 'vitest';
import { RET_CODES } from '@kyc/contracts';
import { useAppFixture } from './support/app-fixture.ts';
import { testDatabases } from './support/databases.ts';
import { decide, kycInfo, staffClient, userClient, userWithCase } from './support/kyc-flows.ts';
import { TestClient, parseEnvelope } from './support/test-app.ts';

const TOKEN = 'metrics-token-0123456789-0123456789-abcdef';

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/**
 * The Prometheus text exposition format (version 0.0.4), strictly: `# HELP` / `# TYPE` lines, and
 * samples `name{label="value",…} number`. Throws on any other line.
 */
function parseExposition(text: string): Sample[] {
  const samples: Sample[] = [];
  const sampleLine =
    /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (-?(?:\d+(?:\.\d+)?(?:e[+-]?\d+)?|NaN|\+Inf|-Inf))$/i;
  const labelPair = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)",?/gy;
  for (const line of text.split('\n')) {
    if (line === '') continue;
    if (/^# (HELP|TYPE) [a-zA-Z_:][a-zA-Z0-9_:]* .+$/.test(line)) continue;
    const match = sampleLine.exec(line);
    if (!match) throw new Error(`not Prometheus text: ${line}`);
    const labels: Record<string, string> = {};
    const body = match[2] ?? '';
    labelPair.lastIndex = 0;
    let pair: RegExpExecArray | null;
    while (labelPair.lastIndex < body.length && (pair = labelPair.exec(body)))
      labels[pair[1] ?? ''] = pair[2] ?? '';
    if (labelPair.lastIndex !== body.length) throw new Error(`bad labels: ${line}`);
    samples.push({ name: match[1] ?? '', labels, value: Number(match[3]) });
  }
  return samples;
}

const valueOf = (samples: Sample[], name: string, labels: Record<string, string> = {}) =>
  samples.find((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v))?.value;

describe.each(testDatabases())('GET /metrics on $name', (testDb) => {
  describe('without METRICS_TOKEN', () => {
    const fixture = useAppFixture(testDb, { seed: false });

    it('when METRICS_TOKEN is not set, then /metrics is not found, even with a token', async () => {
      const response = await fixture.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      expect(response.statusCode).toBe(404);
      expect(parseEnvelope(response)?.ret_code).toBe(RET_CODES.ROUTE_NOT_FOUND.code);
      expect(response.body).not.toContain('kyc_http_request_duration_seconds');
    });
  });

  describe('with METRICS_TOKEN', () => {
    const fixture = useAppFixture(testDb, { env: { METRICS_TOKEN: TOKEN } });

    const scrape = async () => {
      const response = await fixture.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
      return { text: response.body, samples: parseExposition(response.body) };
    };

    it('when the token is missing or wrong, then 401 in the envelope and no figures', async () => {
      const attempts = [
        {},
        { authorization: `Bearer ${TOKEN}x` },
        { authorization: `Bearer ${TOKEN.slice(0, -1)}` },
        { authorization: `Basic ${Buffer.from(`x:${TOKEN}`).toString('base64')}` },
        { authorization: TOKEN },
      ];
      for (const headers of attempts) {
        const response = await fixture.app.inject({ method: 'GET', url: '/metrics', headers });
        expect(response.statusCode).toBe(401);
        expect(response.headers['www-authenticate']).toMatch(/^Bearer/);
        expect(parseEnvelope(response)).toMatchObject({
          ret_code: RET_CODES.NOT_LOGGED_IN.code,
          result: null,
        });
        expect(response.body).not.toContain('kyc_');
      }
    });

    it('when requests were answered, then the histogram has them by route pattern, and no label holds an id, an email or a raw URL', async () => {
      const client = await userClient(fixture.app, 'l1@demo.test');
      await kycInfo(client);
      await kycInfo(client);
      const userId = await fixture.userIdOf('pending@demo.test');
      const reviewer = await staffClient(fixture.app, 'reviewer@demo.test');
      expect((await reviewer.get(`/backoffice/api/cases/${userId}`)).envelope?.ret_code).toBe(0);
      await new TestClient(fixture.app).get('/v3/private/kyc/no-such/someone@example.com?id=123456');

      const { text, samples } = await scrape();
      const kycInfoCount = valueOf(samples, 'kyc_http_request_duration_seconds_count', {
        method: 'POST',
        route: '/v3/private/kyc/kyc-info',
        status_class: '2xx',
      });
      expect(kycInfoCount).toBeGreaterThanOrEqual(2);
      expect(
        valueOf(samples, 'kyc_http_request_duration_seconds_count', {
          method: 'GET',
          route: '/backoffice/api/cases/:userId',
        }),
      ).toBe(1);
      expect(
        valueOf(samples, 'kyc_http_request_duration_seconds_count', {
          route: 'unmatched',
          status_class: '4xx',
        }),
      ).toBe(1);
      // Buckets end in +Inf and count the same requests.
      expect(
        valueOf(samples, 'kyc_http_request_duration_seconds_bucket', {
          route: '/v3/private/kyc/kyc-info',
          le: '+Inf',
        }),
      ).toBe(kycInfoCount);

      const labelValues = samples.flatMap((s) => Object.values(s.labels));
      expect(labelValues.filter((v) => v.includes('@'))).toEqual([]);
      const segments = labelValues.flatMap((v) => v.split(/[/?&=]/));
      expect(segments.filter((v) => v === String(userId) || v === '123456')).toEqual([]);
      expect(labelValues.filter((v) => v.includes('?') || v.includes('no-such'))).toEqual([]);
      expect(text).not.toContain('example.com');
      // Node's own figures are there too.
      expect(valueOf(samples, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);
      expect(valueOf(samples, 'nodejs_eventloop_lag_seconds')).toBeGreaterThanOrEqual(0);
      // The pool on PostgreSQL; nothing of the kind on SQLite.
      if (testDb.name === 'postgres') {
        expect(valueOf(samples, 'kyc_db_pool_connections')).toBeGreaterThanOrEqual(1);
        expect(valueOf(samples, 'kyc_db_pool_waiting_requests')).toBeGreaterThanOrEqual(0);
        expect(valueOf(samples, 'kyc_db_pool_max_connections')).toBeGreaterThanOrEqual(1);
      } else {
        expect(samples.some((s) => s.name.startsWith('kyc_db_pool_'))).toBe(false);
      }
      for (const queue of ['partner_webhook_deliveries', 'status_outbox', 'vendor_reconciliation'])
        expect(valueOf(samples, 'kyc_queue_depth', { queue })).toBeGreaterThanOrEqual(0);
    });

    it('when a submission has waited an hour, then the oldest pending review is an hour old', async () => {
      const before = valueOf((await scrape()).samples, 'kyc_pending_review_oldest_age_seconds');
      expect(before).toBeGreaterThanOrEqual(0);
      await userWithCase(fixture.app, 'new@demo.test');
      const [submission] = await fixture.submissionsOf('new@demo.test');
      if (!submission) throw new Error('no submission');
      const hourAgo = Date.now() - 3_600_000;
      await fixture.database.db
        .updateTable('kyc_submissions')
        .set({ created_at: hourAgo })
        .where('id', '=', submission.id)
        .execute();

      const age = valueOf((await scrape()).samples, 'kyc_pending_review_oldest_age_seconds');
      expect(age).toBeGreaterThanOrEqual(3600);
      expect(age).toBeLessThan(3600 + 60);
    });

    it('when a reviewer decides, then decisions_last_hour counts it', async () => {
      const before = valueOf((await scrape()).samples, 'kyc_decisions_last_hour') ?? -1;
      expect(before).toBeGreaterThanOrEqual(0);
      const reviewer = await staffClient(fixture.app, 'reviewer@demo.test');
      const userId = await fixture.userIdOf('pending@demo.test');
      expect((await decide(reviewer, userId, { decision: 'approve', level: 1 })).ret_code).toBe(0);
      expect(valueOf((await scrape()).samples, 'kyc_decisions_last_hour')).toBe(before + 1);
    });
  });
});

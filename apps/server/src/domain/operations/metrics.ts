/**
 * `GET /metrics` (issue 14, D51): the Prometheus text of this instance, kept in a registry of its own
 * (prom-client). What it holds (docs/operations.md "What to watch"):
 * - kyc_http_request_duration_seconds{method, route, status_class}: every answered request, labelled by
 *   the matched route's pattern (`/v3/private/kyc/kyc-info`, `/user/accounts/*`), never the raw URL, so
 *   no id, email or token ever becomes a label; requests no route matched are `route="unmatched"`.
 * - kyc_db_pool_*: PostgreSQL's pool (connections open, idle, requests waiting for one), read at scrape.
 * - kyc_queue_depth{queue}, kyc_decisions_last_hour, kyc_pending_review_oldest_age_seconds: read at
 *   scrape from the database, one bounded indexed query each (data/repositories/operations-repo.ts).
 * - Node's default process metrics (process_*, nodejs_*).
 * Access needs METRICS_TOKEN as a bearer token, compared in constant time; unset, there is no endpoint.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { PoolStats } from '../../data/db.ts';
import {
  COUNT_CAP,
  type OperationalFigures,
  type OperationsRepo,
} from '../../data/repositories/operations-repo.ts';

export interface MetricsDeps {
  /** The bearer token scrapers present (METRICS_TOKEN). */
  token: string;
  operations: OperationsRepo;
  /** PostgreSQL's pool figures; undefined on SQLite (one connection, nothing to watch). */
  poolStats?: () => PoolStats;
  now?: () => number;
}

/** Request methods worth a label of their own; anything else is `OTHER` (labels stay few). */
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
/** Latency buckets in seconds: 5 ms to 10 s. */
const BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const HOUR_MS = 3_600_000;

const digest = (value: string) => createHash('sha256').update(value).digest();

export function metricsUseCases(deps: MetricsDeps) {
  const now = deps.now ?? Date.now;
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const expected = digest(deps.token);

  const requests = new Histogram({
    name: 'kyc_http_request_duration_seconds',
    help: 'Answered HTTP requests: time from arrival to the end of the answer, by method, route pattern and status class.',
    labelNames: ['method', 'route', 'status_class'] as const,
    buckets: BUCKETS,
    registers: [registry],
  });

  const scrapeErrors = new Counter({
    name: 'kyc_metrics_database_errors_total',
    help: 'Scrapes whose database figures (queues, decisions, pending review) could not be read.',
    registers: [registry],
  });

  /** This scrape's database figures, read once by render() for all the gauges below. */
  let current: Promise<OperationalFigures | undefined> = Promise.resolve(undefined);
  const figures = () => current;

  new Gauge({
    name: 'kyc_queue_depth',
    help: `Work waiting in the background queues: partner webhook deliveries to send, status changes not yet queued for partners, vendor verifications awaiting an answer (reconciliation). Capped: ${COUNT_CAP + 1} means more than ${COUNT_CAP}.`,
    labelNames: ['queue'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      const f = await figures();
      if (!f) return;
      this.set({ queue: 'partner_webhook_deliveries' }, f.partnerDeliveries);
      this.set({ queue: 'status_outbox' }, f.statusOutbox);
      this.set({ queue: 'vendor_reconciliation' }, f.vendorPending);
    },
  });

  new Gauge({
    name: 'kyc_decisions_last_hour',
    help: `KYC decisions (staff and vendors) taken in the last hour. Capped: ${COUNT_CAP + 1} means more than ${COUNT_CAP}.`,
    registers: [registry],
    async collect() {
      this.reset();
      const f = await figures();
      if (f) this.set(f.decisions);
    },
  });

  new Gauge({
    name: 'kyc_pending_review_oldest_age_seconds',
    help: 'Age of the oldest KYC submission waiting for a reviewer; 0 when none waits.',
    registers: [registry],
    async collect() {
      this.reset();
      const f = await figures();
      if (!f) return;
      const oldest = f.oldestPendingSubmission;
      this.set(oldest === null ? 0 : Math.max(0, (now() - oldest) / 1000));
    },
  });

  const { poolStats } = deps;
  if (poolStats) {
    const poolGauge = (name: string, help: string, read: (s: PoolStats) => number) =>
      new Gauge({
        name,
        help,
        registers: [registry],
        collect() {
          this.set(read(poolStats()));
        },
      });
    poolGauge('kyc_db_pool_connections', 'PostgreSQL connections the pool holds open.', (s) => s.total);
    poolGauge('kyc_db_pool_idle_connections', 'PostgreSQL connections open and idle.', (s) => s.idle);
    poolGauge(
      'kyc_db_pool_waiting_requests',
      'Queries waiting for a free PostgreSQL connection (the pool is exhausted while above 0).',
      (s) => s.waiting,
    );
    poolGauge('kyc_db_pool_max_connections', 'The size the pool may grow to.', (s) => s.max);
  }

  return {
    /** Whether an Authorization header carries the token (constant time, whatever the lengths). */
    authorized(header: string | undefined): boolean {
      const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
      return timingSafeEqual(digest(match?.[1] ?? ''), expected) && match !== null;
    },

    /** Records one answered request; `route` is the matched pattern, undefined when none matched. */
    observeRequest(method: string, route: string | undefined, statusCode: number, seconds: number): void {
      requests.observe(
        {
          method: METHODS.has(method) ? method : 'OTHER',
          route: route ?? 'unmatched',
          status_class: `${Math.floor(statusCode / 100)}xx`,
        },
        seconds,
      );
    },

    /** The Prometheus text exposition and its content type. */
    async render(): Promise<{ contentType: string; body: string }> {
      // One database read serves every gauge of the scrape; a failed one is counted, never thrown, so
      // the request and process figures still answer while the database does not.
      const at = now();
      current = deps.operations.figures(at - HOUR_MS).catch(() => {
        scrapeErrors.inc();
        return undefined;
      });
      return { contentType: registry.contentType, body: await registry.metrics() };
    },
  };
}
export type MetricsUseCases = ReturnType<typeof metricsUseCases>;

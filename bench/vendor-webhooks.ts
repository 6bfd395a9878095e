/**
 * Vendor webhook to visible status (issue 13): how long from a vendor's signed webhook reaching the portal
 * to kyc-info showing the new status. The real app on a SQLite file listens on loopback with Sumsub
 * configured; sumsub@demo.test has an applicant at Sumsub; the bench plays Sumsub, sending events in
 * Sumsub's documented shape, signed with X-Payload-Digest (HMAC_SHA256_HEX) over the raw body:
 * applicantPending (→ PENDING) and applicantReviewed RED/RETRY (→ FAILED_AND_CAN_RETRY), alternately, so
 * every event changes the status. Each sample is timed from sending the webhook to the first kyc-info
 * answer showing the new status (the webhook's 200 is sent after its transaction committed, so one
 * kyc-info normally suffices). Aims are reported, never enforced.
 */
import { createHmac } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../apps/server/src/app.ts';
import { boot } from '../apps/server/src/boot.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { openDatabase } from '../apps/server/src/data/db.ts';
import { seedDemoData } from '../apps/server/src/seed/demo.ts';
import { benchPaths } from './front-end-build.ts';
import { signIn } from './kyc.ts';

export const WEBHOOK_AIMS = { maxMedianMs: 25, maxP99Ms: 100 };
export const WEBHOOK_SAMPLES = 300;
const WEBHOOK_SECRET = 'bench-sumsub-webhook-secret';
const APPLICANT_ID = '5cb56e8e0a975a35f333cb83';
const USER = 'sumsub@demo.test';

export interface WebhookReport {
  samples: number;
  medianMs: number;
  p99Ms: number;
  maxMs: number;
  /** kyc-info calls needed beyond the first (0 when every status was visible at once). */
  extraReads: number;
  medianMet: boolean;
  p99Met: boolean;
}

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;

/** Sumsub's createdAtMs: "yyyy-MM-dd HH:mm:ss.SSS" in UTC. */
const sumsubTime = (at: number) => new Date(at).toISOString().replace('T', ' ').replace('Z', '');

function sumsubEvent(i: number, at: number, externalUserId: string): string {
  const base = {
    applicantId: APPLICANT_ID,
    inspectionId: '5cb56e8e0a975a35f333cb84',
    correlationId: `bench-${i}`,
    externalUserId,
    levelName: 'Level1_web',
    sandboxMode: false,
    createdAtMs: sumsubTime(at),
  };
  return JSON.stringify(
    i % 2 === 0
      ? { ...base, type: 'applicantPending', reviewStatus: 'pending' }
      : {
          ...base,
          type: 'applicantReviewed',
          reviewStatus: 'completed',
          reviewResult: {
            reviewAnswer: 'RED',
            reviewRejectType: 'RETRY',
            rejectLabels: ['UNSATISFACTORY_PHOTOS'],
            moderationComment: 'The photo is blurry.',
            clientComment: 'bench',
          },
        },
  );
}

export async function measureWebhookToStatus(samples = WEBHOOK_SAMPLES): Promise<WebhookReport> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'kyc-bench-webhooks-'));
  const database = openDatabase(path.join(dataDir, 'bench.sqlite'));
  try {
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      RATE_LIMIT_PER_MINUTE: '0',
      PORT: '0',
      SUMSUB_BASE_URL: 'http://127.0.0.1:9',
      SUMSUB_APP_TOKEN: 'bench-app-token',
      SUMSUB_SECRET_KEY: 'bench-secret-key',
      SUMSUB_WEBHOOK_SECRET: WEBHOOK_SECRET,
    });
    await database.migrate();
    await seedDemoData(database);
    await boot(config, database);
    const user = await database.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', USER)
      .executeTakeFirstOrThrow();
    const externalUserId = 'kyc_00000000000000000000bench';
    const at0 = Date.now();
    await database.db
      .insertInto('vendor_applicants')
      .values({
        user_id: user.id,
        provider: 'sumsub',
        external_user_id: externalUserId,
        vendor_applicant_id: APPLICANT_ID,
        flow_id: null,
        level: 1,
        pending_since: null,
        reconciled_at: null,
        created_at: at0,
        updated_at: at0,
      })
      .execute();
    const app = await buildApp({ config, database, logger: false, paths: benchPaths });
    const origin = await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const { headers } = await signIn(origin, USER);
      const readStatus = async () => {
        const response = await fetch(`${origin}/v3/private/kyc/kyc-info`, {
          method: 'POST',
          headers: { ...headers, 'content-type': 'application/json' },
          body: JSON.stringify({ obtain_state: true }),
        });
        const body = (await response.json()) as { result?: { state?: { level: number; status: string }[] } };
        return body.result?.state?.find((s) => s.level === 1)?.status;
      };
      const timings: number[] = [];
      let extraReads = 0;
      for (let i = 0; i < samples + 10; i++) {
        const body = sumsubEvent(i, at0 + i * 1000, externalUserId);
        const digest = createHmac('sha256', WEBHOOK_SECRET).update(body).digest('hex');
        const expected = i % 2 === 0 ? 'PENDING' : 'FAILED_AND_CAN_RETRY';
        const started = performance.now();
        const answer = await fetch(`${origin}/webhooks/sumsub`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'x-payload-digest': digest,
            'x-payload-digest-alg': 'HMAC_SHA256_HEX',
          },
          body,
        });
        if (answer.status !== 200)
          throw new Error(`webhook answered ${answer.status}: ${await answer.text()}`);
        await answer.arrayBuffer();
        let reads = 0;
        while ((await readStatus()) !== expected) {
          if (++reads > 50) throw new Error(`kyc-info never showed ${expected} after event ${i}`);
        }
        extraReads += reads;
        // The first ten are a warm-up (JIT, statement caches).
        if (i >= 10) timings.push(performance.now() - started);
      }
      const sorted = [...timings].sort((a, b) => a - b);
      const medianMs = quantile(sorted, 0.5);
      const p99Ms = quantile(sorted, 0.99);
      return {
        samples,
        medianMs,
        p99Ms,
        maxMs: sorted.at(-1) ?? 0,
        extraReads,
        medianMet: medianMs <= WEBHOOK_AIMS.maxMedianMs,
        p99Met: p99Ms <= WEBHOOK_AIMS.maxP99Ms,
      };
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * KYC endpoints under load, each against the real app (SQLite file, demo data, the demo user with a
 * level-1 state signed in through POST /user/public/login with the CSRF double submit, as the SPA does):
 * - kyc-info: autocannon, 100 connections after a 2 s warm-up, on POST /v3/private/kyc/kyc-info with the
 *   SPA's body, and on a bare Fastify hello-world with the same load; each server runs in its own process
 *   (serve.ts), so the load generator does not share its event loop.
 * - upload: one photo-like 4000×3000 JPEG uploaded N times one after the other through
 *   POST /v3/private/kyc/upload-document, timed from sending the request to the parsed answer (the
 *   document row is committed before the answer), and the server's stages timed on their own in this
 *   process (header check, sharp re-encode, encryption, durable blob write).
 * Aims are reported as met or not met; they never fail the run.
 */
import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import autocannon from 'autocannon';
import sharp from 'sharp';
import { encryptBlob } from '../apps/server/src/lib/crypto/envelope.ts';
import { createFileBlobStore } from '../apps/server/src/lib/uploads/blob-store.ts';
import { jpegDimensions, sniffType } from '../apps/server/src/lib/uploads/image-header.ts';
import { inspectUpload } from '../apps/server/src/lib/uploads/inspect-upload.ts';
import { DEMO_PASSWORD } from '../apps/server/src/seed/demo.ts';
import { freshPostgresDatabase } from './postgres.ts';

/** minPostgresRatio: kyc-info on PostgreSQL within 1.5× of SQLite (issue 14). */
export const KYC_INFO_AIMS = { minRatio: 0.5, maxP99Ms: 25, minPostgresRatio: 1 / 1.5 };
export const UPLOAD_AIMS = { maxMedianMs: 400 };
export const KYC_INFO_CONNECTIONS = 100;
export const UPLOAD_COUNT = 15;
/** Load before each measured run, not counted (JIT, caches), for the portal and the baseline alike. */
const WARM_UP_SECONDS = 2;

const BENCH_USER = 'l1@demo.test';
/** The body the personal screen sends (apps/web/src/features/verification/api/kyc-info.ts). */
const KYC_INFO_BODY = {
  obtain_kyc_token: false,
  obtain_current: true,
  obtain_quotas: true,
  obtain_state: true,
  obtain_aml_questionnaire: true,
  obtain_verification_process: true,
};

export interface LatencyLoad {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

export interface Running {
  origin: string;
  stop(): Promise<void>;
  /** kill -9: the process ends at once, with whatever it had in flight (crash.ts). */
  crash(): Promise<void>;
}

/**
 * Starts serve.ts in a child process and waits for the origin it listens on; `databaseUrl` runs the
 * portal on that database instead of a SQLite file in dataDir, `env` adds to the child's environment.
 */
export async function startServer(
  kind: 'portal' | 'hello',
  dataDir?: string,
  options: { databaseUrl?: string; env?: Record<string, string> } = {},
): Promise<Running> {
  const args = [...(dataDir ? [dataDir] : []), ...(options.databaseUrl ? [options.databaseUrl] : [])];
  const child = spawn(
    process.execPath,
    [...process.execArgv, path.join(import.meta.dirname, 'serve.ts'), kind, ...args],
    { stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, ...options.env } },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
  };
  const crash = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await exited;
  };
  try {
    const lines = createInterface({ input: child.stdout });
    const first = await new Promise<string>((resolve, reject) => {
      lines.once('line', resolve);
      child.once('exit', (code) => reject(new Error(`bench server (${kind}) exited with ${code}`)));
    });
    lines.close();
    return { origin: (JSON.parse(first) as { origin: string }).origin, stop, crash };
  } catch (error) {
    await stop();
    throw error;
  }
}

const cookieValue = (setCookies: string[], name: string) =>
  new RegExp(`(?:^|[;,]\\s*)${name}=([^;]+)`).exec(setCookies.join('; '))?.[1];

/** Signs the demo user in as the SPA does: a page for the CSRF cookie, then the login with it. */
export async function signIn(
  origin: string,
  email: string = BENCH_USER,
): Promise<{ headers: Record<string, string> }> {
  const page = await fetch(`${origin}/user/accounts/en/auth/personal`);
  const anonymousCsrf = cookieValue(page.headers.getSetCookie(), 'kyc_csrf');
  if (!anonymousCsrf) throw new Error('no CSRF cookie from the portal page');
  const login = await fetch(`${origin}/user/public/login`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-csrf-token': anonymousCsrf,
      cookie: `kyc_csrf=${anonymousCsrf}`,
    },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
  const setCookies = login.headers.getSetCookie();
  const sid = cookieValue(setCookies, 'kyc_sid');
  const csrf = cookieValue(setCookies, 'kyc_csrf');
  if (!sid || !csrf) throw new Error(`sign-in of ${email} failed: ${await login.text()}`);
  return { headers: { cookie: `kyc_sid=${sid}; kyc_csrf=${csrf}`, 'x-csrf-token': csrf } };
}

async function expectOk(response: Response, what: string): Promise<unknown> {
  const body = (await response.json()) as { ret_code: number; result?: unknown };
  if (response.status !== 200 || body.ret_code !== 0)
    throw new Error(`${what} answered ${response.status} ${JSON.stringify(body)}`);
  return body.result;
}

async function loadTest(options: autocannon.Options): Promise<LatencyLoad> {
  const result = await autocannon({ connections: KYC_INFO_CONNECTIONS, pipelining: 1, ...options });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors,
    non2xx: result.non2xx,
  };
}

export interface KycInfoReport {
  kycInfo: LatencyLoad;
  hello: LatencyLoad;
  ratio: number;
  ratioMet: boolean;
  p99Met: boolean;
  /** The same load on PostgreSQL (issue 14), undefined when no PostgreSQL server answers. */
  postgres?: LatencyLoad;
  /** PostgreSQL's requests per second over SQLite's (aim: within 1.5×, so ≥ 0.67). */
  postgresRatio?: number;
  postgresMet?: boolean;
  /** Every request answered 2xx without a transport error (otherwise the figures mean nothing). */
  clean: boolean;
}

const cleanLoad = (load: LatencyLoad) => load.errors === 0 && load.non2xx === 0;

/** kyc-info of the demo user under load on the portal on a SQLite file in dataDir, or on `databaseUrl`. */
async function loadKycInfo(dataDir: string, seconds: number, databaseUrl?: string): Promise<LatencyLoad> {
  // A shared database needs its secrets set (config.ts refuses generated ones on PostgreSQL).
  const secrets = {
    SESSION_SECRET: randomBytes(32).toString('base64url'),
    DATA_MASTER_KEY: randomBytes(32).toString('base64'),
  };
  const portal = await startServer('portal', dataDir, databaseUrl ? { databaseUrl, env: secrets } : {});
  try {
    const { headers } = await signIn(portal.origin);
    const request = {
      method: 'POST' as const,
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify(KYC_INFO_BODY),
    };
    const url = `${portal.origin}/v3/private/kyc/kyc-info`;
    if ((await expectOk(await fetch(url, request), 'kyc-info')) == null)
      throw new Error('kyc-info answered no result');
    await loadTest({ url, duration: WARM_UP_SECONDS, ...request });
    return await loadTest({ url, duration: seconds, ...request });
  } finally {
    await portal.stop();
  }
}

export async function measureKycInfo(seconds = 10): Promise<KycInfoReport> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'kyc-bench-info-'));
  const postgresDir = mkdtempSync(path.join(tmpdir(), 'kyc-bench-info-pg-'));
  const postgresDb = await freshPostgresDatabase('info');
  try {
    const hello = await startServer('hello');
    let bare: LatencyLoad;
    try {
      await loadTest({ url: `${hello.origin}/hello`, duration: WARM_UP_SECONDS });
      bare = await loadTest({ url: `${hello.origin}/hello`, duration: seconds });
    } finally {
      await hello.stop();
    }
    const kycInfo = await loadKycInfo(dataDir, seconds);
    const postgres = postgresDb ? await loadKycInfo(postgresDir, seconds, postgresDb.url) : undefined;
    const ratio = kycInfo.rps / bare.rps;
    const postgresRatio = postgres ? postgres.rps / kycInfo.rps : undefined;
    return {
      kycInfo,
      hello: bare,
      ratio,
      ratioMet: ratio >= KYC_INFO_AIMS.minRatio,
      p99Met: kycInfo.p99 <= KYC_INFO_AIMS.maxP99Ms,
      ...(postgres && postgresRatio !== undefined
        ? { postgres, postgresRatio, postgresMet: postgresRatio >= KYC_INFO_AIMS.minPostgresRatio }
        : {}),
      clean: cleanLoad(kycInfo) && cleanLoad(bare) && (!postgres || cleanLoad(postgres)),
    };
  } finally {
    await postgresDb?.drop();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(postgresDir, { recursive: true, force: true });
  }
}

/** A small deterministic PRNG (mulberry32), so every run uploads the same file. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * A photo-like 4000×3000 JPEG (quality 90): soft colour gradients and large blurry shapes, like a
 * document photographed on a desk, with sensor-like noise so that it compresses as a camera file does.
 */
export async function photoLikeJpeg(width = 4000, height = 3000): Promise<Buffer> {
  const random = prng(20261121);
  const raw = Buffer.alloc(width * height * 3);
  const blobs = Array.from({ length: 12 }, () => ({
    x: random() * width,
    y: random() * height,
    r: 200 + random() * 900,
    dr: random() * 120 - 60,
    dg: random() * 120 - 60,
    db: random() * 120 - 60,
  }));
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      let r = 90 + (110 * x) / width + 20 * Math.sin(y / 97);
      let g = 70 + (120 * y) / height + 15 * Math.sin((x + y) / 131);
      let b = 140 - (60 * x) / width + (40 * y) / height;
      for (const blob of blobs) {
        const d2 = ((x - blob.x) ** 2 + (y - blob.y) ** 2) / (blob.r * blob.r);
        if (d2 < 1) {
          const weight = 1 - d2;
          r += blob.dr * weight;
          g += blob.dg * weight;
          b += blob.db * weight;
        }
      }
      const noise = (random() - 0.5) * 26;
      const i = (y * width + x) * 3;
      raw[i] = Math.max(0, Math.min(255, r + noise + (random() - 0.5) * 16));
      raw[i + 1] = Math.max(0, Math.min(255, g + noise + (random() - 0.5) * 16));
      raw[i + 2] = Math.max(0, Math.min(255, b + noise + (random() - 0.5) * 16));
    }
  }
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 90 })
    .toBuffer();
}

/** Nearest-rank percentile of ascending values. */
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? NaN;
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  const at = (i: number) => sorted[i] ?? NaN;
  return sorted.length % 2 ? at(mid) : (at(mid - 1) + at(mid)) / 2;
};

async function timed<T>(run: () => Promise<T> | T): Promise<{ ms: number; value: T }> {
  const start = performance.now();
  const value = await run();
  return { ms: performance.now() - start, value };
}

export interface UploadStages {
  /** sniffType + the JPEG header's dimensions. */
  headerMs: number;
  /** inspectUpload as a whole: header check, sharp decode + re-encode, sha256. */
  inspectMs: number;
  /** sha256 of the re-encoded bytes (part of inspectMs). */
  sha256Ms: number;
  /** AES-256-GCM of the re-encoded bytes under a data key. */
  encryptMs: number;
  /** BlobStore.put: temporary file, write, fsync, rename, directory fsync. */
  blobPutMs: number;
  /** The same bytes written to a file without any fsync (what durability adds is put − this). */
  plainWriteMs: number;
  storedBytes: number;
  /** libvips worker threads (sharp.concurrency(); the server has the same default). */
  sharpThreads: number;
}

export interface UploadReport {
  jpegBytes: number;
  /** The first upload (sharp and the database warm up), not in the figures below. */
  coldMs: number;
  timingsMs: number[];
  medianMs: number;
  p90Ms: number;
  medianMet: boolean;
  stages: UploadStages;
}

/** The server-side stages of an upload, each timed on its own in this process (median of `runs`). */
async function profileStages(jpeg: Buffer, runs = 5): Promise<UploadStages> {
  const dir = mkdtempSync(path.join(tmpdir(), 'kyc-bench-stages-'));
  try {
    const blobs = createFileBlobStore(dir);
    const key = randomBytes(32);
    const samples: Record<Exclude<keyof UploadStages, 'storedBytes' | 'sharpThreads'>, number[]> = {
      headerMs: [],
      inspectMs: [],
      sha256Ms: [],
      encryptMs: [],
      blobPutMs: [],
      plainWriteMs: [],
    };
    let storedBytes = 0;
    await inspectUpload(jpeg); // warm-up, as the server has had its own
    for (let run = 0; run < runs; run += 1) {
      samples.headerMs.push((await timed(() => sniffType(jpeg) && jpegDimensions(jpeg))).ms);
      const inspected = await timed(() => inspectUpload(jpeg));
      samples.inspectMs.push(inspected.ms);
      const stored = inspected.value.bytes;
      storedBytes = stored.length;
      samples.sha256Ms.push((await timed(() => createHash('sha256').update(stored).digest('hex'))).ms);
      const encrypted = await timed(() =>
        encryptBlob(key, stored, { userId: 1, objectId: randomBytes(16).toString('hex') }),
      );
      samples.encryptMs.push(encrypted.ms);
      samples.blobPutMs.push((await timed(() => blobs.put(encrypted.value))).ms);
      samples.plainWriteMs.push(
        (
          await timed(async () => {
            const handle = await open(path.join(dir, `plain-${run}`), 'wx', 0o600);
            try {
              await handle.writeFile(encrypted.value);
            } finally {
              await handle.close();
            }
          })
        ).ms,
      );
    }
    return {
      headerMs: median(samples.headerMs),
      inspectMs: median(samples.inspectMs),
      sha256Ms: median(samples.sha256Ms),
      encryptMs: median(samples.encryptMs),
      blobPutMs: median(samples.blobPutMs),
      plainWriteMs: median(samples.plainWriteMs),
      storedBytes,
      sharpThreads: sharp.concurrency(),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function measureUpload(count = UPLOAD_COUNT): Promise<UploadReport> {
  const jpeg = await photoLikeJpeg();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'kyc-bench-upload-'));
  try {
    const portal = await startServer('portal', dataDir);
    let coldMs: number;
    const timingsMs: number[] = [];
    try {
      const { headers } = await signIn(portal.origin);
      const upload = async () => {
        const form = new FormData();
        form.append('side', 'front');
        form.append('file', new Blob([jpeg], { type: 'image/jpeg' }), 'front.jpg');
        const start = performance.now();
        const response = await fetch(`${portal.origin}/v3/private/kyc/upload-document`, {
          method: 'POST',
          headers,
          body: form,
        });
        const result = (await expectOk(response, 'upload-document')) as { documentId?: string };
        const ms = performance.now() - start;
        if (!result.documentId) throw new Error('upload-document answered no document id');
        return ms;
      };
      coldMs = await upload();
      for (let i = 0; i < count; i += 1) timingsMs.push(await upload());
    } finally {
      await portal.stop();
    }
    const sorted = [...timingsMs].sort((a, b) => a - b);
    const medianMs = median(timingsMs);
    return {
      jpegBytes: jpeg.length,
      coldMs,
      timingsMs,
      medianMs,
      p90Ms: percentile(sorted, 90),
      medianMet: medianMs <= UPLOAD_AIMS.maxMedianMs,
      stages: await profileStages(jpeg),
    };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

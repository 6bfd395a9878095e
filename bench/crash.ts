/**
 * The crash run (issue 14): the portal under load is killed with SIGKILL (`kill -9`) again and again,
 * restarted on the same database and DATA_DIR, and every request that was in flight at the kill is sent
 * again with its Idempotency-Key, as a client that saw its connection drop does. Then the database is
 * read back and compared with what the clients were told:
 * - lost: a submission or an upload acknowledged (ret_code 0) that the database does not hold;
 * - duplicated: more than one submission for one person (a retry taken for a new submission);
 * - unanswered: an in-flight submission whose retry, after the restart, got no answer or not ret_code 0.
 * Budgets: none lost, none duplicated, none unanswered. On PostgreSQL when it is reachable
 * (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test: a fresh database is created and
 * dropped), else on a SQLite file.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openDatabase } from '../apps/server/src/data/db.ts';
import { CAPTURE_CONSENT_VERSION } from '@kyc/contracts';
import { photoLikeJpeg, startServer, type Running } from './kyc.ts';
import { freshPostgresDatabase } from './postgres.ts';

export const CRASH_BUDGETS = { lost: 0, duplicated: 0, unanswered: 0 };

/** Concurrent people signing up, uploading and submitting while the kills come. */
const WORKERS = 8;
const PASSWORD = 'crash bench passphrase 2026';
const CONSENT = { privacy: true, declaration: true, version: CAPTURE_CONSENT_VERSION, language: 'en' };

export interface CrashReport {
  database: 'postgres' | 'sqlite';
  crashes: number;
  acknowledgedSubmissions: number;
  acknowledgedUploads: number;
  retried: number;
  lost: number;
  duplicated: number;
  unanswered: number;
  /** Refusals other than a broken connection (they would make the run measure nothing), by message. */
  refusals: Record<string, number>;
  ok: boolean;
}

interface Person {
  email: string;
  headers: Record<string, string>;
  uploads: string[];
  /** The submission's Idempotency-Key and body, kept to send it again after a kill. */
  submission?: { key: string; body: string; acknowledged: boolean };
}

const cookie = (setCookies: string[], name: string) =>
  new RegExp(`(?:^|[;,]\\s*)${name}=([^;]+)`).exec(setCookies.join('; '))?.[1];

/** An answer's ret_code (the envelope), or throws when the connection broke (the server was killed). */
async function retCode(response: Response): Promise<{ code: number; result: Record<string, unknown> }> {
  const envelope = (await response.json()) as { ret_code: number; result: Record<string, unknown> };
  return { code: envelope.ret_code, result: envelope.result };
}

async function signUp(origin: string, email: string): Promise<Record<string, string>> {
  const page = await fetch(`${origin}/user/accounts/en/login`);
  const anonymous = cookie(page.headers.getSetCookie(), 'kyc_csrf');
  if (!anonymous) throw new Error('no CSRF cookie from the sign-in page');
  const response = await fetch(`${origin}/user/public/register`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-csrf-token': anonymous,
      cookie: `kyc_csrf=${anonymous}`,
    },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  const set = response.headers.getSetCookie();
  const { code } = await retCode(response);
  const [sid, csrf] = [cookie(set, 'kyc_sid'), cookie(set, 'kyc_csrf')];
  if (code !== 0 || !sid || !csrf) throw new Error(`sign-up of ${email}: ret_code ${code}`);
  return { cookie: `kyc_sid=${sid}; kyc_csrf=${csrf}`, 'x-csrf-token': csrf };
}

async function upload(origin: string, person: Person, side: string, jpeg: Buffer): Promise<void> {
  const form = new FormData();
  form.append('side', side);
  form.append('file', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), `${side}.jpg`);
  const response = await fetch(`${origin}/v3/private/kyc/upload-document`, {
    method: 'POST',
    headers: person.headers,
    body: form,
  });
  const { code, result } = await retCode(response);
  if (code !== 0) throw new Error(`upload: ret_code ${code}`);
  person.uploads.push(String(result.documentId));
}

async function submit(origin: string, person: Person): Promise<number> {
  const submission = person.submission;
  if (!submission) throw new Error('nothing to submit');
  const response = await fetch(`${origin}/v3/private/kyc/submit`, {
    method: 'POST',
    headers: { ...person.headers, 'content-type': 'application/json', 'idempotency-key': submission.key },
    body: submission.body,
  });
  const { code } = await retCode(response);
  if (code === 0) submission.acknowledged = true;
  return code;
}

/** One person's whole journey; stops at the first broken connection (the kill), keeping what it knows. */
async function journey(origin: string, email: string, jpeg: Buffer, people: Person[]): Promise<void> {
  const headers = await signUp(origin, email);
  const person: Person = { email, headers, uploads: [] };
  people.push(person);
  await upload(origin, person, 'front', jpeg);
  await upload(origin, person, 'selfie', jpeg);
  person.submission = {
    key: `crash-${randomBytes(8).toString('hex')}`,
    body: JSON.stringify({
      level: 1,
      documentType: 'PASSPORT',
      country: 'DE',
      documentIds: person.uploads,
      consent: CONSENT,
    }),
    acknowledged: false,
  };
  await submit(origin, person);
}

/** `crashes` kills under load; then the database read back against what the clients were told. */
export async function measureCrashes(crashes = 10): Promise<CrashReport> {
  const jpeg = await photoLikeJpeg(1200, 800);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'kyc-bench-crash-'));
  const postgres = await freshPostgresDatabase('crash');
  const databaseUrl = postgres?.url ?? path.join(dataDir, 'bench.sqlite');
  const env = {
    SESSION_SECRET: randomBytes(32).toString('base64url'),
    DATA_MASTER_KEY: randomBytes(32).toString('base64'),
    // Sign-ups are the load's first step: a cheap password hash keeps the load on what is measured.
    PASSWORD_HASH_COST: '4',
  };
  const people: Person[] = [];
  let retried = 0;
  let unanswered = 0;
  let serial = 0;
  const refusals: Record<string, number> = {};
  try {
    for (let run = 0; run <= crashes; run += 1) {
      const portal: Running = await startServer('portal', dataDir, { databaseUrl, env });
      // After a restart: every submission not acknowledged is sent again with its key, once.
      for (const person of people.filter((p) => p.submission && !p.submission.acknowledged)) {
        retried += 1;
        const code = await submit(portal.origin, person).catch(() => -1);
        if (code !== 0) unanswered += 1;
      }
      if (run === crashes) {
        await portal.stop();
        break;
      }
      let killed = false;
      const workers = Array.from({ length: WORKERS }, async () => {
        while (!killed) {
          serial += 1;
          await journey(portal.origin, `crash-${serial}@bench.test`, jpeg, people).catch((error: unknown) => {
            // A broken connection is the kill; anything else is a refusal worth reporting.
            const message = error instanceof Error ? error.message : String(error);
            if (!killed && !/fetch failed|terminated|ECONNRESET|other side closed/i.test(message))
              refusals[message] = (refusals[message] ?? 0) + 1;
          });
        }
      });
      // The kill comes once this run has had submissions acknowledged (so every run puts work in flight
      // on a warm server, however fast this machine is), at a random moment after that; 30 s at most.
      const started = Date.now();
      const acknowledgedBefore = people.filter((p) => p.submission?.acknowledged).length;
      while (
        Date.now() - started < 30_000 &&
        people.filter((p) => p.submission?.acknowledged).length < acknowledgedBefore + WORKERS
      )
        await new Promise((resolve) => setTimeout(resolve, 100));
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 2000));
      killed = true;
      await portal.crash();
      await Promise.all(workers);
    }
    // Read back what the clients were told.
    const database = openDatabase(databaseUrl);
    try {
      const submitted = await database.db
        .selectFrom('kyc_submissions as s')
        .innerJoin('users as u', 'u.id', 's.user_id')
        .select(['u.email', 's.idempotency_key'])
        .where('u.email', 'like', 'crash-%@bench.test')
        .execute();
      const documents = await database.db
        .selectFrom('kyc_documents')
        .select('id')
        .where('id', 'in', people.flatMap((p) => p.uploads).concat(['-']))
        .execute();
      const found = new Set(documents.map((d) => String(d.id)));
      const perEmail = new Map<string, number>();
      for (const row of submitted) perEmail.set(row.email, (perEmail.get(row.email) ?? 0) + 1);
      const acknowledged = people.filter((p) => p.submission?.acknowledged);
      const lostSubmissions = acknowledged.filter(
        (p) => !submitted.some((row) => row.email === p.email && row.idempotency_key === p.submission?.key),
      ).length;
      const uploads = people.flatMap((p) => p.uploads);
      const lostUploads = uploads.filter((id) => !found.has(id)).length;
      const duplicated = [...perEmail.values()].filter((n) => n > 1).length;
      const lost = lostSubmissions + lostUploads;
      return {
        database: postgres ? 'postgres' : 'sqlite',
        crashes,
        acknowledgedSubmissions: acknowledged.length,
        acknowledgedUploads: uploads.length,
        retried,
        lost,
        duplicated,
        unanswered,
        refusals,
        // A run where nothing was acknowledged proves nothing.
        ok:
          acknowledged.length > 0 &&
          lost <= CRASH_BUDGETS.lost &&
          duplicated <= CRASH_BUDGETS.duplicated &&
          unanswered <= CRASH_BUDGETS.unanswered,
      };
    } finally {
      await database.close();
    }
  } finally {
    await postgres?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

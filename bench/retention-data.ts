/**
 * The generated database of the retention bench (retention.ts): people with what a verified person has —
 * a sealed data key, an applicant, a submission with two documents, a decision, a vendor event, a
 * screening hit, a document check result, a security-verification token, a partner link, security-log
 * entries. `generateDue` makes closed people whose periods have all run (small encrypted blobs in the file
 * store, a tenth on legal hold); `generateOpen` makes the rest of a large database (`--volume`): open
 * accounts nothing of which is due, whose rows fill the tables the erasure reads by person, so a query
 * that scans a table instead of reading an index shows in the figure.
 */
import { randomBytes } from 'node:crypto';
import type { Database } from '../apps/server/src/data/db.ts';
import type { BlobStore } from '../apps/server/src/lib/uploads/blob-store.ts';

const SITES = ['GLOBAL', 'EU', 'HKG', 'TUR', 'ARE', 'KAZ', 'GEO', 'IDN'];
/** People per insert statement and per transaction (SQLite's 32 766 parameters bound a statement). */
const CHUNK = 500;

interface Shape {
  prefix: string;
  at: number;
  /** Blob ids of each person's two documents (fake ids for open people: their blobs are never read). */
  blobsFor: (ids: number[]) => Promise<string[]>;
  closed: boolean;
  payloadBytes: number;
}

async function partner(database: Database, now: number): Promise<void> {
  const db = database.db;
  await db
    .insertInto('sdk_businesses')
    .values({
      id: 'bench-partner',
      name: 'Bench',
      allowed_origins: '[]',
      api_key_hash: 'x',
      created_at: now,
      updated_at: now,
    })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
  await db
    .insertInto('partner_webhooks')
    .values({
      business_id: 'bench-partner',
      url: 'https://partner.bench.test/hook',
      secret_sealed: 'x',
      secret_fingerprint: '00000000',
      enabled: 1,
      created_at: now,
      updated_at: now,
    })
    .onConflict((oc) => oc.column('business_id').doNothing())
    .execute();
}

async function chunkOf(database: Database, start: number, n: number, shape: Shape, now: number) {
  const { at, payloadBytes } = shape;
  await database.db.transaction().execute(async (trx) => {
    const users = await trx
      .insertInto('users')
      .values(
        Array.from({ length: n }, (_, i) => ({
          email: `${shape.prefix}-${start + i}@bench.test`,
          password_hash: 'x',
          site: SITES[(start + i) % SITES.length] ?? 'GLOBAL',
          created_at: at - 1_000_000,
          updated_at: at,
          last_login_at: at,
        })),
      )
      .returning('id')
      .execute();
    const ids = users.map((u) => Number(u.id));
    const docBlobs = await shape.blobsFor(ids);
    const bytes = (size: number) => (payloadBytes > 0 ? randomBytes(size) : Buffer.alloc(Math.min(size, 16)));
    await trx
      .insertInto('user_data_keys')
      .values(ids.map((id) => ({ user_id: id, wrapped_key: bytes(65), key_id: 1, created_at: at })))
      .execute();
    await trx
      .insertInto('applicants')
      .values(
        ids.map((id) => ({
          user_id: id,
          first_name: 'pd1:x',
          last_name: 'pd1:y',
          date_of_birth: 'pd1:z',
          created_at: at,
          updated_at: at,
        })),
      )
      .execute();
    const submissions = await trx
      .insertInto('kyc_submissions')
      .values(
        ids.map((id) => ({
          user_id: id,
          level: 1,
          document_type: 'PASSPORT',
          issuing_country: 'DE',
          status: 'APPROVED' as const,
          idempotency_key: `bench-${id}`,
          created_at: at,
          details_enc: bytes(64),
        })),
      )
      .returning(['id', 'user_id'])
      .execute();
    await trx
      .insertInto('kyc_documents')
      .values(
        submissions.flatMap((s, i) =>
          (['front', 'selfie'] as const).map((side, j) => ({
            id: randomBytes(16).toString('hex'),
            user_id: Number(s.user_id),
            submission_id: Number(s.id),
            side,
            mime: 'image/jpeg',
            sha256: 'x',
            blob_id: docBlobs[i * 2 + j] ?? '',
            size: 2048,
            created_at: at,
          })),
        ),
      )
      .execute();
    await trx
      .insertInto('document_check_results')
      .values(
        submissions.map((s) => ({
          submission_id: Number(s.id),
          user_id: Number(s.user_id),
          name: 'mrz',
          outcome: 'pass' as const,
          score: 90,
          threshold: 60,
          detail: '{"code":"mrz_read","format":"TD3","side":"front","repairs":0}',
          evidence_enc: null,
          related_user_id: null,
          document_hash: null,
          checked_at: at,
        })),
      )
      .execute();
    await trx
      .insertInto('kyc_decisions')
      .values(
        ids.map((id) => ({
          user_id: id,
          level: 1,
          decision: 'approve',
          staff_id: 1,
          at,
          user_message: 'ok',
        })),
      )
      .execute();
    await trx
      .insertInto('vendor_events')
      .values(
        ids.map((id) => ({
          provider: 'sumsub' as const,
          event_key: `bench-${id}`,
          user_id: id,
          vendor_applicant_id: `a-${id}`,
          event_type: 'applicantReviewed',
          source: 'webhook' as const,
          level: 1,
          occurred_at: at,
          received_at: at,
          outcome: 'approved',
          effect: 'applied',
          payload_enc: bytes(256),
        })),
      )
      .execute();
    await trx
      .insertInto('screening_hits')
      .values(
        ids.map((id) => ({
          user_id: id,
          list_id: 'bench-list',
          list_entry_id: `entry-${id % 1000}`,
          run_id: 1,
          matched_name: 'x',
          our_name_enc: bytes(32),
          score: 0.9,
          explanation_enc: bytes(32),
          state: 'cleared',
          created_at: at,
          updated_at: at,
          raised_at: at,
        })),
      )
      .execute();
    await trx
      .insertInto('risk_tokens')
      .values(
        ids.map((id) => ({
          token_hash: randomBytes(16).toString('hex'),
          user_id: id,
          session_id: 'x',
          scene: 30034,
          component: 'email',
          created_at: at,
          expires_at: at + 600_000,
        })),
      )
      .execute();
    await trx
      .insertInto('partner_links')
      .values(
        ids.map((id) => ({
          business_id: 'bench-partner',
          partner_ref: `${shape.prefix}-ref-${id}`,
          user_id: id,
          consent_version: 'v1',
          consented_at: at,
          revoked_at: shape.closed ? at : null,
          revoked_by: shape.closed ? 'user' : null,
        })),
      )
      .execute();
    // Sign-ins: the closed people's at their closure (due), the open people's now (not due).
    await trx
      .insertInto('user_security_events')
      .values(
        ids.flatMap((id) =>
          [0, 1].map(() => ({
            user_id: id,
            kind: 'sign_in' as const,
            at: shape.closed ? at : now,
            network: '',
            browser: '',
            system: '',
          })),
        ),
      )
      .execute();
    if (!shape.closed) return;
    await trx
      .insertInto('account_closures')
      .values(
        ids.map((id) => ({
          user_id: id,
          closed_at: at,
          closed_by: 'self' as const,
          staff_id: null,
          erased_at: null,
        })),
      )
      .execute();
    const held = ids.filter((_, i) => (start + i) % 10 === 9);
    if (held.length > 0)
      await trx
        .insertInto('legal_holds')
        .values(
          held.map((id) => ({
            user_id: id,
            reason: 'investigation' as const,
            note: 'bench',
            review_at: now + 86_400_000,
            created_by: 1,
            created_at: now,
          })),
        )
        .execute();
  });
}

/** Closed people past every site's period (closed at `closedAt`), a tenth held, with real small blobs. */
export async function generateDue(
  database: Database,
  people: number,
  blobs: BlobStore,
  closedAt: number,
  now: number,
): Promise<void> {
  await partner(database, now);
  const shape: Shape = {
    prefix: 'bench-retention',
    at: closedAt,
    closed: true,
    payloadBytes: 256,
    blobsFor: (ids) =>
      Promise.all(ids.flatMap(() => [blobs.put(randomBytes(2048)), blobs.put(randomBytes(2048))])),
  };
  for (let start = 0; start < people; start += CHUNK)
    await chunkOf(database, start, Math.min(CHUNK, people - start), shape, now);
}

/** Open accounts (nothing due), `count` of them, reporting progress every 100 000. */
export async function generateOpen(
  database: Database,
  count: number,
  now: number,
  progress: (done: number) => void,
): Promise<void> {
  await partner(database, now);
  const shape: Shape = {
    prefix: 'bench-open',
    at: now - 86_400_000,
    closed: false,
    payloadBytes: 0,
    blobsFor: (ids) => Promise.resolve(ids.flatMap((id) => [`open-${id}-a`, `open-${id}-b`])),
  };
  for (let start = 0; start < count; start += CHUNK) {
    await chunkOf(database, start, Math.min(CHUNK, count - start), shape, now);
    if ((start + CHUNK) % 100_000 === 0) progress(start + CHUNK);
  }
}

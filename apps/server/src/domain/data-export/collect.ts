/**
 * What goes into a person's copy (issue 20, docs/data-export.md "What is in it"): everything we hold about
 * them, as machine-readable JSON (one file per area, times as ISO 8601 in UTC), and their own documents
 * and evidence decrypted. Every source is read by the person's id alone
 * (data/repositories/data-export-sources-repo.ts), so nothing of anyone else can enter it.
 *
 * Left out on purpose (D75): secrets (password hash, authenticator secret, code hashes, session ids), the
 * identity of staff, and what the anti-money-laundering rules forbid disclosing to the subject ("tipping
 * off"): screening hits and their scores, freezes, suspicious-activity exports, reviewers' internal
 * comments, enhanced-due-diligence risk assessments and the vendors' raw payloads. The copy of a person
 * with a hit has the same files and fields as anyone else's, and the README's sentence about records the
 * law restricts is in every copy, so nothing in it differs because of a flag.
 */
import { createHash } from 'node:crypto';
import { DATA_EXPORT_FORMAT } from '@kyc/contracts';
import type { Repositories } from '../../data/repositories/index.ts';
import type { BlobStore } from '../../lib/uploads/blob-store.ts';
import { accountOf } from './collect-account.ts';
import { documentChecksOf } from './collect-checks.ts';
import { collectFiles } from './collect-files.ts';
import { iso, json, type ExportFile, type PersonSources } from './collect-format.ts';
import { questionnairesOf } from './collect-questionnaires.ts';
import { partnersOf, securityOf } from './collect-security.ts';
import { verificationOf } from './collect-verification.ts';

export type { ExportFile } from './collect-format.ts';

const README = (generatedAt: string) => `A copy of your personal data
============================

Made on ${generatedAt} (UTC) at your request or at a request made on your behalf, under the
General Data Protection Regulation (Articles 15 and 20).

manifest.json      what this archive holds: each file with its size and SHA-256
data/account.json  your account and the personal details you gave us
data/verification.json   your verification levels, submissions, decisions and their reasons,
                   checks by verification providers, notices and offers
data/document-checks.json the checks we made of your identity documents (photo quality, the
                   machine-readable zone, what you typed against it, expiry, whether the
                   same document is on another account) and what each found, with your
                   answers when we asked you to check what you typed
data/questionnaires.json your questionnaire answers, drafts, tasks asked of you and wallet proofs
data/screening.json      when you were checked against lists, as the law requires
data/partners.json       the partners you allowed to reach your verification, and what we
                   told them about you
data/security.json       your sign-ins, sessions, security verifications, authenticator app and
                   identity transfers
data/support.json        what you wrote to our help centre and our answers
data/exports.json        the copies of your data you asked for
documents/         the identity documents and selfies you uploaded, as we store them
evidence/          the files you uploaded as questionnaire evidence

Every time is in ISO 8601 (UTC). The JSON files are meant to be read by programs (Article 20).

Where the law restricts access to a record (for example to prevent or detect financial crime), that
record is not included. If you have questions about this copy, contact our support.
`;

export interface CollectOptions {
  repos: Repositories;
  blobs: BlobStore;
  /** The person's data key (held by the caller and zeroed after). */
  key: Buffer;
  userId: number;
  at: number;
}

/**
 * Reads every source of the person and hands each file to `add` as soon as it is ready (a document is
 * decrypted, handed over and let go before the next is read). Answers the manifest's file list.
 */
export async function collectPersonalData(
  options: CollectOptions,
  add: (file: ExportFile) => void,
): Promise<void> {
  const { repos, blobs, key, userId, at } = options;
  const src = repos.dataExportSources;
  const generatedAt = iso(at) ?? '';
  const listed: Array<{ path: string; size: number; sha256: string }> = [];
  const put = (file: ExportFile) => {
    listed.push({
      path: file.path,
      size: file.bytes.length,
      sha256: createHash('sha256').update(file.bytes).digest('hex'),
    });
    add(file);
  };

  const account = await src.account(userId);
  if (!account) throw new Error(`no user ${userId}`);

  const sources: PersonSources = { repos, key, userId };

  // ── documents first: the JSON names the path each was written to ──────────────────────────────────
  const { documentPaths, evidencePaths } = await collectFiles(sources, blobs, put);

  put(json('data/account.json', await accountOf(sources, account)));
  put(json('data/verification.json', await verificationOf(sources, documentPaths)));
  // ── document checks (issue 19; D107: the person's own findings, no other account) ────────────────
  put(json('data/document-checks.json', await documentChecksOf(repos, key, userId)));
  put(json('data/questionnaires.json', await questionnairesOf(sources, evidencePaths)));

  // ── screening: the times only (D75) ───────────────────────────────────────────────────────────────
  put(json('data/screening.json', { checkedAt: (await src.screeningTimes(userId)).map((t) => iso(t)) }));
  put(json('data/partners.json', await partnersOf(sources)));
  put(json('data/security.json', await securityOf(sources)));

  // ── help centre and earlier copies ────────────────────────────────────────────────────────────────
  put(
    json('data/support.json', {
      requests: (await src.supportRequests(userId)).map((r) => ({
        topic: r.topic,
        language: r.language,
        message: r.message,
        status: r.status,
        answer: r.answer,
        createdAt: iso(r.created_at),
        answeredAt: iso(r.answered_at),
      })),
    }),
  );
  put(
    json('data/exports.json', {
      requests: (await repos.dataExports.selfRequestsOf(userId)).map((e) => ({
        id: Number(e.id),
        status: e.status,
        requestedAt: iso(e.requested_at),
        readyAt: iso(e.ready_at),
        downloadedAt: iso(e.downloaded_at),
      })),
    }),
  );

  put({ path: 'README.txt', bytes: Buffer.from(README(generatedAt), 'utf8'), compress: true });
  add(
    json('manifest.json', {
      format: DATA_EXPORT_FORMAT,
      generatedAt,
      subject: { userId, email: account.email },
      files: listed,
    }),
  );
}

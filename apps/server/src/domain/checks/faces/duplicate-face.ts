/**
 * The duplicate-face check (issue 19 "Duplicates", D109): the selfie's descriptor against every other
 * account's, 1:N in this process's memory (face-index.ts). The index is filled from `face_embeddings`
 * on first use and topped up before each search (rows after the last id read, with an overlap for
 * rows committed out of id order); the candidates it finds are confirmed in the database, so an erased
 * row is never reported (and leaves the index). The run stores the new descriptor in its own
 * transaction (`store`); the next search of any process reads it.
 */
import type { CaseCheck } from '@kyc/contracts';
import type { FaceEmbeddingsRepo } from '../../../data/repositories/face-embeddings-repo.ts';
import type { TxRepositories } from '../../../data/repositories/index.ts';
import type { MasterKeyring } from '../../../lib/crypto/envelope.ts';
import { FaceIndex } from './face-index.ts';
import { openDescriptor, sealDescriptor } from './face-sealing.ts';

/**
 * Similarity (1 − Euclidean distance) at or above which another account's selfie is the same face:
 * distance ≤ 0.4, stricter than dlib's 0.6 for one-to-one, because one search compares with every
 * stored face (docs/checks.md "Faces": calibration).
 */
export const DUPLICATE_FACE_THRESHOLD = 0.6;
/** Accounts named by one result at most. */
const MATCH_LIMIT = 10;
const PAGE = 5_000;
/** Rows re-read below the last id seen: ids committed out of order by concurrent runs are not missed. */
const OVERLAP = 200;

type Row = Omit<CaseCheck, 'relatedUserId'> & { relatedUserId: number | null };

export function faceDuplicates(deps: { faces: FaceEmbeddingsRepo; keyring: MasterKeyring }) {
  const index = new FaceIndex();
  let lastId = 0;

  async function refresh(): Promise<void> {
    let after = Math.max(0, lastId - OVERLAP);
    for (;;) {
      const rows = await deps.faces.page(after, PAGE);
      for (const row of rows) {
        if (!index.has(row.id)) {
          const descriptor = openDescriptor(deps.keyring, row);
          if (descriptor) index.add(row.id, row.user_id, descriptor);
        }
        if (row.id > lastId) lastId = row.id;
      }
      if (rows.length < PAGE) return;
      after = rows[rows.length - 1]?.id ?? after;
    }
  }

  return {
    index,
    refresh,

    /** The duplicate_face result for this person's selfie descriptor (null: no single face to compare). */
    async check(userId: number, descriptor: ArrayLike<number> | null): Promise<Row> {
      if (!descriptor)
        return {
          name: 'duplicate_face',
          outcome: 'not_run',
          score: null,
          threshold: DUPLICATE_FACE_THRESHOLD,
          detail: { code: 'not_run', reason: 'no_selfie_face' },
          relatedUserId: null,
        };
      await refresh();
      const found = index.search(descriptor, {
        excludeUserId: userId,
        threshold: DUPLICATE_FACE_THRESHOLD,
        limit: MATCH_LIMIT * 2,
      });
      const still = new Set(await deps.faces.existing(found.matches.map((m) => m.id)));
      for (const m of found.matches) if (!still.has(m.id)) index.remove(m.id);
      const matches = found.matches.filter((m) => still.has(m.id));
      const accounts = [...new Set(matches.map((m) => m.userId))].slice(0, MATCH_LIMIT);
      // The score: the closest confirmed match; else the closest other face (null when the closest were
      // all erased since they were loaded: their similarity says nothing about anyone still stored).
      const erasedOnly = matches.length === 0 && found.matches.length > 0;
      const best = matches[0]?.similarity ?? (erasedOnly ? null : found.best);
      return {
        name: 'duplicate_face',
        outcome: accounts.length > 0 ? 'fail' : 'pass',
        score: best === null ? null : Math.round(best * 1000) / 1000,
        threshold: DUPLICATE_FACE_THRESHOLD,
        detail: { code: 'duplicate_face', otherAccounts: accounts.length },
        relatedUserId: accounts[0] ?? null,
      };
    },

    /** In the run's transaction: the selfie's descriptor, sealed, for later searches. */
    async store(
      tx: Pick<TxRepositories, 'faceEmbeddings'>,
      row: { userId: number; submissionId: number; descriptor: ArrayLike<number>; at: number },
    ): Promise<void> {
      const { keyId, sealed } = sealDescriptor(deps.keyring, row.userId, row.submissionId, row.descriptor);
      await tx.faceEmbeddings.insert({
        submissionId: row.submissionId,
        userId: row.userId,
        keyId,
        embeddingEnc: sealed,
        createdAt: row.at,
      });
    },
  };
}
export type FaceDuplicates = ReturnType<typeof faceDuplicates>;

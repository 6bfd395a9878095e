/**
 * Walks the audit chain (issue 11, D40) in id order and in batches, and names the first row where it
 * breaks and how: `edited` (a row's content no longer matches its hash, the rows around it still link),
 * `deleted` (a row links to a predecessor that is gone, or the table ends before the chain head),
 * `inserted` (a row sits between two rows that link to each other, or past the head), `reordered`
 * (a row holds the content of another position). Shared by `npm run audit:verify` (the whole chain)
 * and the audit page (only what was written since the last check; chain-status.ts).
 */
import { GENESIS_HASH, auditRowEpoch } from '../../lib/audit-chain-hash.ts';
import type { AuditChainRepo, ChainedRow } from '../../data/repositories/audit-chain-repo.ts';

export type BreakKind = 'edited' | 'deleted' | 'inserted' | 'reordered';
export interface ChainBreak {
  id: number;
  kind: BreakKind;
}

export interface WalkFrom {
  /** The last row already trusted (0 and the genesis hash: from the start). */
  id: number;
  hash: string;
}

export type WalkResult =
  | { ok: true; lastId: number; lastHash: string; checked: number; complete: boolean }
  | { ok: false; broken: ChainBreak; checked: number };

export interface WalkOptions {
  from?: WalkFrom;
  /** Stop after this many rows (complete: false); undefined walks to the head. */
  budget?: number;
  batchSize?: number;
}

/** Whether the row's hash is right under a configured key (no older than `fromEpoch`'s, D62). */
const selfHashOk = (row: ChainedRow, fromEpoch = 0) => auditRowEpoch(row.prev_hash, row, fromEpoch) >= 0;

/** Walks from `from` to the chain head read at the start; a row committed later is left for next time. */
export async function walkChain(repo: AuditChainRepo, options: WalkOptions = {}): Promise<WalkResult> {
  const batchSize = options.batchSize ?? 1000;
  const head = await repo.head();
  let prevId = options.from?.id ?? 0;
  let prevHash = options.from?.hash ?? GENESIS_HASH;
  let checked = 0;
  let epoch = 0;
  for (;;) {
    const room = options.budget === undefined ? batchSize : Math.min(batchSize, options.budget - checked);
    if (room <= 0) return { ok: true, lastId: prevId, lastHash: prevHash, checked, complete: false };
    const rows = await repo.rowsAfter(prevId, room, head.lastId);
    for (const [index, row] of rows.entries()) {
      const rowEpoch = row.prev_hash === prevHash ? auditRowEpoch(row.prev_hash, row, epoch) : -1;
      if (rowEpoch < 0) {
        const later = rows.slice(index + 1);
        const next = later[0] ?? (await repo.rowsAfter(row.id, 1))[0];
        return { ok: false, broken: classify(row, prevId, prevHash, next, later), checked };
      }
      prevId = row.id;
      prevHash = row.hash;
      epoch = rowEpoch;
      checked += 1;
    }
    if (rows.length < room) break;
  }
  // The table's end must be the head the inserts moved: a missing last row is a deletion.
  if (prevId < head.lastId) return { ok: false, broken: { id: prevId + 1, kind: 'deleted' }, checked };
  if (prevHash !== head.lastHash) return { ok: false, broken: { id: prevId, kind: 'edited' }, checked };
  // Anything past the head must link to it with a valid hash (an insert committed since), else forged.
  const [after] = await repo.rowsAfter(head.lastId, 1);
  if (after && (after.prev_hash !== head.lastHash || !selfHashOk(after, epoch)))
    return { ok: false, broken: { id: after.id, kind: 'inserted' }, checked };
  return { ok: true, lastId: prevId, lastHash: prevHash, checked, complete: true };
}

/** How the first bad row came to be, from it, its neighbours and the rows after it in the batch. */
function classify(
  row: ChainedRow,
  prevId: number,
  prevHash: string,
  next: ChainedRow | undefined,
  later: ChainedRow[],
): ChainBreak {
  const linkOk = row.prev_hash === prevHash;
  if (selfHashOk(row)) {
    // Intact itself but linked to something that is no longer there: the entries before it are gone.
    return { id: prevId + 1, kind: 'deleted' };
  }
  if (later.some((other) => holdsContentOf(row, other))) return { id: row.id, kind: 'reordered' };
  if (next && next.prev_hash === prevHash) return { id: row.id, kind: 'inserted' };
  if (linkOk && (!next || next.prev_hash === row.hash)) return { id: row.id, kind: 'edited' };
  return { id: row.id, kind: linkOk ? 'edited' : 'inserted' };
}

/**
 * Whether `row` holds the content written at `other`'s position: its content hashes to the hash kept
 * at `other` (only the content was swapped) or to its own hash with `other`'s id (whole rows swapped).
 */
function holdsContentOf(row: ChainedRow, other: ChainedRow): boolean {
  const moved = { ...row, id: other.id };
  return (
    auditRowEpoch(other.prev_hash, { ...moved, hash: other.hash }) >= 0 ||
    auditRowEpoch(row.prev_hash, { ...moved, hash: row.hash }) >= 0
  );
}

/**
 * The case page's `screening` (docs/screening.md, D65–D66): the status a person's hits and runs add up
 * to, the last run's lists, every hit with its explanation opened under the person's data key (a hit
 * whose sealed part no longer opens shows without our name), the resolutions' staff, and the freeze.
 */
import type { CaseScreening, ScreeningStatus } from '@kyc/contracts';
import type { Repositories, TxRepositories } from '../../data/repositories/index.ts';
import type { HitWithStaff } from '../../data/repositories/screening-repo.ts';
import type { ScreeningHitRow } from '../../data/schema/index.ts';
import type { MasterKeyring } from '../../lib/crypto/envelope.ts';
import { staffLabel } from '../backoffice/staff-label.ts';
import { withStoredDataKey } from '../kyc/data-keys.ts';
import { openHit } from './sealed-hit.ts';

/** A hit whose sealed part does not open (a key erased, a row moved) shows without our name. */
function openedOrNone(
  key: Buffer,
  userId: number,
  row: ScreeningHitRow,
): ReturnType<typeof openHit> | undefined {
  try {
    return openHit(key, userId, row);
  } catch {
    return undefined;
  }
}

/** A staff member's part in a resolution, when there was one. */
function actorOf(
  staffId: HitWithStaff['proposed_by'],
  at: HitWithStaff['proposed_at'],
  name: string | null,
  email: string | null,
) {
  return staffId === null || at === null
    ? null
    : { staffId: Number(staffId), name: staffLabel(name, email), at: Number(at) };
}

/** The status a person's hits and runs add up to. */
function statusOf(hits: readonly ScreeningHitRow[], screened: boolean): ScreeningStatus {
  if (hits.some((h) => h.state === 'true_match')) return 'true_match';
  if (hits.some((h) => h.state === 'open' || h.state === 'pending_confirmation')) return 'open_hit';
  return screened ? 'clear' : 'not_screened';
}

export function caseScreeningOf({
  repos,
  keyring,
  threshold,
}: {
  repos: Repositories;
  keyring: MasterKeyring;
  threshold: number;
}) {
  /**
   * The case page's `screening`: status, the last run's lists, every hit with its explanation opened;
   * `r`: a transaction's repositories (the suspicious-activity export reads what it commits with).
   */
  return async function caseScreening(userId: number, r: TxRepositories = repos): Promise<CaseScreening> {
    const last = await r.screening.latestDoneRun(userId);
    const rows = await r.screening.hitsOf(userId);
    const freeze = await r.screening.freezeOf(userId);
    const latestExport = freeze ? await r.screening.latestExport(userId) : undefined;
    const runLists = last
      ? (JSON.parse(last.lists) as { id: string; publishedAt: string | null }[]).map((l) => ({
          name: l.id,
          published: l.publishedAt,
        }))
      : [];
    const open = (key: Buffer | undefined) =>
      rows.map((row) => {
        const opened = key ? openedOrNone(key, Number(row.user_id), row) : undefined;
        const e = opened?.explanation;
        return {
          id: Number(row.id),
          list: row.list_id,
          listEntryId: row.list_entry_id,
          matchedName: row.matched_name,
          ourName: opened?.ourName ?? '',
          ourNameSource: e?.ourNameSource ?? 'typed',
          score: Number(row.score),
          state: row.state,
          reason: row.reason,
          explanation: {
            matchedNameWeak: e?.matchedNameWeak ?? false,
            matchedNameScript: e?.matchedNameScript ?? null,
            tokens: e?.tokens ?? [],
            unmatchedOurs: e?.unmatchedOurs ?? [],
            unmatchedTheirs: e?.unmatchedTheirs ?? [],
            baseScore: e?.baseScore ?? Number(row.score),
            adjustments: (e?.adjustments ?? []).map((a) => ({
              code: a.code,
              delta: a.delta,
              detail: a.reason,
            })),
            threshold: e?.threshold ?? threshold,
            programmes: e?.programmes ?? [],
            category: e?.category ?? 'sanctions',
            summary: e?.summary ?? '',
          },
          category: row.category,
          version: Number(row.version),
          proposedBy: actorOf(row.proposed_by, row.proposed_at, row.proposed_name, row.proposed_email),
          resolvedBy: actorOf(row.resolved_by, row.resolved_at, row.resolved_name, row.resolved_email),
          entryRemovedAt: row.entry_removed_at === null ? null : Number(row.entry_removed_at),
        };
      });
    const hits = rows.length > 0 ? await withStoredDataKey(r.submissions, keyring, userId, open) : [];
    return {
      status: statusOf(rows, last !== undefined),
      screenedAt: last?.screened_at ?? null,
      lists: runLists,
      hits,
      frozen: freeze
        ? {
            at: Number(freeze.frozen_at),
            hitId: Number(freeze.hit_id),
            exportId: latestExport ? Number(latestExport.id) : null,
            frozenBy: Number(freeze.frozen_by),
          }
        : null,
    };
  };
}

/**
 * One questionnaire response moving from one status to the next inside a transaction, the way every
 * writer (drafts, submit, required questionnaires, the back office's decisions) does it: re-read the
 * row the decision was taken on, then compare-and-set on (status, updated_at) with a stamp later than
 * both the clock and the row's last change. A concurrent change makes the move throw, never overwrite.
 */
import type { QuestionnaireStatus } from '@kyc/contracts';
import type { QuestionnairesRepo, ResponseUpdate } from '../../data/repositories/questionnaires-repo.ts';
import type { QuestionnaireResponseRow } from '../../data/schema/index.ts';
import { asStatus } from './template-versions.ts';

/** Whose response moves, from which status, when, and the error a lost race throws. */
export interface ResponseMove {
  userId: number;
  code: string;
  from: QuestionnaireStatus;
  at: number;
  changedMeanwhile: () => Error;
}

/**
 * The response re-read inside the transaction (its UNDEFINED row created first, on `version`), still
 * in `from` and — when `seen` is given — unchanged since it was read before the transaction.
 */
export async function rereadResponse(
  repo: QuestionnairesRepo,
  move: ResponseMove,
  version: number,
  seen?: Pick<QuestionnaireResponseRow, 'updated_at'>,
): Promise<QuestionnaireResponseRow> {
  await repo.ensureResponse(move.userId, move.code, version, move.at);
  const current = await repo.findResponse(move.userId, move.code);
  if (!current || asStatus(current.status) !== move.from || (seen && current.updated_at !== seen.updated_at))
    throw move.changedMeanwhile();
  return current;
}

/** Compare-and-set from `row` to `update`; answers the new updated_at. */
export async function casMove(
  repo: QuestionnairesRepo,
  move: ResponseMove,
  row: Pick<QuestionnaireResponseRow, 'updated_at'>,
  update: Omit<ResponseUpdate, 'updatedAt'>,
): Promise<number> {
  const updatedAt = Math.max(move.at, Number(row.updated_at) + 1);
  const changed = await repo.casResponse(
    move.userId,
    move.code,
    { status: move.from, updatedAt: row.updated_at },
    { ...update, updatedAt },
  );
  if (!changed) throw move.changedMeanwhile();
  return updatedAt;
}

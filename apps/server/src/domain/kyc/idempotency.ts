/**
 * Idempotency-Key semantics shared by every write that takes the header (docs/kyc.md "Submitting a
 * level", 3.): a key already used answers the first result and creates nothing; two requests with the
 * same key at once both answer the one that committed.
 */
import { AppError } from '../../lib/app-error.ts';

export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; message?: string } | undefined;
  return (
    e?.code === '23505' ||
    e?.code === 'SQLITE_CONSTRAINT_UNIQUE' ||
    /UNIQUE constraint failed/.test(e?.message ?? '')
  );
}

/** A key the user already used for a different kind of request (e.g. a submit's key on update-id). */
export const reusedKey = () =>
  new AppError('PARAMS_ERROR', 'idempotency-key: already used for a different request', 400);

export interface IdempotentCall<T> {
  /** The earlier result under this key, if any (read by the unique (user, key) pair). */
  earlier: () => Promise<T | undefined>;
  /** One attempt; its transaction inserts the keyed row first, so a concurrent twin fails on it. */
  attempt: () => Promise<T>;
  /** A unique violation without a winner under this key (another constraint): what to answer. */
  conflict: () => AppError;
}

export async function idempotent<T>(call: IdempotentCall<T>): Promise<T> {
  const earlier = await call.earlier();
  if (earlier !== undefined) return earlier;
  try {
    return await call.attempt();
  } catch (error) {
    // A concurrent request with the same key won (its commit made this one fail a check or the unique
    // constraint): answer its result, re-read after its commit.
    const winner = await call.earlier();
    if (winner !== undefined) return winner;
    if (isUniqueViolation(error)) throw call.conflict();
    throw error;
  }
}

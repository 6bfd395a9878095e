/**
 * The engines' answers kept for a while by the content of their input (D113). OCR and face detection
 * are deterministic functions of the pixels they are given, and each costs seconds of CPU; the same
 * pixels come back more often than one would think: a run retried after a crash, the checks run again
 * after a correction or on a vendor's result, a person who submits the same photo again after a
 * rejection, and, in the tests, the same generated page on SQLite and on PostgreSQL. An answer is found
 * by the SHA-256 of the input, so it can only ever be the answer for those exact pixels.
 *
 * What is kept is what the engine returned (OCR text lines, face boxes and descriptors): personal and,
 * for the descriptors, biometric data, held in this process's memory only, for at most MEMO_TTL_MS and
 * MEMO_ENTRIES inputs, never written anywhere. A failed computation is not kept. Callers get their own
 * copy, so nothing they change reaches the next caller.
 */
import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';

export const MEMO_ENTRIES = 64;
export const MEMO_TTL_MS = 10 * 60_000;

export interface EngineMemo<T> {
  /** The kept answer for these bytes (and extra key parts), else `compute()`'s, kept. */
  get(parts: readonly (Uint8Array | string | number)[], compute: () => Promise<T>): Promise<T>;
  clear(): void;
}

const memos: EngineMemo<object>[] = [];

/** Forgets every kept answer (a bench measuring the engines' own cost, a test). */
export function clearEngineMemos(): void {
  for (const memo of memos) memo.clear();
}

export function engineMemo<T extends object>(): EngineMemo<T> {
  const answers = new LRUCache<string, Promise<T>>({ max: MEMO_ENTRIES, ttl: MEMO_TTL_MS });
  const memo: EngineMemo<T> = {
    async get(parts, compute) {
      const hash = createHash('sha256');
      for (const part of parts) hash.update(typeof part === 'number' ? String(part) : part).update('\0');
      const key = hash.digest('hex');
      let answer = answers.get(key);
      if (!answer) {
        answer = compute();
        answers.set(key, answer);
        answer.catch(() => {
          if (answers.get(key) === answer) answers.delete(key);
        });
      }
      return structuredClone(await answer);
    },
    clear: () => answers.clear(),
  };
  memos.push(memo as EngineMemo<object>);
  return memo;
}

/**
 * Keyset paging for every back-office list (issue 17, D57): a page is "the first `limit` rows after this
 * key" on an indexed, stable order, never OFFSET. The cursor a page answers is the sort key of its last
 * row, opaque to the client (base64url of JSON), so rows added or decided between two pages neither
 * repeat nor go missing: the next page starts strictly after the last row seen, whatever moved before it.
 *
 * Totals are capped: counting stops at `TOTAL_CAP + 1` rows read from the list's index, so a page never
 * pays for an exact count over a large table ("10 000+" in the back office).
 */
import type { SelectQueryBuilder } from 'kysely';
import { AppError } from '../lib/app-error.ts';
import type { Db } from './db.ts';

export type KeyPart = number | string;
export type KeyShape = readonly ('number' | 'string')[];

/** The count a list answers at most; beyond it the page says "more than 10 000". */
export const TOTAL_CAP = 10_000;

export function encodeCursor(key: readonly KeyPart[]): string {
  return Buffer.from(JSON.stringify(key), 'utf8').toString('base64url');
}

/** The key a cursor holds, checked against the list's key shape; a foreign or forged cursor is 55002. */
export function decodeCursor(cursor: string | undefined, shape: KeyShape): KeyPart[] | undefined {
  if (cursor === undefined || cursor === '') return undefined;
  let key: unknown;
  try {
    key = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw new AppError('LIST_CURSOR_INVALID');
  }
  const fits =
    Array.isArray(key) &&
    key.length === shape.length &&
    key.every((part, i) =>
      shape[i] === 'number' ? Number.isSafeInteger(part) : typeof part === 'string' && part.length <= 200,
    );
  if (!fits) throw new AppError('LIST_CURSOR_INVALID');
  return key as KeyPart[];
}

/**
 * The page of `rows` (read with `limit + 1`, the extra row only telling whether a next page exists) and
 * the cursor of the next page: the key of the page's last row, or null at the end.
 */
export function keysetPage<T>(
  rows: readonly T[],
  limit: number,
  keyOf: (row: T) => readonly KeyPart[],
): { rows: T[]; nextCursor: string | null } {
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    rows: page,
    nextCursor: rows.length > limit && last !== undefined ? encodeCursor(keyOf(last)) : null,
  };
}

/** The capped total as the list answers it: `n` rows read, at most `cap + 1`. */
export function cappedTotal(n: number, cap = TOTAL_CAP): { total: number; totalCapped: boolean } {
  return n > cap ? { total: cap, totalCapped: true } : { total: n, totalCapped: false };
}

/**
 * The capped count of `query` as a scalar subquery, to select beside a page's own columns: the database
 * runs it once for the statement (it names no outer column), so a page and its total are one round trip.
 */
export function cappedCountSubquery(
  db: Db,
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any filtered select of a list
  query: SelectQueryBuilder<any, any, any>,
  cap = TOTAL_CAP,
) {
  // The list's own order is kept: it makes the planner read the first `cap + 1` rows along the list's
  // index instead of choosing any `cap + 1` rows of the table.
  const limited = query
    .clearSelect()
    .select((eb) => eb.lit(1).as('one'))
    .limit(cap + 1);
  return db.selectFrom(limited.as('c')).select((eb) => eb.fn.countAll<number>().as('n'));
}

/**
 * The total of a page read with `cappedCountSubquery(…).as('list_total')`: its first row carries it. A
 * page past the end (a cursor after the last row) has no row to read it from, so the list's own count
 * (`countAlone`) runs then; a first page without rows matches nothing.
 */
export async function pageTotal(
  rows: readonly { list_total: unknown }[],
  after: unknown,
  countAlone: () => Promise<{ total: number; totalCapped: boolean }>,
): Promise<{ total: number; totalCapped: boolean }> {
  const first = rows[0];
  if (first !== undefined) return cappedTotal(Number(first.list_total));
  return after ? countAlone() : cappedTotal(0);
}

/**
 * How many rows a list's filter matches, reading at most `cap + 1` of them from the list's index:
 * `select count(*) from (<filtered list> limit cap + 1)`. Never an exact count over a large table.
 */
export async function cappedCount(
  db: Db,
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any filtered select of a list
  query: SelectQueryBuilder<any, any, any>,
  cap = TOTAL_CAP,
): Promise<{ total: number; totalCapped: boolean }> {
  const row = await cappedCountSubquery(db, query, cap).executeTakeFirstOrThrow();
  return cappedTotal(Number(row.n), cap);
}

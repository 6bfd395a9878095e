/**
 * Paging of a list the use-case already holds whole (the country coverage, a person's tasks): page
 * `page` (from 1) of `pageSize` items, empty past the end. Lists read from the database page in SQL.
 */
export function pageOf<T>(all: readonly T[], page: number, pageSize: number): T[] {
  const start = (page - 1) * pageSize;
  return all.slice(start, start + pageSize);
}

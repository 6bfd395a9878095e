import { useLocation, useSearchParams } from 'react-router';
import { useResource } from './use-resource.ts';

/** One page of a cursor-paged back-office list (issue 17): `nextCursor` null on the last page. */
export interface CursorListResult<T> {
  items: T[];
  nextCursor: string | null;
  total: number;
  /** More than `total` (10 000) match: the count stopped there. */
  totalCapped: boolean;
}

/** How one cursor-paged list screen reads its URL and its endpoint (the feature's api module). */
export interface CursorListQuery<F, R> {
  href: string;
  read: (params: URLSearchParams) => { filters: F; cursor?: string };
  search: (filters: F, cursor?: string) => URLSearchParams;
  fetch: (filters: F, cursor: string | undefined, signal: AbortSignal) => Promise<R>;
}

/** A link of the pagination: where it goes and the history state it carries. */
export interface PageLink {
  href: string;
  state: { trail: string[] };
}

/**
 * A cursor-paged list screen's state in the URL (`?…&cursor=`), so a page can be shared. "Previous"
 * needs the cursors of the pages before: they travel in the history entry's state (`trail`, '' for the
 * first page), so Back and Previous agree; a shared link has no trail and offers "First page" instead.
 */
export function useCursorListPage<F extends object, R>(query: CursorListQuery<F, R>) {
  const [searchParams, setSearchParams] = useSearchParams();
  const location = useLocation();
  const { filters, cursor } = query.read(searchParams);
  const state = location.state as { trail?: unknown } | null;
  const trail = Array.isArray(state?.trail)
    ? state.trail.filter((c): c is string => typeof c === 'string')
    : [];
  const key = query.search(filters, cursor).toString();
  const { resource, reload } = useResource(key, (signal) => query.fetch(filters, cursor, signal));
  const hrefOf = (c?: string) => {
    const search = query.search(filters, c).toString();
    return search ? `${query.href}?${search}` : query.href;
  };
  const previous = trail.at(-1);
  return {
    filters,
    key,
    resource,
    reload,
    filtered: Object.keys(filters).length > 0 || cursor !== undefined,
    apply: (next: F) => setSearchParams(query.search(next)),
    /** 1 on the first page; counted from the trail (a shared link starts counting again). */
    pageNumber: cursor === undefined ? 1 : trail.length + 1,
    first: cursor === undefined ? null : ({ href: hrefOf(), state: { trail: [] } } satisfies PageLink),
    previous:
      previous === undefined
        ? null
        : ({ href: hrefOf(previous || undefined), state: { trail: trail.slice(0, -1) } } satisfies PageLink),
    next: (nextCursor: string): PageLink => ({
      href: hrefOf(nextCursor),
      state: { trail: [...trail, cursor ?? ''] },
    }),
  };
}

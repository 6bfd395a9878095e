import { useSearchParams } from 'react-router';
import { useResource } from './use-resource.ts';

/** One page of a paged list as the back-office API answers it. */
export interface ListResult<T> {
  items: T[];
  total: number;
  pageSize: number;
}

/** How one list screen reads its URL and its endpoint (the feature's api module provides each part). */
export interface ListQuery<F, R> {
  /** The screen's own path (from the route table): pagination links go to it with another query string. */
  href: string;
  /** The filters and page a query string asks for, dropping values the API would refuse. */
  read: (params: URLSearchParams) => { filters: F; page: number };
  /** The query string of some filters and a page (page 1 and empty filters left out). */
  search: (filters: F, page?: number) => URLSearchParams;
  fetch: (filters: F, page: number, signal: AbortSignal) => Promise<R>;
}

/**
 * A list screen's state held in the URL's query string, so a filtered page can be shared and Back
 * restores the previous filters. `key` changes with the query: it reloads the list, and given to the
 * filter form as its React key it makes the form start again from the URL.
 */
export function useListPage<F extends object, R>(query: ListQuery<F, R>) {
  const [searchParams, setSearchParams] = useSearchParams();
  const { filters, page } = query.read(searchParams);
  const key = query.search(filters, page).toString();
  const { resource, reload } = useResource(key, (signal) => query.fetch(filters, page, signal));
  return {
    filters,
    page,
    key,
    resource,
    reload,
    /** Whether an empty answer is due to the filters or the page rather than to an empty list. */
    filtered: Object.keys(filters).length > 0 || page > 1,
    /** New filters go into the URL, on page 1. */
    apply: (next: F) => setSearchParams(query.search(next)),
    hrefFor: (n: number) => `${query.href}?${query.search(filters, n).toString()}`,
  };
}

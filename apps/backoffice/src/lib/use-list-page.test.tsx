// @vitest-environment jsdom
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../test/render.tsx';
import { useListPage, type ListQuery } from './use-list-page.ts';

interface Filters {
  site?: string;
}
type Answer = { items: string[]; total: number; pageSize: number };

/** A list whose URL holds `site` and `page`, as the features' api modules read and write them. */
function listQuery(fetch: ListQuery<Filters, Answer>['fetch']): ListQuery<Filters, Answer> {
  return {
    href: '/things',
    read: (params) => {
      const site = params.get('site');
      return { filters: site ? { site } : {}, page: Number(params.get('page') ?? 1) };
    },
    search: (filters, page = 1) => {
      const params = new URLSearchParams();
      if (filters.site) params.set('site', filters.site);
      if (page > 1) params.set('page', String(page));
      return params;
    },
    fetch,
  };
}

let current: ReturnType<typeof useListPage<Filters, Answer>> | undefined;

function renderList(path: string, fetch: ListQuery<Filters, Answer>['fetch']) {
  function Things() {
    const list = useListPage(listQuery(fetch));
    current = list;
    return (
      <p>{list.resource.state === 'ready' ? list.resource.data.items.join(',') : list.resource.state}</p>
    );
  }
  return renderRoutes([{ path: '/things', Component: Things }], `/backoffice${path}`);
}

function list() {
  if (!current) throw new Error('not rendered');
  return current;
}

afterEach(() => {
  cleanup();
  current = undefined;
});

describe('useListPage', () => {
  it('when the URL holds filters and a page, then it fetches them and links the other pages with the same filters', async () => {
    const fetch = vi.fn(async () => ({ items: ['a', 'b'], total: 45, pageSize: 20 }));
    renderList('/things?site=EU&page=2', fetch);

    expect(await screen.findByText('a,b')).toBeTruthy();
    expect(fetch).toHaveBeenCalledWith({ site: 'EU' }, 2, expect.any(AbortSignal));
    expect(list().key).toBe('site=EU&page=2');
    expect(list().filtered).toBe(true);
    expect(list().hrefFor(3)).toBe('/things?site=EU&page=3');
    expect(list().hrefFor(1)).toBe('/things?site=EU');
  });

  it('when neither filters nor a page are in the URL, then an empty answer is not due to filtering', async () => {
    renderList('/things', async () => ({ items: [], total: 0, pageSize: 20 }));
    await waitFor(() => expect(list().resource.state).toBe('ready'));
    expect(list().filtered).toBe(false);
    expect(list().key).toBe('');
  });

  it('when filters are applied, then they go into the URL on page 1 and the list is fetched again', async () => {
    const fetch = vi.fn(async () => ({ items: ['a'], total: 1, pageSize: 20 }));
    const { router } = renderList('/things?page=4', fetch);
    await screen.findByText('a');

    act(() => list().apply({ site: 'HKG' }));

    await waitFor(() => expect(router.state.location.search).toBe('?site=HKG'));
    await waitFor(() => expect(fetch).toHaveBeenLastCalledWith({ site: 'HKG' }, 1, expect.any(AbortSignal)));
  });

  it('when reload is called after a failure, then it asks again', async () => {
    const fetch = vi
      .fn<ListQuery<Filters, Answer>['fetch']>()
      .mockRejectedValueOnce(new Error('down'))
      .mockResolvedValue({ items: ['back'], total: 1, pageSize: 20 });
    renderList('/things', fetch);
    expect(await screen.findByText('error')).toBeTruthy();

    act(() => list().reload());

    expect(await screen.findByText('back')).toBeTruthy();
    expect(fetch).toHaveBeenCalledTimes(2);
  });
});

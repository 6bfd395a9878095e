// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ListResult } from '../lib/use-list-page.ts';
import type { Resource } from '../lib/use-resource.ts';
import { renderRoutes } from '../test/render.tsx';
import { DataTable } from './data-table.tsx';
import type { FilterFormProps } from './filter-form.tsx';
import { ListPage } from './list-page.tsx';

interface Thing {
  id: number;
  name: string;
}

/** A filter form that shows what ListPage gives it. */
function SiteFilters({ initial, onApply }: FilterFormProps<{ site?: string }>) {
  return (
    <button type="button" onClick={() => onApply({ site: 'EU' })}>
      {`Filter (now ${initial.site ?? 'none'})`}
    </button>
  );
}

function renderListPage(resource: Resource<ListResult<Thing>>, { page = 1, filtered = false } = {}) {
  const reload = vi.fn();
  const apply = vi.fn();
  function Things() {
    return (
      <ListPage
        title="Things"
        intro="All the things."
        filtersLabel="Thing filters"
        FilterForm={SiteFilters}
        list={{
          filters: filtered ? { site: 'HKG' } : {},
          page,
          key: filtered ? 'site=HKG' : '',
          filtered,
          apply,
          resource,
          reload,
          hrefFor: (n) => `/things?page=${n}`,
        }}
        empty="No thing."
        emptyFiltered="No thing matches."
        total={(count) => `${count} things`}
      >
        {(items) => (
          <DataTable
            caption="The things"
            columns={[
              { label: 'Id', cell: (item: Thing) => item.id },
              { label: 'Name', cell: (item: Thing) => <strong>{item.name}</strong> },
            ]}
            items={items}
            rowKey={(item) => item.id}
          />
        )}
      </ListPage>
    );
  }
  return { reload, apply, ...renderRoutes([{ path: '/things', Component: Things }], '/backoffice/things') };
}

afterEach(cleanup);

describe('ListPage', () => {
  it('when the list is loading, then heading, introduction and filters show with a busy results region', async () => {
    const { user, apply } = renderListPage({ state: 'loading' }, { filtered: true });

    expect(screen.getByRole('heading', { level: 1, name: 'Things' })).toBeTruthy();
    expect(document.title).toBe('Things · Compliance console');
    expect(screen.getByText('All the things.')).toBeTruthy();
    const filters = screen.getByRole('region', { name: 'Thing filters' });
    await user.click(within(filters).getByRole('button', { name: 'Filter (now HKG)' }));
    expect(apply).toHaveBeenCalledWith({ site: 'EU' });
    expect(screen.getByRole('status').textContent).toBe('Loading…');
    expect(screen.getByRole('status').closest('[aria-busy="true"][aria-live="polite"]')).toBeTruthy();
  });

  it('when loading failed, then the error is translated and Try again reloads', async () => {
    const { user, reload } = renderListPage({ state: 'error', error: new Error('raw detail') });

    expect(screen.getByRole('alert').textContent).toContain('Something went wrong. Try again.');
    expect(screen.queryByText(/raw detail/)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(reload).toHaveBeenCalledOnce();
  });

  it('when there is no item, then the empty message shows without total or pagination', () => {
    renderListPage({ state: 'ready', data: { items: [], total: 0, pageSize: 20 } });

    expect(screen.getByText('No thing.')).toBeTruthy();
    expect(screen.queryByText(/things$/)).toBeNull();
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.queryByRole('navigation')).toBeNull();
  });

  it('when the filters leave no item, then the filtered empty message shows', () => {
    renderListPage({ state: 'ready', data: { items: [], total: 0, pageSize: 20 } }, { filtered: true });

    expect(screen.getByText('No thing matches.')).toBeTruthy();
    expect(screen.queryByText('No thing.')).toBeNull();
  });

  it('when items come, then the total, a labelled table and the pagination show', () => {
    renderListPage(
      { state: 'ready', data: { items: [{ id: 7, name: 'Seven' }], total: 45, pageSize: 20 } },
      { page: 2 },
    );

    expect(screen.getByText('45 things')).toBeTruthy();
    const table = screen.getByRole('table', { name: 'The things' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Id', 'Name']);
    const cells = within(table).getAllByRole('cell');
    expect(cells.map((td) => [td.dataset.label, td.textContent])).toEqual([
      ['Id', '7'],
      ['Name', 'Seven'],
    ]);
    expect(screen.getByText('Page 2 of 3')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Next page' }).getAttribute('href')).toBe(
      '/backoffice/things?page=3',
    );
  });
});

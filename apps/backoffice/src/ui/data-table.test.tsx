// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DataTable } from './data-table.tsx';

/** jsdom lays nothing out: the widths and the ResizeObserver are given by the test. */
function layout(scrollWidth: number, clientWidth: number) {
  vi.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockReturnValue(scrollWidth);
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(clientWidth);
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      disconnect() {}
    },
  );
}

const table = (
  <DataTable
    caption="Vendor events"
    columns={[{ label: 'Event type', cell: (item: { id: number; type: string }) => item.type }]}
    items={[{ id: 1, type: 'workflowExecution.PROCESSED' }]}
    rowKey={(item) => item.id}
  />
);

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('DataTable', () => {
  it('when the table is wider than its space, then it is a focusable region named by its caption (keyboard scrolling)', () => {
    layout(900, 400);
    render(table);
    const region = screen.getByRole('region', { name: 'Vendor events' });
    expect(region).toHaveProperty('tabIndex', 0);
    expect(region.querySelector('td')?.getAttribute('data-label')).toBe('Event type');
  });

  it('when the table fits, then it adds no tab stop and no region', () => {
    layout(400, 400);
    const { container } = render(table);
    expect(screen.queryByRole('region')).toBeNull();
    expect(container.querySelector('.ui-table-wrap')?.hasAttribute('tabindex')).toBe(false);
  });
});

import { useRef, type ReactNode } from 'react';
import { useOverflowing } from './use-overflowing.ts';
import './data-table.css';

/** One column: its header, which on phones also labels the cell, and what a row shows in it. */
export interface DataColumn<T> {
  label: string;
  cell: (item: T) => ReactNode;
}

interface DataTableProps<T> {
  /** Names the table for screen readers (visually hidden). */
  caption: string;
  columns: readonly DataColumn<T>[];
  items: readonly T[];
  rowKey: (item: T) => string | number;
}

/**
 * A table of records: a card per row where it has under 600px, each cell labelled with its column
 * (data-table.css). When it is wider than its space it scrolls, and is then a named, focusable region
 * so that a keyboard can scroll it too.
 */
export function DataTable<T>({ caption, columns, items, rowKey }: DataTableProps<T>) {
  const wrap = useRef<HTMLDivElement>(null);
  const scrolls = useOverflowing(wrap, items);
  return (
    <div
      className="ui-table-wrap"
      ref={wrap}
      {...(scrolls ? { tabIndex: 0, role: 'region', 'aria-label': caption } : {})}
    >
      <table className="ui-table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {columns.map(({ label }) => (
              <th key={label} scope="col">
                {label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {items.map((item) => (
            <tr key={rowKey(item)}>
              {columns.map(({ label, cell }) => (
                <td key={label} data-label={label}>
                  {/* One element: on a phone the cell is a grid of its label and this value (data-table.css). */}
                  <div>{cell(item)}</div>
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

import type { ReactNode } from 'react';
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

/** A table of records: a card per row under 600px, each cell labelled with its column (data-table.css). */
export function DataTable<T>({ caption, columns, items, rowKey }: DataTableProps<T>) {
  return (
    <div className="ui-table-wrap">
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

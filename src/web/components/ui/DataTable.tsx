import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import type { MouseEvent, ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { cn } from '../../lib/cn';
import { FOCUS_RING } from './Button';
import { Spinner } from './Spinner';

export interface DataTableColumn<Row> {
  /** Stable key of the column; also the sort field when `sortable`. */
  key: string;
  header: string;
  cell: (row: Row) => ReactNode;
  sortable?: boolean;
  /** Numbers and money align right so their digits line up. */
  align?: 'left' | 'right';
  className?: string;
}

export interface DataTableSort {
  field: string;
  descending: boolean;
}

interface DataTableProps<Row> {
  /** Names the table for screen readers. */
  caption: string;
  columns: ReadonlyArray<DataTableColumn<Row>>;
  rows: readonly Row[];
  rowKey: (row: Row) => string | number;
  /** Where a row leads: its first cell is the link (Tab and Enter), a click anywhere on it follows it. */
  rowHref?: (row: Row) => string;
  sort?: DataTableSort;
  /** A header clicked: the same field again flips the direction, a new one starts ascending. */
  onSortChange?: (sort: DataTableSort) => void;
  isPending?: boolean;
  loadingLabel?: string;
  emptyText: string;
}

function ariaSort(column: { key: string; sortable?: boolean }, sort: DataTableSort | undefined) {
  if (!column.sortable) return undefined;
  if (sort?.field !== column.key) return 'none' as const;
  return sort.descending ? ('descending' as const) : ('ascending' as const);
}

/** Clicks on the row's own controls (the link, a button) do their own thing. */
const isInteractive = (event: MouseEvent) =>
  event.target instanceof Element && event.target.closest('a, button, input, select, textarea') !== null;

/**
 * A dense, sortable table: about twenty rows on a laptop screen, scrolling sideways on a phone.
 * Sorting is the caller's (usually the server's): headers only report which field was asked for.
 */
export function DataTable<Row>({
  caption,
  columns,
  rows,
  rowKey,
  rowHref,
  sort,
  onSortChange,
  isPending = false,
  loadingLabel = 'Cargando...',
  emptyText,
}: DataTableProps<Row>) {
  const navigate = useNavigate();
  const align = (column: DataTableColumn<Row>) => (column.align === 'right' ? 'text-right' : 'text-left');
  return (
    <div className="overflow-x-auto rounded-lg border border-gray-200 bg-white shadow-sm">
      <table className="min-w-full divide-y divide-gray-200 text-sm" aria-busy={isPending}>
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-gray-50">
          <tr>
            {columns.map((column) => (
              <th
                key={column.key}
                scope="col"
                aria-sort={ariaSort(column, sort)}
                className={cn('px-3 py-2 font-semibold whitespace-nowrap text-gray-700', align(column))}
              >
                {column.sortable && onSortChange ? (
                  <button
                    type="button"
                    className={cn('inline-flex items-center gap-1 rounded hover:text-gray-900', FOCUS_RING)}
                    onClick={() =>
                      onSortChange({
                        field: column.key,
                        descending: sort?.field === column.key ? !sort.descending : false,
                      })
                    }
                  >
                    {column.header}
                    <SortIcon state={ariaSort(column, sort)} />
                  </button>
                ) : (
                  column.header
                )}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-gray-100">
          {isPending ? (
            <tr>
              <td colSpan={columns.length}>
                <Spinner label={loadingLabel} className="py-8" />
              </td>
            </tr>
          ) : rows.length === 0 ? (
            <tr>
              <td colSpan={columns.length} className="px-3 py-10 text-center text-gray-700">
                {emptyText}
              </td>
            </tr>
          ) : (
            rows.map((row) => {
              const href = rowHref?.(row);
              return (
                <tr
                  key={rowKey(row)}
                  className={cn(href && 'cursor-pointer hover:bg-blue-50')}
                  onClick={href ? (event) => !isInteractive(event) && navigate(href) : undefined}
                >
                  {columns.map((column, index) => (
                    <td
                      key={column.key}
                      className={cn(
                        'px-3 py-1.5 whitespace-nowrap text-gray-900',
                        align(column),
                        column.className,
                      )}
                    >
                      {href && index === 0 ? (
                        <Link
                          to={href}
                          className={cn('font-medium text-blue-700 hover:underline', FOCUS_RING)}
                        >
                          {column.cell(row)}
                        </Link>
                      ) : (
                        column.cell(row)
                      )}
                    </td>
                  ))}
                </tr>
              );
            })
          )}
        </tbody>
      </table>
    </div>
  );
}

function SortIcon({ state }: { state: 'ascending' | 'descending' | 'none' | undefined }) {
  const Icon = state === 'ascending' ? ArrowUp : state === 'descending' ? ArrowDown : ArrowUpDown;
  return <Icon aria-hidden="true" className={cn('size-3.5', state === 'none' && 'text-gray-400')} />;
}

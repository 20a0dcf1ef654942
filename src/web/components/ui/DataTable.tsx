import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import type { MouseEvent, ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { cn } from '../../lib/cn';
import { FOCUS_RING } from './Button';
import { Money } from './Money';
import { Spinner } from './Spinner';

export interface DataTableColumn<Row> {
  /** Stable key of the column; also the sort field when `sortable`. */
  key: string;
  header: string;
  cell: (row: Row) => ReactNode;
  sortable?: boolean;
  /** Numbers and money align right so their digits line up. */
  align?: 'left' | 'right';
  /** The cell that names its row (a `th` for screen readers), usually the first. */
  rowHeader?: boolean;
  /** The header is read by screen readers only (an actions column needs no visible title). */
  hideHeader?: boolean;
  /** Long free text may wrap; everything else stays on one line and the table scrolls sideways. */
  wrap?: boolean;
  /**
   * The column gives way (is hidden) while the table's box is narrower than 75rem, so that the
   * columns that matter fit a 1366 px laptop with the sidebar open (about 64rem) without scrolling.
   */
  secondary?: boolean;
  className?: string;
}

/** A column of amounts in dollars (US$), aligned right so that the cents line up. */
export function moneyColumn<Row>(
  key: string,
  header: string,
  amount: (row: Row) => number,
  className?: string,
  /** The row's currency, when rows are in several (a sale's own); USD without it. */
  currencyOf?: (row: Row) => string,
): DataTableColumn<Row> {
  return {
    key,
    header,
    align: 'right',
    className,
    cell: (row) => <Money amount={amount(row)} currency={currencyOf?.(row)} />,
  };
}

/** The row's buttons, last; their own labels name them, so the header is for screen readers only. */
export function actionsColumn<Row>(cell: (row: Row) => ReactNode): DataTableColumn<Row> {
  return { key: 'actions', header: 'Acciones', hideHeader: true, cell };
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
  /** A last row kept apart in the table's foot, e.g. the totals of the rows above, in bold. */
  footer?: Row;
  /**
   * The scrolling box becomes a named region that takes focus, so a keyboard can scroll a wide table
   * sideways; for the wide finance tables.
   */
  scrollRegion?: boolean;
  /** Without its own border and shadow, for a table that sits inside a card. */
  framed?: boolean;
}

/** The link look of a cell that leads somewhere (a sale, a client). */
export const TABLE_LINK = cn('font-medium text-blue-700 hover:underline', FOCUS_RING);

const alignClass = (column: { align?: 'left' | 'right' }) =>
  column.align === 'right' ? 'text-right tabular-nums' : 'text-left';

/** A secondary column shows only in a wide box (a container query on the table's box, see `box`). */
const SECONDARY = 'hidden @min-[75rem]:table-cell';
const cellClass = (column: { align?: 'left' | 'right'; secondary?: boolean }) =>
  cn(alignClass(column), column.secondary && SECONDARY);

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
  footer,
  scrollRegion = false,
  framed = true,
}: DataTableProps<Row>) {
  const navigate = useNavigate();
  const table = (
    <table className="min-w-full divide-y divide-gray-200 text-sm" aria-busy={isPending}>
      <caption className="sr-only">{caption}</caption>
      <thead className="bg-gray-50">
        <tr>
          {columns.map((column) => (
            <th
              key={column.key}
              scope="col"
              aria-sort={ariaSort(column, sort)}
              className={cn('px-3 py-2 font-semibold whitespace-nowrap text-gray-700', cellClass(column))}
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
              ) : column.hideHeader ? (
                <span className="sr-only">{column.header}</span>
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
                  <Cell key={column.key} column={column}>
                    {href && index === 0 ? (
                      <Link to={href} className={TABLE_LINK}>
                        {column.cell(row)}
                      </Link>
                    ) : (
                      column.cell(row)
                    )}
                  </Cell>
                ))}
              </tr>
            );
          })
        )}
      </tbody>
      {footer !== undefined && !isPending && rows.length > 0 && (
        <tfoot className="border-t-2 border-gray-300 bg-gray-50 font-semibold">
          <tr>
            {columns.map((column) => (
              <Cell key={column.key} column={column} inFoot>
                {column.cell(footer)}
              </Cell>
            ))}
          </tr>
        </tfoot>
      )}
    </table>
  );
  // `relative`: what is positioned inside (a screen-reader-only header) stays in the scrolling box
  // instead of widening the page. A container only when needed: it stops the box growing with its content.
  const box = cn(
    'relative overflow-x-auto',
    columns.some((column) => column.secondary) && '@container',
    framed && 'rounded-lg border border-gray-200 bg-white shadow-sm',
  );
  if (!scrollRegion) return <div className={box}>{table}</div>;
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a table that scrolls sideways must be reachable by keyboard.
    <section className={cn(box, FOCUS_RING)} tabIndex={0} aria-label={caption}>
      {table}
    </section>
  );
}

interface CellProps<Row> {
  column: DataTableColumn<Row>;
  inFoot?: boolean;
  children: ReactNode;
}

function Cell<Row>({ column, inFoot = false, children }: CellProps<Row>) {
  const className = cn(
    'px-3 py-1.5 text-gray-900',
    !column.wrap && 'whitespace-nowrap',
    cellClass(column),
    column.className,
  );
  if (column.rowHeader) {
    return (
      // A row's name reads like its other cells unless the column asks for weight; the foot stays bold.
      <th
        scope="row"
        className={cn(className, !inFoot && !column.className?.includes('font-') && 'font-normal')}
      >
        {children}
      </th>
    );
  }
  return <td className={className}>{children}</td>;
}

function SortIcon({ state }: { state: 'ascending' | 'descending' | 'none' | undefined }) {
  const Icon = state === 'ascending' ? ArrowUp : state === 'descending' ? ArrowDown : ArrowUpDown;
  return <Icon aria-hidden="true" className={cn('size-3.5', state === 'none' && 'text-gray-400')} />;
}

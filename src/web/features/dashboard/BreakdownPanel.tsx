import { enumLabel } from '../../../domain/sales';
import { useMoney, useNumberFormat } from '../../lib/use-money';
import { EmptyText, Panel, ShareBar } from './Panel';
import { type BreakdownEntry, formatCount, formatShare, rankEntries, sharePercent } from './stats';

interface BreakdownPanelProps {
  title: string;
  entries: Record<string, BreakdownEntry>;
  /** The 'Total de Ventas' figure: shares are of all sales, so the panels agree with the card. */
  salesCount: number;
  /** Only the first `limit` entries; without it all of them (regions). */
  limit?: number;
  barClassName: string;
}

/** Sales per service type or region: count, share of all sales and the cost they carry. */
export function BreakdownPanel({ title, entries, salesCount, limit, barClassName }: BreakdownPanelProps) {
  const rows = rankEntries(entries, limit);
  const style = useNumberFormat();
  const formatMoney = useMoney();
  return (
    <Panel title={title}>
      {rows.length === 0 ? (
        <EmptyText>Sin ventas registradas</EmptyText>
      ) : (
        <ul className="space-y-4">
          {rows.map((row) => (
            <li key={row.key}>
              <div className="flex items-baseline justify-between gap-3 text-sm">
                <span className="font-medium text-gray-900">{enumLabel(row.key)}</span>
                <span className="text-right text-gray-700">
                  <span className="font-semibold text-gray-900">{formatCount(row.count, style)}</span>{' '}
                  {row.count === 1 ? 'venta' : 'ventas'} ({formatShare(row.count, salesCount, style)}) · Costo{' '}
                  <span className="whitespace-nowrap text-gray-900">{formatMoney(row.totalCost)}</span>
                </span>
              </div>
              <ShareBar percent={sharePercent(row.count, salesCount)} className={barClassName} />
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}

import { SALE_STATUS_FILTER_LABEL } from '../../../domain/status';
import { useNumberFormat } from '../../lib/use-money';
import type { SaleStats } from './api';
import { Panel, ShareBar } from './Panel';
import { formatCount, formatShare, sharePercent } from './stats';

/** Plural labels, as the sales list's filters name them. */
const ROWS = [
  { status: 'confirmed', bar: 'bg-blue-600' },
  { status: 'completed', bar: 'bg-green-600' },
  { status: 'cancelled', bar: 'bg-red-600' },
] as const;

/** 'Estado de Ventas': each status against the same total as the 'Total de Ventas' card. */
export function SalesStatusPanel({ stats }: { stats: SaleStats }) {
  const style = useNumberFormat();
  return (
    <Panel title="Estado de Ventas">
      <ul className="space-y-4">
        {ROWS.map((row) => {
          const count = stats.salesByStatus[row.status];
          return (
            <li key={row.status}>
              <div className="flex items-baseline justify-between gap-3 text-sm">
                <span className="font-medium text-gray-900">{SALE_STATUS_FILTER_LABEL[row.status]}</span>
                <span className="text-gray-700">
                  <span className="font-semibold text-gray-900">{formatCount(count, style)}</span>{' '}
                  <span>({formatShare(count, stats.salesCount, style)})</span>
                </span>
              </div>
              <ShareBar percent={sharePercent(count, stats.salesCount)} className={row.bar} />
            </li>
          );
        })}
      </ul>
    </Panel>
  );
}

import { Suspense } from 'react';
import { formatDate } from '../../../domain/format';
import { lazyPart } from '../../lib/lazy-part';
import { useMoney, useNumberFormat } from '../../lib/use-money';
import type { OverviewDay } from './api';
import { Panel } from './Panel';
import { formatCount, overviewTotals } from './stats';

const SalesChart = lazyPart(async () => (await import('./SalesChart')).SalesChart);

/**
 * 'Ventas de los últimos 30 días'. The sentence gives everyone the totals; the visually hidden table
 * is the chart's text alternative, day by day, for screen-reader users.
 */
export function SalesOverview({ days }: { days: OverviewDay[] }) {
  const totals = overviewTotals(days);
  const style = useNumberFormat();
  const formatMoney = useMoney();
  return (
    <Panel title="Ventas de los últimos 30 días">
      <p className="text-sm text-gray-700">
        {formatCount(totals.count, style)} {totals.count === 1 ? 'venta' : 'ventas'} por un total de{' '}
        {formatMoney(totals.totalSale)}.
      </p>
      <div aria-hidden="true" className="mt-4 h-72">
        <Suspense fallback={null}>
          <SalesChart data={days} />
        </Suspense>
      </div>
      {/* Cancelled sales are left out, as in 'Ingresos Totales'; said where the figures are read. */}
      <p className="mt-2 text-xs text-gray-700">No incluye ventas canceladas.</p>
      {/* sr-only on the table itself would not shrink it (tables ignore a 1px width): on a phone the
          hidden table made the page scroll sideways. */}
      <div className="sr-only">
        <table>
          <caption>Ventas y monto vendido por día en los últimos 30 días</caption>
          <thead>
            <tr>
              <th scope="col">Día</th>
              <th scope="col">Ventas</th>
              <th scope="col">Monto vendido</th>
            </tr>
          </thead>
          <tbody>
            {days.map((day) => (
              <tr key={day.date}>
                <th scope="row">{formatDate(day.date)}</th>
                <td>{formatCount(day.count, style)}</td>
                <td>{formatMoney(day.totalSale)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </Panel>
  );
}

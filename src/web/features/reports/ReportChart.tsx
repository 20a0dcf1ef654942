import { Bar, BarChart, XAxis, YAxis } from 'recharts';
import { formatMoney } from '../../../domain/format';
import type { SalesReportRow } from '../../../domain/reports';
import {
  BAR_RADIUS,
  CHART_COLORS,
  CHART_PROPS,
  CHART_TICK,
  chartDecorations,
  moneyAxisProps,
} from '../../components/ui/chart-parts';

/**
 * Sale total and profit per group as bars. Loaded lazily with recharts; the table beside it carries
 * the same figures for screen readers and keyboard users.
 */
export function ReportChart({ rows }: { rows: SalesReportRow[] }) {
  return (
    <BarChart data={rows} {...CHART_PROPS}>
      {chartDecorations((value) => formatMoney(Number(value)))}
      <XAxis dataKey="label" tick={CHART_TICK} minTickGap={8} />
      <YAxis {...moneyAxisProps()} />
      <Bar dataKey="totalSale" name="Venta total" fill={CHART_COLORS.primary} radius={BAR_RADIUS} />
      <Bar dataKey="profit" name="Ganancia" fill={CHART_COLORS.secondary} radius={BAR_RADIUS} />
    </BarChart>
  );
}

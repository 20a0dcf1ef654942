import { Bar, BarChart, XAxis, YAxis } from 'recharts';
import type { SalesReportRow } from '../../../domain/reports';
import * as chart from '../../components/ui/chart-parts';
import { useMoney, useNumberFormat } from '../../lib/use-money';

/**
 * Sale total and profit per group as bars. Loaded lazily with recharts; the table beside it carries
 * the same figures for screen readers and keyboard users.
 */
export function ReportChart({ rows }: { rows: SalesReportRow[] }) {
  const formatMoney = useMoney();
  const numberFormat = useNumberFormat();
  return (
    <BarChart data={rows} {...chart.CHART_PROPS}>
      {chart.chartDecorations((value) => formatMoney(Number(value)))}
      <XAxis dataKey="label" tick={chart.CHART_TICK} minTickGap={8} />
      <YAxis {...chart.moneyAxisProps(numberFormat)} />
      <Bar
        dataKey="totalSale"
        name="Venta total"
        fill={chart.CHART_COLORS.primary}
        radius={chart.BAR_RADIUS}
      />
      <Bar dataKey="profit" name="Ganancia" fill={chart.CHART_COLORS.secondary} radius={chart.BAR_RADIUS} />
    </BarChart>
  );
}

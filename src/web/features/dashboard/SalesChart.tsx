import { Bar, ComposedChart, Line, XAxis, YAxis } from 'recharts';
import * as chart from '../../components/ui/chart-parts';
import { useMoney, useNumberFormat } from '../../lib/use-money';
import type { OverviewDay } from './api';

/**
 * Sales count per day as bars, the amount sold as a line on its own axis. Loaded lazily: recharts is
 * the largest library of the app and no other screen needs it. Screen readers get the table beside it.
 */
export function SalesChart({ data }: { data: OverviewDay[] }) {
  const formatMoney = useMoney();
  const style = useNumberFormat();
  return (
    <ComposedChart data={data} {...chart.CHART_PROPS}>
      {chart.chartDecorations((value, name) =>
        name === 'Monto vendido' ? formatMoney(Number(value)) : value,
      )}
      <XAxis dataKey="day" tick={chart.CHART_TICK} minTickGap={16} />
      <YAxis yAxisId="count" allowDecimals={false} tick={chart.CHART_TICK} width={40} />
      <YAxis yAxisId="amount" orientation="right" {...chart.moneyAxisProps(style)} />
      <Bar
        yAxisId="count"
        dataKey="count"
        name="Ventas"
        fill={chart.CHART_COLORS.primary}
        radius={chart.BAR_RADIUS}
      />
      <Line
        yAxisId="amount"
        dataKey="totalSale"
        name="Monto vendido"
        // Straight segments: a smoothed curve would overshoot below zero around days without sales.
        type="linear"
        stroke={chart.CHART_COLORS.secondary}
        strokeWidth={2}
        dot={{ r: 2 }}
      />
    </ComposedChart>
  );
}

import { Bar, CartesianGrid, ComposedChart, Legend, Line, Tooltip, XAxis, YAxis } from 'recharts';
import { formatMoney } from '../../../domain/format';
import type { OverviewDay } from './api';

// Tailwind's gray-700, blue-600 and emerald-700: at least 3:1 against white for the marks, 4.5:1 for text.
const TEXT = '#374151';
const BARS = '#2563eb';
const LINE = '#047857';
const TICK = { fill: TEXT, fontSize: 12 };

const compactMoney = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  notation: 'compact',
  maximumFractionDigits: 1,
});

/**
 * Sales count per day as bars, the amount sold as a line on its own axis. Loaded lazily: recharts is
 * the largest library of the app and no other screen needs it. Screen readers get the table beside it.
 */
export function SalesChart({ data }: { data: OverviewDay[] }) {
  return (
    <ComposedChart
      data={data}
      responsive
      style={{ width: '100%', height: '100%' }}
      margin={{ top: 8, right: 8, bottom: 0, left: 0 }}
      // The chart is hidden from assistive technology in favour of the table, so it must not take focus.
      accessibilityLayer={false}
    >
      <CartesianGrid stroke="#e5e7eb" strokeDasharray="3 3" vertical={false} />
      <XAxis dataKey="day" tick={TICK} minTickGap={16} />
      <YAxis yAxisId="count" allowDecimals={false} tick={TICK} width={40} />
      <YAxis
        yAxisId="amount"
        orientation="right"
        tick={TICK}
        width={64}
        tickFormatter={(value: number) => compactMoney.format(value)}
      />
      <Tooltip
        formatter={(value, name) => (name === 'Monto vendido' ? formatMoney(Number(value)) : value)}
        labelStyle={{ color: TEXT }}
      />
      <Legend wrapperStyle={{ color: TEXT, fontSize: 14 }} />
      <Bar yAxisId="count" dataKey="count" name="Ventas" fill={BARS} radius={[3, 3, 0, 0]} />
      <Line
        yAxisId="amount"
        dataKey="totalSale"
        name="Monto vendido"
        // Straight segments: a smoothed curve would overshoot below zero around days without sales.
        type="linear"
        stroke={LINE}
        strokeWidth={2}
        dot={{ r: 2 }}
      />
    </ComposedChart>
  );
}

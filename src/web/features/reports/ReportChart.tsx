import { Bar, BarChart, CartesianGrid, Legend, Tooltip, XAxis, YAxis } from 'recharts';
import { formatMoney } from '../../../domain/format';
import type { SalesReportRow } from '../../../domain/reports';

// Tailwind's gray-700, blue-600 and emerald-700: at least 3:1 against white for the marks.
const TEXT = '#374151';
const TICK = { fill: TEXT, fontSize: 12 };
const compactMoney = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  notation: 'compact',
  maximumFractionDigits: 1,
});

/**
 * Sale total and profit per group as bars. Loaded lazily with recharts; the table beside it carries
 * the same figures for screen readers and keyboard users.
 */
export function ReportChart({ rows }: { rows: SalesReportRow[] }) {
  return (
    <BarChart
      data={rows}
      responsive
      style={{ width: '100%', height: '100%' }}
      margin={{ top: 8, right: 8, bottom: 0, left: 0 }}
      accessibilityLayer={false}
    >
      <CartesianGrid stroke="#e5e7eb" strokeDasharray="3 3" vertical={false} />
      <XAxis dataKey="label" tick={TICK} minTickGap={8} />
      <YAxis tick={TICK} width={64} tickFormatter={(value: number) => compactMoney.format(value)} />
      <Tooltip formatter={(value) => formatMoney(Number(value))} labelStyle={{ color: TEXT }} />
      <Legend wrapperStyle={{ color: TEXT, fontSize: 14 }} />
      <Bar dataKey="totalSale" name="Venta total" fill="#2563eb" radius={[3, 3, 0, 0]} />
      <Bar dataKey="profit" name="Ganancia" fill="#047857" radius={[3, 3, 0, 0]} />
    </BarChart>
  );
}

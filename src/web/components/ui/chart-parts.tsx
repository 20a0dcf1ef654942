import type { ComponentProps } from 'react';
import { CartesianGrid, Legend, Tooltip, type YAxis } from 'recharts';
import { currencyPrefix, type NumberFormat } from '../../../domain/format';

// Only the lazily loaded charts import this file, so recharts stays out of the first download.

/** Tailwind's gray-700: text at 4.5:1 against white. */
const TEXT = '#374151';
/** Tailwind's blue-600 and emerald-700: marks at 3:1 or more against white. */
export const CHART_COLORS = { primary: '#2563eb', secondary: '#047857' } as const;
export const CHART_TICK = { fill: TEXT, fontSize: 12 };

const compactMoney = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  currencyDisplay: 'code',
  notation: 'compact',
  maximumFractionDigits: 1,
});
/** "US$ 1.2K" ("US$ 1,2K" in `es`), named and written like every amount of the app (formatMoney). */
const compactDollars = (value: number, style: NumberFormat) => {
  const text = compactMoney.format(value).replace('USD\u00a0', `${currencyPrefix('USD')} `);
  return style === 'es' ? text.replace('.', ',') : text;
};

/**
 * What every chart of the app shares: full width of its box, no focus of its own (it is hidden from
 * assistive technology in favour of the table beside it, which carries the same figures).
 */
export const CHART_PROPS = {
  responsive: true,
  style: { width: '100%', height: '100%' },
  margin: { top: 8, right: 8, bottom: 0, left: 0 },
  accessibilityLayer: false,
} as const;

/** Rounded tops for bars. */
export const BAR_RADIUS: [number, number, number, number] = [3, 3, 0, 0];

/** An axis of amounts in compact dollars (US$ 1.2K), in the agency's number format. */
export function moneyAxisProps(style: NumberFormat = 'en'): ComponentProps<typeof YAxis> {
  return { tick: CHART_TICK, width: 72, tickFormatter: (value: number) => compactDollars(value, style) };
}

/** Grid, tooltip and legend, as an array so that the chart sees them as its direct children. */
export function chartDecorations(formatter: ComponentProps<typeof Tooltip>['formatter']) {
  return [
    <CartesianGrid key="grid" stroke="#e5e7eb" strokeDasharray="3 3" vertical={false} />,
    <Tooltip key="tooltip" formatter={formatter} labelStyle={{ color: TEXT }} />,
    <Legend key="legend" wrapperStyle={{ color: TEXT, fontSize: 14 }} />,
  ];
}

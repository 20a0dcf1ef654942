import { z } from 'zod';
import { REGIONS, SERVICE_TYPES } from './sales';
import { SALE_STATUSES } from './status';

/* The dashboard's replies, shared by its routes (reply schemas) and the web (types). */

/** One key of a breakdown by sale type, service type or region. */
export const breakdownEntrySchema = z.object({ count: z.number(), totalCost: z.number() });
const breakdownSchema = z.record(z.string(), breakdownEntrySchema);

export const departureSchema = z.object({
  id: z.number(),
  passengerName: z.string(),
  region: z.enum(REGIONS),
  serviceType: z.enum(SERVICE_TYPES),
  travelDate: z.string(),
  status: z.enum(SALE_STATUSES),
});

export const saleStatsSchema = z.object({
  salesByStatus: z.record(z.enum(SALE_STATUSES), z.number()),
  salesCount: z.number(),
  total: z.number(),
  salesByServiceType: breakdownSchema,
  salesByRegion: breakdownSchema,
  departures: z.array(departureSchema),
});

export const salesTotalSchema = z.object({ total: z.number() });

export const statsByTypeSchema = z.object({
  salesBySaleType: breakdownSchema,
  salesByServiceType: breakdownSchema,
  salesByRegion: breakdownSchema,
});

export const departuresSchema = z.object({ departures: z.array(departureSchema) });

export const overviewDaySchema = z.object({
  date: z.string(),
  /** The day as the chart labels it ("05 nov"). */
  day: z.string(),
  count: z.number(),
  totalSale: z.number(),
  totalCost: z.number(),
});
export const salesOverviewSchema = z.object({ chartData: z.array(overviewDaySchema) });

export type BreakdownEntry = z.infer<typeof breakdownEntrySchema>;
export type Departure = z.infer<typeof departureSchema>;
export type SaleStats = z.infer<typeof saleStatsSchema>;
export type OverviewDay = z.infer<typeof overviewDaySchema>;

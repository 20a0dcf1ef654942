import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, primaryKey, serial, text } from 'drizzle-orm/pg-core';
import { REGIONS, SALE_TYPES, SERVICE_TYPES } from '../../../domain/sales';
import { SALE_STATUSES } from '../../../domain/status';
import { instant, money, rate, updatedAt, usdMoney } from './columns';
import { classifications, clients, operators, passengers, suppliers } from './master-data';
import { oneOf } from './one-of';
import { users } from './users';

export const sales = pgTable(
  'sales',
  {
    id: serial('id').primaryKey(),
    status: text('status', { enum: SALE_STATUSES }).notNull().default('confirmed'),
    passengerName: text('passenger_name').notNull(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'restrict' }),
    sellerId: integer('seller_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    creationDate: instant('creation_date').notNull().defaultNow(),
    travelDate: date('travel_date', { mode: 'string' }).notNull(),
    saleType: text('sale_type', { enum: SALE_TYPES }).notNull(),
    serviceType: text('service_type', { enum: SERVICE_TYPES }).notNull(),
    region: text('region', { enum: REGIONS }).notNull(),
    passengerCount: integer('passenger_count').notNull().default(1),
    currency: text('currency').notNull().default('USD'),
    salePrice: money('sale_price').notNull().default('0'),
    totalCost: money('total_cost').notNull().default('0'),
    /**
     * USD per one unit of `currency`, frozen when the sale is created (1 for USD); an admin may correct it
     * while no invoice exists. The USD values below are what every USD figure (dashboard, reports, kept
     * sums, supplier balances) adds, so a later rate change moves no total (decision 0085).
     */
    exchangeRate: rate('exchange_rate').notNull().default('1'),
    salePriceUsd: usdMoney('sale_price_usd')
      .notNull()
      .generatedAlwaysAs(sql.raw('round("sale_price" * "exchange_rate", 2)')),
    totalCostUsd: usdMoney('total_cost_usd')
      .notNull()
      .generatedAlwaysAs(sql.raw('round("total_cost" * "exchange_rate", 2)')),
    /** Optimistic concurrency: an edit must carry the version it started from. */
    version: integer('version').notNull().default(1),
    updatedAt: updatedAt(),
    /**
     * When the sale was liquidated (became completed), null while it is not: kept by the trigger
     * sales_completed_at (migration 0043), never written by the application. A seller's commission
     * counts in the agency month of this moment (docs/decisions/0100-seller-commissions.md).
     */
    completedAt: instant('completed_at'),
    /**
     * What the list's search looks in, normalised (unaccented, lower case, ID/RUT keys without dots or
     * dashes): kept by triggers in the database (migrations/0006), never written by the application.
     */
    searchText: text('search_text').notNull().default(''),
  },
  (t) => [
    check('sales_status_check', oneOf(t.status, SALE_STATUSES)),
    check('sales_sale_type_check', oneOf(t.saleType, SALE_TYPES)),
    check('sales_service_type_check', oneOf(t.serviceType, SERVICE_TYPES)),
    check('sales_region_check', oneOf(t.region, REGIONS)),
    check('sales_passenger_count_check', sql`${t.passengerCount} >= 1`),
    check('sales_amounts_check', sql`${t.salePrice} >= 0 and ${t.totalCost} >= 0`),
    check('sales_exchange_rate_check', sql`${t.exchangeRate} > 0`),
    index('sales_creation_date_idx').on(t.creationDate.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('sales_seller_creation_idx').on(
      t.sellerId,
      t.creationDate.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('sales_status_creation_idx').on(
      t.status,
      t.creationDate.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    // The migration (0008) adds INCLUDE (creation_date, sale_price, client_id, seller_id, status), which
    // drizzle cannot declare: a travel-date range is read and sorted from this index alone.
    index('sales_travel_date_idx').on(t.travelDate, t.id),
    index('sales_sale_price_idx').on(t.salePrice, t.id),
    index('sales_search_text_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
    // Pairs of adjacent words of the search text (f_search_pairs, migration 0008), for searches of
    // several words, whose common words make trigrams unselective.
    index('sales_search_pairs_idx').using('gin', sql`f_search_pairs(${t.searchText})`),
    index('sales_client_id_idx').on(t.clientId),
    // A month's liquidated sales are one range of this index; sales never liquidated are not in it.
    index('sales_completed_at_idx').on(t.completedAt, t.id).where(sql`${t.completedAt} is not null`),
    index('sales_passenger_name_search_idx').using(
      'gin',
      sql`f_unaccent(lower(${t.passengerName})) gin_trgm_ops`,
    ),
  ],
);

export const saleItems = pgTable(
  'sale_items',
  {
    id: serial('id').primaryKey(),
    saleId: integer('sale_id')
      .notNull()
      .references(() => sales.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
    classificationId: integer('classification_id')
      .notNull()
      .references(() => classifications.id, { onDelete: 'restrict' }),
    supplierId: integer('supplier_id')
      .notNull()
      .references(() => suppliers.id, { onDelete: 'restrict' }),
    operatorId: integer('operator_id')
      .notNull()
      .references(() => operators.id, { onDelete: 'restrict' }),
    dateIn: date('date_in', { mode: 'string' }),
    dateOut: date('date_out', { mode: 'string' }),
    passengerCount: integer('passenger_count').notNull().default(1),
    description: text('description'),
    salePrice: money('sale_price').notNull(),
    costPrice: money('cost_price').notNull(),
    reservationCode: text('reservation_code'),
    /** When the supplier is to be paid for this item. */
    paymentDate: date('payment_date', { mode: 'string' }),
  },
  (t) => [
    check('sale_items_amounts_check', sql`${t.salePrice} >= 0 and ${t.costPrice} >= 0`),
    index('sale_items_sale_id_idx').on(t.saleId),
    index('sale_items_supplier_id_idx').on(t.supplierId),
    index('sale_items_operator_id_idx').on(t.operatorId),
    index('sale_items_classification_id_idx').on(t.classificationId),
    // Items still without a reservation code: few once bookings are made, so the alerts find the
    // sales missing one from this small index instead of probing every sale departing soon.
    index('sale_items_missing_code_idx')
      .on(t.saleId)
      .where(sql`${t.reservationCode} is null or trim(${t.reservationCode}) = ''`),
  ],
);

export const saleItemPassengers = pgTable(
  'sale_item_passengers',
  {
    saleItemId: integer('sale_item_id')
      .notNull()
      .references(() => saleItems.id, { onDelete: 'cascade' }),
    passengerId: integer('passenger_id')
      .notNull()
      .references(() => passengers.id, { onDelete: 'restrict' }),
  },
  (t) => [
    primaryKey({ columns: [t.saleItemId, t.passengerId] }),
    index('sale_item_passengers_passenger_idx').on(t.passengerId),
  ],
);

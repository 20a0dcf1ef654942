import { and, asc, desc, eq, gt, lte, ne, sql } from 'drizzle-orm';
import { agencyToday } from '../../../domain/agency-day';
import {
  BASE_CURRENCY,
  type CurrencyRate,
  type CurrencyRateCreate,
  type CurrencyRateListItem,
  type CurrencyRateUpdate,
  NO_RATE_MESSAGE,
} from '../../../domain/company';
import { reciprocal, roundedDecimal, sameDecimal } from '../../../domain/money';
import type { Database } from '../../db/client';
import { rateValue, toRate } from '../../db/money';
import { currencyRateDays, currencyRates } from '../../db/schema';
import { badRequest, conflict, notFound, pgErrorCode } from '../../lib/http-errors';
import { type AuditActor, diff, record } from '../audit';
import { agencyTimeZone } from './settings';

export const RATE_NOT_FOUND = 'Tasa de cambio no encontrada';
const BASE_LOCKED = `${BASE_CURRENCY} es la moneda base: su tasa es siempre 1 y no se puede desactivar ni eliminar`;

/** Eight decimals for the screens: a JSON number that prints as it reads (0.0010582, 945). */
const shown = (stored: string) => toRate(roundedDecimal(stored, 8) ?? stored);

function rateReply(row: typeof currencyRates.$inferSelect): CurrencyRate {
  return {
    id: row.id,
    currency: row.currency,
    rate: shown(row.rate),
    unitsPerUsd: shown(row.unitsPerUsd),
    isActive: row.isActive,
    lastUpdated: row.lastUpdated?.toISOString() ?? null,
  };
}

/** The base currency may only be saved as it is: rate 1 and active. */
function assertBaseRule(currency: string, rate: string, isActive: boolean) {
  if (currency === BASE_CURRENCY && (!sameDecimal(rate, '1') || !isActive)) throw badRequest(BASE_LOCKED);
}

/** Both stored sides of a rate. */
interface StoredSides {
  rate: string;
  unitsPerUsd: string;
}

/**
 * Both columns from the side the body typed: that one exactly as typed, the other its reciprocal to
 * the columns' 16 decimals (docs/decisions/0086-rates-the-way-chile-says-them.md); undefined when the
 * body typed neither (an edit of the active flag only). The schemas let through positive decimals only.
 */
function storedSides(input: { rate?: string; unitsPerUsd?: string }): StoredSides | undefined {
  const typed = input.rate ?? input.unitsPerUsd;
  if (typed === undefined) return undefined;
  const other = reciprocal(typed, 16);
  if (other === null) throw badRequest('La tasa debe ser mayor a 0');
  return input.rate !== undefined ? { rate: typed, unitsPerUsd: other } : { rate: other, unitsPerUsd: typed };
}

export async function listRates(db: Database): Promise<CurrencyRate[]> {
  return (await db.select().from(currencyRates).orderBy(asc(currencyRates.currency))).map(rateReply);
}

/**
 * The rate a payment in `currency` is valued with today, as exact text; a currency without an active
 * rate takes no payments (supplier payments, and customer payments,
 * docs/decisions/0055-payments-in-any-currency.md).
 */
export async function activeRate(db: Database, currency: string): Promise<string> {
  const rate = await activeRateOrNull(db, currency);
  if (rate === null) throw conflict(`No hay una tasa de cambio activa para ${currency}`);
  return rate;
}

/**
 * The active rate of `currency` as exact text (USD per unit), or null when it has none. The base is 1
 * with or without its row (a new database has none; assertBaseRule keeps a saved one at 1): this is the
 * one place that says so for payments, sales and invoices.
 */
export async function activeRateOrNull(db: Database, currency: string): Promise<string | null> {
  if (currency === BASE_CURRENCY) return '1';
  const [rate] = await db
    .select({ rate: currencyRates.rate })
    .from(currencyRates)
    .where(and(eq(currencyRates.currency, currency), eq(currencyRates.isActive, true)));
  return rate?.rate ?? null;
}

/** A rate typed for the base currency is refused unless it is 1: a 400 on the body's field `path`. */
export function refuseTypedBaseRate(currency: string, typed: string | undefined, path: string) {
  if (currency !== BASE_CURRENCY || typed === undefined || sameDecimal(typed, '1')) return;
  const message = `La tasa de ${BASE_CURRENCY} es siempre 1`;
  throw badRequest(message, [{ path, message }]);
}

/**
 * The currencies a customer payment may be made in, with their rates, for the payment dialog: the
 * base currency always (at 1, with or without its row), then every active rate.
 */
export async function activeRates(db: Database): Promise<{ currency: string; rate: number }[]> {
  const rows = await db
    .select({ currency: currencyRates.currency, rate: rateValue(currencyRates.rate) })
    .from(currencyRates)
    .where(and(eq(currencyRates.isActive, true), ne(currencyRates.currency, BASE_CURRENCY)))
    .orderBy(asc(currencyRates.currency));
  return [{ currency: BASE_CURRENCY, rate: 1 }, ...rows];
}

async function findRate(db: Database, id: number) {
  const [row] = await db.select().from(currencyRates).where(eq(currencyRates.id, id));
  if (!row) throw notFound(RATE_NOT_FOUND);
  return row;
}

type RateRow = typeof currencyRates.$inferSelect;

/** A row's two sides as people read them, "945" rather than "945.0000000000000000" (still exact). */
function readable(row: RateRow | null) {
  if (row === null) return {};
  const trimmed = (stored: string) => roundedDecimal(stored, 16) ?? stored;
  return { ...row, rate: trimmed(row.rate), unitsPerUsd: trimmed(row.unitsPerUsd) };
}

/**
 * The rate `currency` had on the agency day `day` (USD per unit, exact text): the last value saved on or
 * before that day, else the earliest one known (a payment dated before the first rate), else null. The
 * base currency is always 1. docs/decisions/0099-rates-by-day.md
 */
export async function rateOn(db: Database, currency: string, day: string): Promise<string | null> {
  if (currency === BASE_CURRENCY) return '1';
  const ofCurrency = eq(currencyRateDays.currency, currency);
  const [before] = await db
    .select({ rate: currencyRateDays.rate })
    .from(currencyRateDays)
    .where(and(ofCurrency, lte(currencyRateDays.day, day)))
    .orderBy(desc(currencyRateDays.day))
    .limit(1);
  if (before) return before.rate;
  const [after] = await db
    .select({ rate: currencyRateDays.rate })
    .from(currencyRateDays)
    .where(and(ofCurrency, gt(currencyRateDays.day, day)))
    .orderBy(asc(currencyRateDays.day))
    .limit(1);
  return after?.rate ?? null;
}

/** A new value of a rate becomes the rate of today's agency day (a second change today replaces it). */
async function keepDayRate(tx: Database, row: RateRow) {
  if (row.currency === BASE_CURRENCY) return;
  const day = agencyToday(await agencyTimeZone(tx));
  await tx
    .insert(currencyRateDays)
    .values({ currency: row.currency, day, rate: row.rate })
    .onConflictDoUpdate({
      target: [currencyRateDays.currency, currencyRateDays.day],
      set: { rate: row.rate },
    });
}

/**
 * Records one rate's change in the trail, and a changed value as today's rate; `before` or `after` is
 * null for a creation or a deletion. A deleted rate keeps its days: payments dated then still read them.
 */
async function recordRate(tx: Database, audit: AuditActor, before: RateRow | null, after: RateRow | null) {
  if (after !== null && (before === null || !sameDecimal(before.rate, after.rate)))
    await keepDayRate(tx, after);
  const id = (after ?? before)?.id ?? null;
  const action = before === null ? 'create' : after === null ? 'delete' : 'update';
  await record(tx, audit, {
    action,
    entity: 'currencyRate',
    entityId: id,
    changes: diff(readable(before), readable(after)),
  });
}

/** Both sides of a rate the schema requires one side of (a creation, an item of the list). */
function requiredSides(input: { rate?: string; unitsPerUsd?: string }): StoredSides {
  const sides = storedSides(input);
  if (!sides) throw badRequest(NO_RATE_MESSAGE, [{ path: 'rate', message: NO_RATE_MESSAGE }]);
  return sides;
}

export async function createRate(db: Database, input: CurrencyRateCreate, audit: AuditActor) {
  const sides = requiredSides(input);
  assertBaseRule(input.currency, sides.rate, input.isActive);
  try {
    const row = await db.transaction(async (tx) => {
      const [created] = await tx
        .insert(currencyRates)
        .values({
          currency: input.currency,
          ...sides,
          isActive: input.isActive,
          lastUpdated: new Date(),
        })
        .returning();
      await recordRate(tx, audit, null, created ?? null);
      return created;
    });
    return rateReply(row as RateRow);
  } catch (error) {
    if (pgErrorCode(error) === '23505') throw conflict(`Ya existe una tasa para ${input.currency}`);
    throw error;
  }
}

export async function updateRate(db: Database, id: number, input: CurrencyRateUpdate, audit: AuditActor) {
  const current = await findRate(db, id);
  if (input.currency !== undefined && input.currency !== current.currency) {
    throw badRequest('La moneda de una tasa no se puede cambiar; crea una tasa nueva para otra moneda');
  }
  const sides = storedSides(input);
  assertBaseRule(current.currency, sides?.rate ?? current.rate, input.isActive ?? current.isActive);
  const row = await db.transaction(async (tx) => {
    const [before] = await tx.select().from(currencyRates).where(eq(currencyRates.id, id)).for('update');
    const [after] = await tx
      .update(currencyRates)
      // What the body leaves out (undefined) is left out of the SET list, and keeps its value.
      .set({
        rate: sides?.rate,
        unitsPerUsd: sides?.unitsPerUsd,
        isActive: input.isActive,
        lastUpdated: new Date(),
      })
      .where(eq(currencyRates.id, id))
      .returning();
    if (!before || !after) throw notFound(RATE_NOT_FOUND);
    await recordRate(tx, audit, before, after);
    return after;
  });
  return rateReply(row);
}

export async function toggleRate(db: Database, id: number, audit: AuditActor) {
  const current = await findRate(db, id);
  if (current.currency === BASE_CURRENCY) throw conflict(BASE_LOCKED);
  const row = await db.transaction(async (tx) => {
    const [after] = await tx
      .update(currencyRates)
      .set({ isActive: sql`not ${currencyRates.isActive}`, lastUpdated: new Date() })
      .where(eq(currencyRates.id, id))
      .returning();
    if (!after) throw notFound(RATE_NOT_FOUND);
    await recordRate(tx, audit, { ...after, isActive: !after.isActive }, after);
    return after;
  });
  return rateReply(row);
}

export async function deleteRate(db: Database, id: number, audit: AuditActor) {
  const current = await findRate(db, id);
  if (current.currency === BASE_CURRENCY) throw conflict(BASE_LOCKED);
  await db.transaction(async (tx) => {
    const [deleted] = await tx.delete(currencyRates).where(eq(currencyRates.id, id)).returning();
    if (deleted) await recordRate(tx, audit, deleted, null);
  });
}

/**
 * Saves several rates at once (PUT /api/company/currency-rates { rates }, docs/product.md#company-api), all
 * or nothing.
 */
export async function saveRates(db: Database, rates: CurrencyRateListItem[], audit: AuditActor) {
  const currencies = rates.map((r) => r.currency);
  if (new Set(currencies).size !== currencies.length) throw badRequest('Hay monedas repetidas en la lista');
  const sides = rates.map((r) => {
    const both = requiredSides(r);
    assertBaseRule(r.currency, both.rate, r.isActive ?? true);
    return { currency: r.currency, ...both, isActive: r.isActive };
  });
  await db.transaction(async (tx) => {
    for (const r of sides) {
      const [before] = await tx
        .select()
        .from(currencyRates)
        .where(eq(currencyRates.currency, r.currency))
        .for('update');
      const [after] = await tx
        .insert(currencyRates)
        .values({ ...r, isActive: r.isActive ?? true, lastUpdated: new Date() })
        .onConflictDoUpdate({
          target: currencyRates.currency,
          // A missing isActive is undefined here, left out of the SET list: the rate keeps its flag.
          set: { rate: r.rate, unitsPerUsd: r.unitsPerUsd, isActive: r.isActive, lastUpdated: new Date() },
        })
        .returning();
      await recordRate(tx, audit, before ?? null, after ?? null);
    }
  });
  return listRates(db);
}

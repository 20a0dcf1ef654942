import { and, asc, eq, ne, sql } from 'drizzle-orm';
import {
  BASE_CURRENCY,
  type CurrencyRate,
  type CurrencyRateListItem,
  type CurrencyRateUpdate,
} from '../../../domain/company';
import type { Database } from '../../db/client';
import { rateValue, toRate } from '../../db/money';
import { currencyRates } from '../../db/schema';
import { badRequest, conflict, notFound, pgErrorCode } from '../../lib/http-errors';
import { type AuditActor, diff, record } from '../audit';

export const RATE_NOT_FOUND = 'Tasa de cambio no encontrada';
const BASE_LOCKED = `${BASE_CURRENCY} es la moneda base: su tasa es siempre 1 y no se puede desactivar ni eliminar`;

function rateReply(row: typeof currencyRates.$inferSelect): CurrencyRate {
  return {
    id: row.id,
    currency: row.currency,
    rate: toRate(row.rate),
    isActive: row.isActive,
    lastUpdated: row.lastUpdated?.toISOString() ?? null,
  };
}

/** The base currency may only be saved as it is: rate 1 and active. */
function assertBaseRule(currency: string, rate: number, isActive: boolean) {
  if (currency === BASE_CURRENCY && (rate !== 1 || !isActive)) throw badRequest(BASE_LOCKED);
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
  const [rate] = await db
    .select({ rate: currencyRates.rate })
    .from(currencyRates)
    .where(and(eq(currencyRates.currency, currency), eq(currencyRates.isActive, true)));
  if (!rate) throw conflict(`No hay una tasa de cambio activa para ${currency}`);
  return rate.rate;
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

/** Records one rate's change in the trail; `before` or `after` is null for a creation or a deletion. */
function recordRate(tx: Database, audit: AuditActor, before: RateRow | null, after: RateRow | null) {
  const id = (after ?? before)?.id ?? null;
  const action = before === null ? 'create' : after === null ? 'delete' : 'update';
  return record(tx, audit, {
    action,
    entity: 'currencyRate',
    entityId: id,
    changes: diff(before ?? {}, after ?? {}),
  });
}

export async function createRate(
  db: Database,
  input: { currency: string; rate: number; isActive: boolean },
  audit: AuditActor,
) {
  assertBaseRule(input.currency, input.rate, input.isActive);
  try {
    const row = await db.transaction(async (tx) => {
      const [created] = await tx
        .insert(currencyRates)
        .values({
          currency: input.currency,
          rate: String(input.rate),
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
  assertBaseRule(current.currency, input.rate ?? toRate(current.rate), input.isActive ?? current.isActive);
  const row = await db.transaction(async (tx) => {
    const [before] = await tx.select().from(currencyRates).where(eq(currencyRates.id, id)).for('update');
    const [after] = await tx
      .update(currencyRates)
      // What the body leaves out (undefined) is left out of the SET list, and keeps its value.
      .set({ rate: input.rate?.toString(), isActive: input.isActive, lastUpdated: new Date() })
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
  for (const r of rates) assertBaseRule(r.currency, r.rate, r.isActive ?? true);
  await db.transaction(async (tx) => {
    for (const r of rates) {
      const [before] = await tx
        .select()
        .from(currencyRates)
        .where(eq(currencyRates.currency, r.currency))
        .for('update');
      const [after] = await tx
        .insert(currencyRates)
        .values({
          currency: r.currency,
          rate: String(r.rate),
          isActive: r.isActive ?? true,
          lastUpdated: new Date(),
        })
        .onConflictDoUpdate({
          target: currencyRates.currency,
          // A missing isActive is undefined here, left out of the SET list: the rate keeps its flag.
          set: { rate: String(r.rate), isActive: r.isActive, lastUpdated: new Date() },
        })
        .returning();
      await recordRate(tx, audit, before ?? null, after ?? null);
    }
  });
  return listRates(db);
}

import { asc, eq, sql } from 'drizzle-orm';
import { BASE_CURRENCY, type CurrencyRate } from '../../../domain/company';
import type { Database } from '../../db/client';
import { currencyRates } from '../../db/schema';
import { badRequest, conflict, notFound, pgErrorCode } from '../../lib/http-errors';

export const RATE_NOT_FOUND = 'Tasa de cambio no encontrada';
const BASE_LOCKED = `${BASE_CURRENCY} es la moneda base: su tasa es siempre 1 y no se puede desactivar ni eliminar`;

function toRate(row: typeof currencyRates.$inferSelect): CurrencyRate {
  return {
    id: row.id,
    currency: row.currency,
    rate: Number(row.rate),
    isActive: row.isActive,
    lastUpdated: row.lastUpdated?.toISOString() ?? null,
  };
}

/** The base currency may only be saved as it is: rate 1 and active. */
function assertBaseRule(currency: string, rate: number, isActive: boolean) {
  if (currency === BASE_CURRENCY && (rate !== 1 || !isActive)) throw badRequest(BASE_LOCKED);
}

export async function listRates(db: Database): Promise<CurrencyRate[]> {
  return (await db.select().from(currencyRates).orderBy(asc(currencyRates.currency))).map(toRate);
}

async function findRate(db: Database, id: number) {
  const [row] = await db.select().from(currencyRates).where(eq(currencyRates.id, id));
  if (!row) throw notFound(RATE_NOT_FOUND);
  return row;
}

export async function createRate(db: Database, input: { currency: string; rate: number; isActive: boolean }) {
  assertBaseRule(input.currency, input.rate, input.isActive);
  try {
    const [row] = await db
      .insert(currencyRates)
      .values({
        currency: input.currency,
        rate: String(input.rate),
        isActive: input.isActive,
        lastUpdated: new Date(),
      })
      .returning();
    return toRate(row as typeof currencyRates.$inferSelect);
  } catch (error) {
    if (pgErrorCode(error) === '23505') throw conflict(`Ya existe una tasa para ${input.currency}`);
    throw error;
  }
}

export async function updateRate(
  db: Database,
  id: number,
  input: { currency?: string; rate: number; isActive: boolean },
) {
  const current = await findRate(db, id);
  if (input.currency !== undefined && input.currency !== current.currency) {
    throw badRequest('La moneda de una tasa no se puede cambiar; crea una tasa nueva para otra moneda');
  }
  assertBaseRule(current.currency, input.rate, input.isActive);
  const [row] = await db
    .update(currencyRates)
    .set({ rate: String(input.rate), isActive: input.isActive, lastUpdated: new Date() })
    .where(eq(currencyRates.id, id))
    .returning();
  return toRate(row as typeof currencyRates.$inferSelect);
}

export async function toggleRate(db: Database, id: number) {
  const current = await findRate(db, id);
  if (current.currency === BASE_CURRENCY) throw conflict(BASE_LOCKED);
  const [row] = await db
    .update(currencyRates)
    .set({ isActive: sql`not ${currencyRates.isActive}`, lastUpdated: new Date() })
    .where(eq(currencyRates.id, id))
    .returning();
  return toRate(row as typeof currencyRates.$inferSelect);
}

export async function deleteRate(db: Database, id: number) {
  const current = await findRate(db, id);
  if (current.currency === BASE_CURRENCY) throw conflict(BASE_LOCKED);
  await db.delete(currencyRates).where(eq(currencyRates.id, id));
}

/** Saves several rates at once (spec: PUT /api/company/currency-rates { rates }), all or nothing. */
export async function saveRates(
  db: Database,
  rates: { currency: string; rate: number; isActive: boolean }[],
) {
  const currencies = rates.map((r) => r.currency);
  if (new Set(currencies).size !== currencies.length) throw badRequest('Hay monedas repetidas en la lista');
  for (const r of rates) assertBaseRule(r.currency, r.rate, r.isActive);
  await db.transaction(async (tx) => {
    for (const r of rates) {
      await tx
        .insert(currencyRates)
        .values({ currency: r.currency, rate: String(r.rate), isActive: r.isActive, lastUpdated: new Date() })
        .onConflictDoUpdate({
          target: currencyRates.currency,
          set: { rate: String(r.rate), isActive: r.isActive, lastUpdated: new Date() },
        });
    }
  });
  return listRates(db);
}

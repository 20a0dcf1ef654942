import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../../src/server/db/client';
import {
  classifications,
  clients,
  currencyRates,
  emails,
  passengers,
  payments,
  saleItems,
  sales,
  suppliers,
  users,
} from '../../../src/server/db/schema';
import { DEMO_ACCOUNTS } from '../../../src/server/demo/accounts';
import { demoRut } from '../../../src/server/demo/demo-data';
import { seedDemoData } from '../../../src/server/demo/seed';
import { openTestDatabase } from '../../helpers/test-app';

let database: DatabaseHandle;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

const countOf = async (table: typeof users) => (await database.db.select({ n: count() }).from(table))[0]?.n;

describe('demo seed', () => {
  it('fills an empty database once with a usable demo agency', async () => {
    expect(await seedDemoData(database.db)).toBe(true);
    expect(await countOf(users)).toBe(DEMO_ACCOUNTS.length);
    const rates = await database.db.select().from(currencyRates);
    expect(rates.map((r) => r.currency).sort()).toEqual(['CLP', 'EUR', 'USD']);
    expect(rates.find((r) => r.currency === 'USD')?.rate).toBe('1.0000000000000000');
    const [s] = await database.db.select({ n: count() }).from(suppliers);
    const [c] = await database.db.select({ n: count() }).from(clients);
    const [p] = await database.db.select({ n: count() }).from(passengers);
    const names = (await database.db.select().from(classifications)).map((r) => r.name);
    expect(s?.n).toBeGreaterThanOrEqual(5);
    expect(c?.n).toBeGreaterThanOrEqual(20);
    expect(p?.n).toBeGreaterThanOrEqual(20);
    expect(names).toEqual(expect.arrayContaining(['Aéreo', 'Hotel', 'Traslado', 'Excursión', 'Seguro']));
    // About forty sales in every status, with totals that match their items.
    const demoSales = await database.db.select().from(sales);
    expect(demoSales.length).toBeGreaterThanOrEqual(35);
    expect(new Set(demoSales.map((s) => s.status))).toEqual(
      new Set(['draft', 'confirmed', 'completed', 'cancelled']),
    );
    const mismatched = await database.db
      .select({ id: sales.id })
      .from(sales)
      .innerJoin(saleItems, eq(saleItems.saleId, sales.id))
      .groupBy(sales.id, sales.salePrice)
      .having(sql`${sales.salePrice} <> sum(${saleItems.salePrice})`);
    expect(mismatched).toEqual([]);
    const [paid] = await database.db.select({ n: count() }).from(payments);
    expect(paid?.n).toBeGreaterThan(10);
    // Today's morning reminders wait in "Correos" (no SMTP in the demo): the admin's, with the company's alerts.
    const waiting = await database.db.select().from(emails).where(eq(emails.kind, 'reminder'));
    const admin = DEMO_ACCOUNTS.find((a) => a.role === 'admin')?.email;
    expect(waiting.find((e) => e.to[0] === admin)).toMatchObject({
      status: 'pending',
      subject: expect.stringMatching(/^Alertas del /),
    });
    // A second start on the same data adds nothing.
    expect(await seedDemoData(database.db)).toBe(false);
    expect(await countOf(users)).toBe(DEMO_ACCOUNTS.length);
  });

  it('gives Chilean RUTs their real check digit', () => {
    expect(demoRut(12345678)).toBe('12.345.678-5');
    expect(demoRut(11111111)).toBe('11.111.111-1');
    expect(demoRut(10000013)).toBe('10.000.013-K');
  });
});

import { eq, sql } from 'drizzle-orm';
import { usdValue } from '../../domain/money';
import { saleCreateRequestSchema } from '../../domain/sale-requests';
import { REGIONS, SALE_TYPES, SERVICE_TYPES } from '../../domain/sales';
import type { SaleStatus } from '../../domain/status';
import type { Database } from '../db/client';
import {
  classifications,
  clients,
  operators,
  passengers,
  payments,
  sales,
  suppliers,
  users,
} from '../db/schema';
import { createSale } from '../modules/sales';
import { DEMO_CLP_RATE } from './demo-data';

/** Item descriptions of the demo sales (also used by scripts/seed-large.ts). */
export const ITEM_DESCRIPTIONS = [
  'Vuelo Santiago - Madrid ida y vuelta',
  'Hotel 4 noches con desayuno',
  'Traslado aeropuerto - hotel',
  'Excursión Valle de la Luna',
  'Seguro de viaje 10 días',
  'Paquete Torres del Paine 5 días',
  'Crucero fiordos australes',
  'Tour Isla de Pascua 3 noches',
];
const STATUS_CYCLE: SaleStatus[] = [
  'confirmed',
  'completed',
  'confirmed',
  'cancelled',
  'completed',
  'draft',
  'confirmed',
];

const isoDay = (base: Date, offsetDays: number) =>
  new Date(base.getTime() + offsetDays * 86_400_000).toISOString().slice(0, 10);
const pick = <T>(list: readonly T[], i: number): T => list[i % list.length] as T;

/**
 * About forty sales over the past months and the coming ones, across every status, type, region
 * and seller, written through the same service as the API so totals follow the real rules.
 */
export async function seedDemoSales(db: Database, count = 40): Promise<void> {
  // Sequential reads: the seed runs inside one transaction, on one connection.
  const sellerRows = await db
    .select({ id: users.id, role: users.role, username: users.username, email: users.email })
    .from(users);
  const clientRows = await db
    .select({ id: clients.id, name: clients.name })
    .from(clients)
    .orderBy(clients.id);
  const paxRows = await db.select({ id: passengers.id }).from(passengers).orderBy(passengers.id);
  const classRows = await db
    .select({ id: classifications.id })
    .from(classifications)
    .orderBy(classifications.id);
  const supplierRows = await db.select({ id: suppliers.id }).from(suppliers).orderBy(suppliers.id);
  const operatorRows = await db.select({ id: operators.id }).from(operators).orderBy(operators.id);
  const sellers = sellerRows.filter((u) => u.role !== 'finance');
  const admin = sellerRows.find((u) => u.role === 'admin');
  if (!admin || !clientRows.length || !paxRows.length || !classRows.length) return;
  const actor = { ...admin, role: 'admin' as const, sessionId: 0 };
  // The demo's sales enter the audit trail as the admin's, marked as coming from the seed, not a request.
  const audit = { userId: admin.id, username: admin.username, ip: 'seed' };
  const today = new Date();

  for (let i = 0; i < count; i++) {
    const client = pick(clientRows, i * 7);
    const travelDate = isoDay(today, -120 + i * 5);
    const itemCount = 1 + (i % 3);
    const region = pick(REGIONS, i * 2);
    // Some national sales are priced in pesos, as a Chilean agency prices hotels and transfers at home:
    // whole pesos at about the demo's rate (docs/decisions/0085-sale-currency.md).
    const inPesos = region === 'national' && i % 4 === 0;
    const priced = (usd: number) => (inPesos ? String(Math.round(usd / 0.00105)) : usd.toFixed(2));
    const items = Array.from({ length: itemCount }, (_, k) => {
      const cost = 150 + ((i * 97 + k * 61) % 1400) + ((i + k) % 4) * 0.25;
      const paxCount = 1 + ((i + k) % 3);
      return {
        classificationId: pick(classRows, i + k).id,
        supplierId: pick(supplierRows, i * 3 + k).id,
        operatorId: pick(operatorRows, i + k * 2).id,
        passengers: Array.from({ length: paxCount }, (_, p) => pick(paxRows, i * 5 + k * 3 + p).id),
        dateIn: travelDate,
        dateOut: isoDay(new Date(travelDate), 3 + (k % 5)),
        description: pick(ITEM_DESCRIPTIONS, i + k),
        costPrice: priced(cost),
        salePrice: priced(cost * 1.18),
        reservationCode: `R${String(10000 + i * 37 + k).slice(-5)}`,
        paymentDate: k % 2 === 0 ? isoDay(new Date(travelDate), -15) : null,
      };
    });
    // Read as the API reads a body, so the demo gives only the fields it fills and is checked as one.
    const body = saleCreateRequestSchema.parse({
      saleData: {
        passengerName: client.name,
        clientId: client.id,
        travelDate,
        saleType: pick(SALE_TYPES, i),
        serviceType: pick(SERVICE_TYPES, i * 3),
        region,
        ...(inPesos ? { currency: 'CLP' } : {}),
        passengerCount: Math.max(...items.map((it) => it.passengers.length)),
        sellerId: pick(sellers, i).id,
      },
      items,
    });
    const sale = await createSale(db, actor, body, audit);
    // Most non-cancelled sales have payments: some paid in full, some partly, a few still pending.
    const status = pick(STATUS_CYCLE, i);
    if (status !== 'cancelled' && status !== 'draft' && i % 4 !== 3) {
      const total = sale.salePrice;
      const first = i % 3 === 0 ? total : Math.round(total * 50) / 100;
      // A peso sale is paid in pesos, to the peso. A few deposits of dollar sales are paid in pesos too
      // (docs/product.md#customer-payments): about the same value in whole pesos, at DEMO_CLP_RATE (0.00105
      // USD per peso, a literal here: the demo converts no database value).
      const pesosOnDollars = !inPesos && i % 3 !== 0 && i % 4 === 1;
      const pesos = inPesos ? Math.round(first).toFixed(0) : (first / 0.00105).toFixed(0);
      await db.insert(payments).values({
        saleId: sale.id,
        paymentDate: isoDay(today, -100 + i * 3),
        ...(inPesos || pesosOnDollars
          ? {
              amount: pesos,
              currency: 'CLP',
              exchangeRate: DEMO_CLP_RATE,
              saleAmount: inPesos ? pesos : (usdValue(pesos, DEMO_CLP_RATE) ?? '0'),
            }
          : { amount: first.toFixed(2), currency: 'USD', exchangeRate: '1', saleAmount: first.toFixed(2) }),
        method: pick(['transfer', 'creditCard', 'cash'] as const, i),
        reference: i % 2 === 0 ? `TRX-${20000 + i}` : null,
        status: i % 5 === 4 ? 'pending' : 'confirmed',
        createdBy: admin.id,
      });
    }
    // Creation dates spread over the last four months so lists and charts look lived-in.
    await db
      .update(sales)
      .set({
        status,
        creationDate: sql`now() - make_interval(days => ${Math.max(0, 120 - i * 3)})`,
      })
      .where(eq(sales.id, sale.id));
  }
}

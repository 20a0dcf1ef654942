import { agencyToday } from '../../../domain/agency-day';
import { cents, readSaleRows } from '../../../domain/import-sales';
import type { CatalogKind } from '../../../domain/master-data';
import { paymentCreateSchema } from '../../../domain/payments';
import type { NewSaleData, SaleItemRequest } from '../../../domain/sale-requests';
import type { Database } from '../../db/client';
import { classifications, clients, operators, passengers, suppliers } from '../../db/schema';
import type { AuthUser } from '../../plugins/current-user';
import type { AuditActor } from '../audit';
import { agencyTimeZone } from '../company';
import { createPayment } from '../payments';
import { createSale } from '../sales';
import { IMPORT_REFUSED_MESSAGE, lockForImport, type Outcome, recordImport } from './queries';
import { type PlannedSale, planSales, type Ref, type SalePlan } from './sale-plan';

const CATALOG_TABLES = { classifications, suppliers, operators } as const;

/** Inserts the new records of one table and gives each key its id. */
async function insertNew(
  tx: Database,
  table: typeof clients | typeof passengers | (typeof CATALOG_TABLES)[CatalogKind],
  records: Map<string, Record<string, unknown>>,
) {
  const ids = new Map<string, number>();
  for (const [key, values] of records) {
    const [row] = await tx
      .insert(table)
      .values(values as never)
      .returning({ id: table.id });
    if (row) ids.set(key, row.id);
  }
  return ids;
}

const idOf = (ref: Ref, created: Map<string, number>) =>
  'id' in ref ? ref.id : (created.get(ref.create) ?? 0);

/** Every planned sale through the sales service, and what was paid through the payments service. */
async function writeSales(tx: Database, user: AuthUser, actor: AuditActor, plan: SalePlan) {
  const clientIds = await insertNew(tx, clients, plan.newClients);
  const passengerIds = await insertNew(tx, passengers, plan.newPassengers);
  const catalogIds = {
    classifications: await insertNew(tx, classifications, plan.newCatalog.classifications),
    suppliers: await insertNew(tx, suppliers, plan.newCatalog.suppliers),
    operators: await insertNew(tx, operators, plan.newCatalog.operators),
  };
  const today = agencyToday(await agencyTimeZone(tx));
  for (const planned of plan.sales)
    await writeSale(tx, user, actor, planned, { clientIds, passengerIds, catalogIds }, today);
}

async function writeSale(
  tx: Database,
  user: AuthUser,
  actor: AuditActor,
  { group, client, sellerId, currency, items }: PlannedSale,
  created: {
    clientIds: Map<string, number>;
    passengerIds: Map<string, number>;
    catalogIds: Record<CatalogKind, Map<string, number>>;
  },
  today: string,
) {
  const { sale } = group;
  const { clientIds, catalogIds } = created;
  const travellers = items.map((item) => item.passengers.map((ref) => idOf(ref, created.passengerIds)));
  const saleData = {
    clientId: idOf(client, clientIds),
    sellerId: sellerId ?? user.id,
    passengerName: sale.passengerName ?? '',
    travelDate: sale.travelDate ?? '',
    saleType: sale.saleType,
    serviceType: sale.serviceType,
    region: sale.region,
    passengerCount: Math.max(new Set(travellers.flat()).size, 1),
    currency,
    status: sale.status ?? 'confirmed',
  } as NewSaleData;
  const itemRequests = group.items.map(
    ({ values }, n): SaleItemRequest =>
      ({
        classificationId: idOf(items[n]?.catalog.classification ?? { id: 0 }, catalogIds.classifications),
        supplierId: idOf(items[n]?.catalog.supplier ?? { id: 0 }, catalogIds.suppliers),
        operatorId: idOf(items[n]?.catalog.operator ?? { id: 0 }, catalogIds.operators),
        passengers: travellers[n] ?? [],
        dateIn: values.dateIn ?? null,
        dateOut: values.dateOut ?? null,
        description: values.description ?? null,
        salePrice: values.salePrice ?? '0',
        costPrice: values.costPrice ?? '0',
        reservationCode: values.reservationCode ?? null,
        paymentDate: null,
      }) as SaleItemRequest,
  );
  const saved = await createSale(tx, user, { saleData, items: itemRequests }, actor);
  const paid = sale.paid ?? '0';
  if (cents(paid) > 0) {
    const payment = paymentCreateSchema.parse({
      saleId: saved.id,
      date: today,
      amount: paid,
      currency,
      status: 'confirmed',
    });
    await createPayment(tx, user, payment, actor);
  }
}

/** Imports a file of sales (docs/decisions/0095-imports.md, "Sales"): all or nothing, as the other kinds. */
export async function importSales(
  db: Database,
  table: Parameters<typeof readSaleRows>[0],
  dryRun: boolean,
  user: AuthUser,
  actor: AuditActor,
): Promise<Outcome> {
  const { groups, errors, rows } = readSaleRows(table);
  const counts = (plan: SalePlan | null, list = errors) => ({
    kind: 'sales' as const,
    rows,
    created: plan
      ? plan.sales.length +
        plan.newClients.size +
        plan.newPassengers.size +
        Object.values(plan.newCatalog).reduce((sum, entries) => sum + entries.size, 0)
      : 0,
    updated: 0,
    unchanged: plan ? plan.unchanged : 0,
    errors: list,
  });
  if (errors.length) return { status: 422, body: { ...counts(null), message: IMPORT_REFUSED_MESSAGE } };
  if (dryRun) {
    const plan = await planSales(db, groups);
    if (plan.errors.length)
      return { status: 422, body: { ...counts(null, plan.errors), message: IMPORT_REFUSED_MESSAGE } };
    return { status: 200, body: counts(plan) };
  }
  const outcome = await db.transaction(async (tx) => {
    for (const kind of ['clients', 'passengers', 'classifications', 'suppliers', 'operators'] as const)
      await lockForImport(tx, kind);
    await lockForImport(tx, 'sales');
    const plan = await planSales(tx, groups);
    if (plan.errors.length) return { plan, result: null };
    await writeSales(tx, user, actor, plan);
    const result = counts(plan);
    await recordImport(tx, actor, 'sale', result);
    return { plan, result };
  });
  if (!outcome.result)
    return { status: 422, body: { ...counts(null, outcome.plan.errors), message: IMPORT_REFUSED_MESSAGE } };
  return { status: 200, body: outcome.result };
}

import { and, eq, inArray, sql } from 'drizzle-orm';
import { BASE_CURRENCY } from '../../../domain/company';
import type { NewSaleData, SaleEditRequest, SaleItemRequest } from '../../../domain/sale-requests';
import {
  ADMIN_ONLY_TRANSITION_MESSAGE,
  adminOnlyTransition,
  canEditSale,
  canTransition,
  type SaleData,
  type SaleItemData,
  STALE_SALE_MESSAGE,
} from '../../../domain/sales';
import { type SaleStatus, STATUS_LABELS } from '../../../domain/status';
import type { Database } from '../../db/client';
import { saleItemPassengers, saleItems, sales } from '../../db/schema';
import { conflict, forbidden } from '../../lib/http-errors';
import { type AuditActor, record } from '../audit';
import type { AuthUser } from '../auth';
import { loadSale } from './detail';
import { passengerList, type Snapshot, saleChanges, saleSnapshot, saleSnapshotColumns } from './history';
import { activeInvoiceOf, amountsSum, hasPayments, lockSale, type SaleScope } from './queries';
import { assertReferences, resolvePassengers } from './references';
import { assertWholeAmounts, editedCurrency, rateToFreeze } from './sale-currency';
import { auditedItemColumns, itemValues, saleValues } from './stored-fields';

export const STALE_VERSION_MESSAGE = STALE_SALE_MESSAGE;
export const COMPLETED_MESSAGE = 'Una venta liquidada no se puede modificar';

/** Admin and finance see every sale; a seller only their own. */
export function scopeFor(user: AuthUser): SaleScope {
  return user.role === 'sales' ? { sellerId: user.id } : {};
}

/**
 * The sale's totals summed in SQL from the items being written, so the sale row is written once with
 * them (a later UPDATE would move every trigger-kept aggregate twice).
 */
function itemTotals(items: SaleItemData[]) {
  return {
    salePrice: amountsSum(items.map((item) => item.salePrice)),
    totalCost: amountsSum(items.map((item) => item.costPrice)),
  };
}

/**
 * The items in one statement and their passengers in another: the triggers run once per statement.
 * Returns the items as the audit's snapshot lists them, read back from the insert itself: on two cores
 * a select after it costs more than the comparison (docs/performance.md, writes).
 */
async function writeItems(tx: Database, saleId: number, items: SaleItemData[]): Promise<Snapshot['items']> {
  if (!items.length) return [];
  const rows = await tx
    .insert(saleItems)
    .values(items.map((item, position) => ({ saleId, position, ...itemValues(item) })))
    .returning({ id: saleItems.id, at: saleItems.position, ...auditedItemColumns });
  rows.sort((a, b) => a.at - b.at);
  const links = rows.flatMap((row) =>
    (items[row.at]?.passengers ?? []).map((passengerId) => ({ saleItemId: row.id, passengerId })),
  );
  if (links.length) await tx.insert(saleItemPassengers).values(links);
  return rows.map(({ id, at, ...fields }) => ({
    ...fields,
    passengers: passengerList(items[at]?.passengers ?? []),
  }));
}

/** A seller always sells as themselves, whatever the form says. */
const withSeller = (actor: AuthUser, data: SaleData): SaleData =>
  actor.role === 'sales' ? { ...data, sellerId: actor.id } : data;

export async function createSale(
  db: Database,
  actor: AuthUser,
  input: { saleData: NewSaleData; items: SaleItemRequest[] },
  audit: AuditActor,
) {
  const {
    status = 'confirmed',
    currency = BASE_CURRENCY,
    exchangeRate: _typed,
    ...saleData
  } = input.saleData;
  const data = withSeller(actor, saleData);
  assertWholeAmounts(currency, input.items);
  const id = await db.transaction(async (tx) => {
    const exchangeRate = await rateToFreeze(tx, currency);
    const items = await resolvePassengers(tx, input.items);
    await assertReferences(tx, data, items);
    const [written] = await tx
      .insert(sales)
      .values({ ...saleValues(data), ...itemTotals(items), status, currency, exchangeRate })
      .returning({ id: sales.id, ...saleSnapshotColumns });
    if (!written) throw new Error('sale insert returned no row');
    const { id: saleId, ...sale } = written;
    const after = { sale, items: await writeItems(tx, saleId, items) };
    await record(tx, audit, {
      action: 'create',
      entity: 'sale',
      entityId: saleId,
      changes: saleChanges(null, after),
    });
    return saleId;
  });
  return loadSale(db, id, {});
}

/**
 * Replaces the sale and its items in one transaction, only from the state the editor started with:
 * the `version` of the body or of an `If-Match` header, or else the item ids the body carries (an id
 * that is no longer one of the sale's items means someone edited it meanwhile). A body with none of
 * these replaces the sale as it is (docs/decisions/0018-sale-request-shapes.md).
 */
export async function editSale(
  db: Database,
  actor: AuthUser,
  id: number,
  input: Omit<SaleEditRequest, 'kind'>,
  audit: AuditActor,
) {
  const scope = scopeFor(actor);
  const data = withSeller(actor, input.saleData);
  await db.transaction(async (tx) => {
    const current = await lockSale(tx, id, scope);
    if (current.status === 'completed') throw conflict(COMPLETED_MESSAGE);
    if (input.version !== undefined && current.version !== input.version)
      throw conflict(STALE_VERSION_MESSAGE);
    const sentItemIds = input.items.flatMap((item) => (item.id === undefined ? [] : [item.id]));
    if (input.version === undefined && sentItemIds.length) {
      const still = await tx
        .select({ id: saleItems.id })
        .from(saleItems)
        .where(and(eq(saleItems.saleId, id), inArray(saleItems.id, sentItemIds)));
      if (still.length !== new Set(sentItemIds).size) throw conflict(STALE_VERSION_MESSAGE);
    }
    const money = await editedCurrency(tx, actor, current, input.saleData);
    assertWholeAmounts(money.currency, input.items);
    const before = await saleSnapshot(tx, id);
    const items = await resolvePassengers(tx, input.items);
    await assertReferences(tx, data, items);
    const [sale] = await tx
      .update(sales)
      .set({
        ...saleValues(data),
        ...itemTotals(items),
        ...money,
        version: sql`${sales.version} + 1`,
        updatedAt: new Date(),
      })
      .where(eq(sales.id, id))
      .returning(saleSnapshotColumns);
    await tx.delete(saleItems).where(eq(saleItems.saleId, id));
    const after = { sale: sale ?? {}, items: await writeItems(tx, id, items) };
    const changes = saleChanges(before, after);
    await record(tx, audit, { action: 'update', entity: 'sale', entityId: id, changes });
  });
  return loadSale(db, id, scope);
}

export const ACTIVE_DTE_MESSAGE = (folio: number) =>
  `La venta tiene la factura electrónica N° ${folio}: emite primero una nota de crédito (en la factura, "Emitir nota de crédito")`;

/** A sale documented with a DTE is annulled with a credit note first: the SII holds the invoice. */
async function refuseWithActiveDte(tx: Database, saleId: number) {
  const folio = (await activeInvoiceOf(tx, saleId))?.dteFolio;
  if (folio != null) throw conflict(ACTIVE_DTE_MESSAGE(folio));
}

export async function changeStatus(
  db: Database,
  actor: AuthUser,
  id: number,
  status: SaleStatus,
  version: number | undefined,
  audit: AuditActor,
) {
  const scope = scopeFor(actor);
  await db.transaction(async (tx) => {
    // Locked, so a payment being registered on this sale commits before or after, never beside it.
    const current = await lockSale(tx, id, scope);
    if (status === 'cancelled') await refuseWithActiveDte(tx, id);
    if (!canEditSale(current.status)) throw conflict(COMPLETED_MESSAGE);
    if (!canTransition(current.status, status)) {
      throw conflict(
        `No se puede cambiar una venta ${STATUS_LABELS[current.status]?.toLowerCase()} a ${STATUS_LABELS[status]?.toLowerCase()}`,
      );
    }
    if (adminOnlyTransition(current.status, status) && actor.role !== 'admin')
      throw forbidden(ADMIN_ONLY_TRANSITION_MESSAGE);
    if (version !== undefined && version !== current.version) throw conflict(STALE_VERSION_MESSAGE);
    await tx
      .update(sales)
      .set({ status, version: sql`${sales.version} + 1`, updatedAt: new Date() })
      .where(eq(sales.id, id));
    const changes = [{ field: 'status', from: current.status, to: status }];
    await record(tx, audit, { action: 'status', entity: 'sale', entityId: id, changes });
  });
  return loadSale(db, id, scope);
}

export async function deleteSale(db: Database, id: number, audit: AuditActor) {
  await db.transaction(async (tx) => {
    await lockSale(tx, id, {});
    if (await hasPayments(tx, id)) throw conflict('No se puede eliminar una venta con pagos registrados');
    const changes = saleChanges(await saleSnapshot(tx, id), null);
    await tx.delete(sales).where(eq(sales.id, id));
    await record(tx, audit, { action: 'delete', entity: 'sale', entityId: id, changes });
  });
}

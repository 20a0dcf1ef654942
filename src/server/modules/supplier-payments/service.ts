import { and, desc, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import type { SupplierPaymentData, SupplierPaymentUpdate } from '../../../domain/supplier-payments';
import type { Database } from '../../db/client';
import { moneyValue, rateValue } from '../../db/money';
import { saleItems, sales, supplierPaymentSales, supplierPayments, suppliers } from '../../db/schema';
import { badRequest, notFound } from '../../lib/http-errors';
import { type AuditActor, diff, record } from '../audit';
import { activeRate } from '../company';
import { SUPPLIER_NOT_FOUND } from './queries';

export const SUPPLIER_PAYMENT_NOT_FOUND = 'Pago a proveedor no encontrado';

/** Related sales must exist and include at least one item of this supplier. */
async function assertRelatedSales(db: Database, supplierId: number, saleIds: number[]) {
  if (!saleIds.length) return;
  const rows = await db
    .selectDistinct({ id: saleItems.saleId })
    .from(saleItems)
    .where(and(eq(saleItems.supplierId, supplierId), inArray(saleItems.saleId, saleIds)));
  const found = new Set(rows.map((r) => r.id));
  const foreign = saleIds.filter((id) => !found.has(id));
  if (foreign.length) {
    throw badRequest(`Las ventas ${foreign.join(', ')} no corresponden a este proveedor`, [
      { path: 'relatedSales', message: 'Las ventas relacionadas deben ser de este proveedor' },
    ]);
  }
}

async function assertSupplier(db: Database, supplierId: number) {
  const [row] = await db.select({ id: suppliers.id }).from(suppliers).where(eq(suppliers.id, supplierId));
  if (!row) throw badRequest(SUPPLIER_NOT_FOUND, [{ path: 'supplierId', message: SUPPLIER_NOT_FOUND }]);
}

export async function loadSupplierPayments(
  db: Database,
  filter: { id?: number; supplierId?: number; before?: { paymentDate: string; id: number } } = {},
  limit = 500,
) {
  const { before } = filter;
  const where = and(
    filter.id === undefined ? undefined : eq(supplierPayments.id, filter.id),
    filter.supplierId === undefined ? undefined : eq(supplierPayments.supplierId, filter.supplierId),
    // Keyset continuation in the history's order (an export reads it in batches).
    before &&
      sql`(${supplierPayments.paymentDate}, ${supplierPayments.id}) < (${before.paymentDate}, ${before.id})`,
  );
  const rows = await db
    .select({
      payment: {
        ...getTableColumns(supplierPayments),
        amount: moneyValue(supplierPayments.amount, supplierPayments.currency),
        rateToUsd: rateValue(supplierPayments.rateToUsd),
        amountUsd: moneyValue(supplierPayments.amountUsd, 'USD'),
      },
      supplierName: suppliers.name,
    })
    .from(supplierPayments)
    .innerJoin(suppliers, eq(suppliers.id, supplierPayments.supplierId))
    .where(where)
    .orderBy(desc(supplierPayments.paymentDate), desc(supplierPayments.id))
    .limit(limit);
  const links = rows.length
    ? await db
        .select({
          paymentId: supplierPaymentSales.supplierPaymentId,
          saleId: supplierPaymentSales.saleId,
          passengerName: sales.passengerName,
        })
        .from(supplierPaymentSales)
        .innerJoin(sales, eq(sales.id, supplierPaymentSales.saleId))
        .where(
          inArray(
            supplierPaymentSales.supplierPaymentId,
            rows.map((r) => r.payment.id),
          ),
        )
    : [];
  return rows.map(({ payment: p, supplierName }) => ({
    id: p.id,
    supplierId: p.supplierId,
    supplierName,
    amount: p.amount,
    currency: p.currency,
    rateToUsd: p.rateToUsd,
    amountUsd: p.amountUsd,
    paymentDate: p.paymentDate,
    description: p.description,
    paymentMethod: p.paymentMethod,
    reference: p.reference,
    relatedSales: links
      .filter((l) => l.paymentId === p.id)
      .map((l) => ({ id: l.saleId, passengerName: l.passengerName })),
    createdAt: p.createdAt.toISOString(),
  }));
}

export async function getSupplierPayment(db: Database, id: number) {
  const [payment] = await loadSupplierPayments(db, { id }, 1);
  if (!payment) throw notFound(SUPPLIER_PAYMENT_NOT_FOUND);
  return payment;
}

/**
 * Writes a payment with the USD rate in force now, frozen on the row: a later rate change does not
 * rewrite what was paid. amount_usd is rounded to cents by PostgreSQL's numeric arithmetic. An edit
 * changes the fields its body names; the others keep their stored values, and its related sales are
 * allocated again from its new value (the links are written anew, which drops the old allocation).
 */
export async function saveSupplierPayment(
  db: Database,
  audit: AuditActor,
  body: SupplierPaymentData | SupplierPaymentUpdate,
  id?: number,
) {
  const savedId = await db.transaction(async (tx) => {
    let input: SupplierPaymentData;
    let rate: string;
    let before: Record<string, unknown> = {};
    if (id === undefined) {
      input = body as SupplierPaymentData;
      rate = await activeRate(tx, input.currency);
    } else {
      const [current] = await tx
        .select()
        .from(supplierPayments)
        .where(eq(supplierPayments.id, id))
        .for('update');
      if (!current) throw notFound(SUPPLIER_PAYMENT_NOT_FOUND);
      const linked = await relatedSaleIds(tx, id);
      before = { ...current, relatedSales: linked };
      input = keptFields(body, current, linked);
      // Same currency: keep the rate it was paid at; a new currency takes today's rate.
      rate = current.currency === input.currency ? current.rateToUsd : await activeRate(tx, input.currency);
    }
    await assertSupplier(tx, input.supplierId);
    await assertRelatedSales(tx, input.supplierId, input.relatedSales);
    const values = {
      supplierId: input.supplierId,
      amount: input.amount,
      currency: input.currency,
      rateToUsd: rate,
      amountUsd: sql`round(${input.amount}::numeric * ${rate}::numeric, 2)`,
      paymentDate: input.paymentDate,
      description: input.description,
      paymentMethod: input.paymentMethod,
      reference: input.reference,
    };
    const [row] =
      id === undefined
        ? await tx
            .insert(supplierPayments)
            .values({ ...values, createdBy: audit.userId })
            .returning()
        : await tx
            .update(supplierPayments)
            .set({ ...values, updatedAt: new Date() })
            .where(eq(supplierPayments.id, id))
            .returning();
    if (!row) throw new Error('supplier payment write returned no row');
    await tx.delete(supplierPaymentSales).where(eq(supplierPaymentSales.supplierPaymentId, row.id));
    if (input.relatedSales.length) {
      await tx
        .insert(supplierPaymentSales)
        .values(input.relatedSales.map((saleId) => ({ supplierPaymentId: row.id, saleId })));
      // The payment settles its sales' items first (docs/decisions/0088): its USD value is shared out
      // among them in the database, under the lock every writer of the dues takes.
      await tx.execute(sql`select supplier_payment_allocate(${row.id})`);
    }
    const changes = diff(before, { ...row, relatedSales: await relatedSaleIds(tx, row.id) });
    const action = id === undefined ? 'create' : 'update';
    await record(tx, audit, { action, entity: 'supplierPayment', entityId: row.id, changes });
    return row.id;
  });
  return getSupplierPayment(db, savedId);
}

/** The edit's values: what the body names, and the stored row (and its linked sales) for the rest. */
function keptFields(
  body: SupplierPaymentUpdate,
  current: typeof supplierPayments.$inferSelect,
  linked: string,
): SupplierPaymentData {
  return {
    supplierId: body.supplierId ?? current.supplierId,
    amount: body.amount ?? current.amount,
    currency: body.currency ?? (current.currency as SupplierPaymentData['currency']),
    paymentDate: body.paymentDate ?? current.paymentDate,
    paymentMethod: body.paymentMethod ?? current.paymentMethod,
    description: body.description ?? current.description,
    reference: body.reference === undefined ? current.reference : body.reference,
    relatedSales: body.relatedSales ?? (linked ? linked.split(',').map(Number) : []),
  };
}

/** The sales a payment is linked to, as the trail shows them: "3,7". */
async function relatedSaleIds(tx: Database, id: number): Promise<string> {
  const rows = await tx
    .select({ saleId: supplierPaymentSales.saleId })
    .from(supplierPaymentSales)
    .where(eq(supplierPaymentSales.supplierPaymentId, id))
    .orderBy(supplierPaymentSales.saleId);
  return rows.map((r) => r.saleId).join(',');
}

export async function deleteSupplierPayment(db: Database, id: number, audit: AuditActor) {
  await db.transaction(async (tx) => {
    const links = await relatedSaleIds(tx, id);
    const [row] = await tx.delete(supplierPayments).where(eq(supplierPayments.id, id)).returning();
    if (!row) throw notFound(SUPPLIER_PAYMENT_NOT_FOUND);
    const changes = diff({ ...row, relatedSales: links }, {});
    await record(tx, audit, { action: 'delete', entity: 'supplierPayment', entityId: id, changes });
  });
}

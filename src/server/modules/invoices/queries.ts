import { and, count, desc, eq, getTableColumns, sql } from 'drizzle-orm';
import type { InvoiceStatus } from '../../../domain/invoices';
import type { Database } from '../../db/client';
import { type Currency, type Money, moneyInList, moneyValue } from '../../db/money';
import { type InvoiceItemSnapshot, invoices, payments, sales } from '../../db/schema';
import { notFound } from '../../lib/http-errors';
import { containsPattern, nameContains } from '../../lib/search';
import { type SaleScope, sellerCondition } from '../sales';

export const INVOICE_NOT_FOUND = 'Factura no encontrada';

/**
 * Status follows the money (issue 10): cancelled, else paid once confirmed payments cover it, each
 * payment by its USD value (issue 29) against the invoice's amount in its sale's currency, USD.
 */
const statusSql = sql<InvoiceStatus>`case
  when ${invoices.cancelledAt} is not null then 'cancelled'
  when (select coalesce(sum(${payments.usdAmount}), 0) from ${payments}
        where ${payments.saleId} = ${invoices.saleId} and ${payments.status} = 'confirmed') >= ${invoices.amount}
    then 'paid'
  else 'pending' end`;

/** An invoice is visible when its sale is (a seller sees the invoices of their own sales). */
const visible = (scope: SaleScope) => sellerCondition(sales.sellerId, scope);

type InvoiceRow = Omit<typeof invoices.$inferSelect, 'amount' | 'items'> & {
  amount: Money<Currency>;
  items: (Omit<InvoiceItemSnapshot, 'salePrice'> & { salePrice: Money<Currency> })[];
};

function toInvoice(row: { invoice: InvoiceRow; status: InvoiceStatus; sellerId: number }) {
  const i = row.invoice;
  return {
    id: i.id,
    invoiceNumber: i.number,
    saleId: i.saleId,
    date: i.issueDate,
    amount: i.amount,
    currency: i.currency,
    status: row.status,
    client: { name: i.clientName, taxId: i.clientTaxId, email: i.clientEmail, address: i.clientAddress },
    company: {
      name: i.companyName,
      taxId: i.companyTaxId,
      address: i.companyAddress,
      email: i.companyEmail,
      phone: i.companyPhone,
    },
    items: i.items,
    cancelledAt: i.cancelledAt?.toISOString() ?? null,
    cancelReason: i.cancelReason,
    createdAt: i.createdAt.toISOString(),
  };
}
export type InvoiceView = ReturnType<typeof toInvoice>;

const selection = {
  invoice: {
    ...getTableColumns(invoices),
    amount: moneyValue(invoices.amount, invoices.currency),
    // The items are a JSON copy, their prices exact decimal text like the columns'.
    items: moneyInList(sql<InvoiceItemSnapshot[]>`${invoices.items}`, ['salePrice'], invoices.currency),
  },
  status: statusSql,
  sellerId: sales.sellerId,
};

export async function listInvoices(
  db: Database,
  scope: SaleScope,
  query: { status?: InvoiceStatus; q?: string; saleId?: number; page: number; limit: number },
) {
  const where = and(
    visible(scope),
    query.saleId ? eq(invoices.saleId, query.saleId) : undefined,
    query.status ? sql`${statusSql} = ${query.status}` : undefined,
    query.q
      ? sql`(${nameContains(invoices.clientName, query.q)} or lower(${invoices.number}) like ${containsPattern(query.q.toLowerCase())})`
      : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select(selection)
      .from(invoices)
      .innerJoin(sales, eq(sales.id, invoices.saleId))
      .where(where)
      .orderBy(desc(invoices.createdAt), desc(invoices.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db.select({ n: count() }).from(invoices).innerJoin(sales, eq(sales.id, invoices.saleId)).where(where),
  ]);
  return { invoices: rows.map(toInvoice), total: total?.n ?? 0 };
}

export async function loadInvoice(db: Database, id: number, scope: SaleScope) {
  const [row] = await db
    .select(selection)
    .from(invoices)
    .innerJoin(sales, eq(sales.id, invoices.saleId))
    .where(and(eq(invoices.id, id), visible(scope)));
  if (!row) throw notFound(INVOICE_NOT_FOUND);
  return toInvoice(row);
}

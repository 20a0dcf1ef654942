import { and, eq, sql } from 'drizzle-orm';
import { amountInWords } from '../../../domain/amount-words';
import { documentTitles, receiptLabel } from '../../../domain/documents';
import { formatDate } from '../../../domain/format';
import { PAYMENT_METHOD_LABELS } from '../../../domain/payments';
import type { Database } from '../../db/client';
import { moneyValue } from '../../db/money';
import { clients, payments, sales } from '../../db/schema';
import { conflict, notFound } from '../../lib/http-errors';
import type { AuthUser } from '../auth';
import { getCompanySettings } from '../company';
import { scopeFor, sellerCondition } from '../sales';
import { fields, heading, renderPdf } from './layout';

const earlier = sql.raw('earlier');

/**
 * What the sale still owed once this payment was received: its total less this and every confirmed
 * payment numbered before it, each by its value in the sale's currency (`sale_amount`, what the sale
 * screen subtracts; decision 0085). Receipt numbers follow the confirmations, so a receipt printed again
 * later shows the balance it showed the first time.
 */
const balanceAfter = sql`${sales.salePrice} - (select coalesce(sum(${earlier}.sale_amount), 0)
  from ${payments} ${earlier} where ${earlier}.sale_id = ${payments.saleId}
  and ${earlier}.status = 'confirmed' and ${earlier}.receipt_number <= ${payments.receiptNumber})`;

/** A confirmed payment's receipt: its number, the amount in figures and in words, the sale and its balance. */
export async function receipt(db: Database, paymentId: number, user: AuthUser) {
  const [row] = await db
    .select({
      receiptNumber: payments.receiptNumber,
      status: payments.status,
      date: payments.paymentDate,
      amount: moneyValue(payments.amount, payments.currency),
      currency: payments.currency,
      method: payments.method,
      reference: payments.reference,
      saleId: sales.id,
      saleTotal: moneyValue(sales.salePrice, sales.currency),
      saleCurrency: sales.currency,
      passengerName: sales.passengerName,
      travelDate: sales.travelDate,
      balance: moneyValue(balanceAfter, sales.currency),
      clientName: clients.name,
      clientId: clients.clientId,
      clientEmail: clients.email,
    })
    .from(payments)
    .innerJoin(sales, eq(sales.id, payments.saleId))
    .innerJoin(clients, eq(clients.id, sales.clientId))
    .where(and(eq(payments.id, paymentId), sellerCondition(sales.sellerId, scopeFor(user))));
  if (!row) throw notFound('Pago no encontrado');
  if (row.status !== 'confirmed')
    throw conflict('El comprobante es de un pago confirmado; este pago está pendiente');
  // Only rows written with the triggers off (scripts/seed-large.ts) are confirmed without a number.
  if (row.receiptNumber === null) throw conflict('Este pago no tiene número de comprobante');
  const number = receiptLabel(row.receiptNumber);
  const company = await getCompanySettings(db);
  const pdf = await renderPdf(documentTitles.receipt(number), company, (doc, amount) => {
    fields(doc, [
      ['Fecha de pago', formatDate(row.date)],
      ['Recibimos de', row.clientId ? `${row.clientName} (ID/RUT ${row.clientId})` : row.clientName],
      ['Monto', amount(row.amount, row.currency)],
      ['Son', amountInWords(row.amount, row.currency)],
      ['Método de pago', PAYMENT_METHOD_LABELS[row.method]],
      ['Referencia', row.reference],
    ]);
    heading(doc, 'Venta');
    fields(doc, [
      ['Venta', `#${row.saleId}`],
      ['Pasajero', row.passengerName],
      ['Fecha de viaje', formatDate(row.travelDate)],
      ['Total de la venta', amount(row.saleTotal, row.saleCurrency)],
      ['Saldo después de este pago', amount(row.balance, row.saleCurrency)],
    ]);
  });
  return {
    pdf,
    filename: `Comprobante-${number}.pdf`,
    number,
    client: { name: row.clientName, email: row.clientEmail },
  };
}

import { and, asc, gte, lt, sql } from 'drizzle-orm';
import { DTE_TYPE_LABELS } from '../../../domain/dte';
import type { Database } from '../../db/client';
import { dteDocuments } from '../../db/schema';
import type { ExportColumn } from '../../lib/export';

/** One line of the Libro de ventas: amounts in whole pesos, a credit note's with a minus sign. */
export interface RegisterRow {
  type: number;
  folio: number;
  issueDate: string;
  receiverRut: string;
  receiverName: string;
  exempt: string;
  net: string;
  vat: string;
  total: string;
}

/** A credit note (61) subtracts from the month: its amounts are listed negative, so a column's sum is the month's. */
const signed = (column: typeof dteDocuments.netAmount) =>
  sql<string>`(case when ${dteDocuments.type} = 61 then -${column} else ${column} end)::text`;

/** The documents issued in `month` (yyyy-mm), by type and folio. */
export function salesRegister(db: Database, month: string): Promise<RegisterRow[]> {
  const first = `${month}-01`;
  return db
    .select({
      type: dteDocuments.type,
      folio: dteDocuments.folio,
      issueDate: dteDocuments.issueDate,
      receiverRut: dteDocuments.receiverRut,
      receiverName: dteDocuments.receiverName,
      exempt: signed(dteDocuments.exemptAmount),
      net: signed(dteDocuments.netAmount),
      vat: signed(dteDocuments.vatAmount),
      total: signed(dteDocuments.totalAmount),
    })
    .from(dteDocuments)
    .where(
      and(
        gte(dteDocuments.issueDate, first),
        lt(dteDocuments.issueDate, sql<string>`(${first}::date + interval '1 month')::date`),
      ),
    )
    .orderBy(asc(dteDocuments.type), asc(dteDocuments.folio));
}

/**
 * The accountant's columns (docs/product.md#invoices-api): type, folio, date, receiver, exempt, net, IVA,
 * total.
 */
export const registerColumns: ExportColumn<RegisterRow>[] = [
  { header: 'Tipo', kind: 'number', value: (r) => r.type },
  { header: 'Documento', kind: 'text', value: (r) => DTE_TYPE_LABELS[r.type] ?? '' },
  { header: 'Folio', kind: 'number', value: (r) => r.folio },
  { header: 'Fecha', kind: 'date', value: (r) => r.issueDate },
  { header: 'RUT receptor', kind: 'text', value: (r) => r.receiverRut },
  { header: 'Razón social receptor', kind: 'text', value: (r) => r.receiverName },
  { header: 'Exento (CLP)', kind: 'number', value: (r) => r.exempt },
  { header: 'Neto (CLP)', kind: 'number', value: (r) => r.net },
  { header: 'IVA (CLP)', kind: 'number', value: (r) => r.vat },
  { header: 'Total (CLP)', kind: 'number', value: (r) => r.total },
];

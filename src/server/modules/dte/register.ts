import { sql } from 'drizzle-orm';
import { DTE_TYPE_LABELS } from '../../../domain/dte';
import { BOLETA_TYPES, CREDIT_NOTE_TYPE } from '../../../domain/tax-month';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/sql-rows';
import type { ExportColumn } from '../../lib/export';

/**
 * One line of the Libro de ventas: a document, or a day's boletas of one type summarised as the SII's
 * Resumen de boletas does (no receiver, their folio range and count). Amounts in whole pesos, a credit
 * note's with a minus sign.
 */
export interface RegisterRow {
  type: number;
  folio: number;
  lastFolio: number;
  count: string;
  issueDate: string;
  receiverRut: string;
  receiverName: string;
  exempt: string;
  net: string;
  vat: string;
  total: string;
}

/** The receiver column of a day's boletas: a boleta's buyer is not declared one by one. */
export const BOLETA_SUMMARY_NAME = 'Resumen diario de boletas';

/** A credit note (61) subtracts from the month: its amounts are listed negative, so a column's sum is the month's. */
const signed = (column: string) =>
  sql.raw(`(case when type = ${CREDIT_NOTE_TYPE} then -${column} else ${column} end)`);

/**
 * The documents issued in `month` (yyyy-mm), by type and folio: one line per factura or note, one per
 * day and type of boleta (the types are read from the stored documents, so boletas appear as soon as
 * any is stored).
 */
export function salesRegister(db: Database, month: string): Promise<RegisterRow[]> {
  const first = `${month}-01`;
  const inMonth = sql`issue_date >= ${first}::date and issue_date < (${first}::date + interval '1 month')::date`;
  const boletas = sql`${`{${BOLETA_TYPES.join(',')}}`}::int[]`;
  return rowsOf<RegisterRow>(
    db,
    sql`
      select type, folio, folio as "lastFolio", '1' as count, issue_date::text as "issueDate",
        receiver_rut as "receiverRut", receiver_name as "receiverName",
        ${signed('exempt_amount')}::text as exempt, ${signed('net_amount')}::text as net,
        ${signed('vat_amount')}::text as vat, ${signed('total_amount')}::text as total
      from dte_documents
      where ${inMonth} and type <> all(${boletas})
      union all
      select type, min(folio), max(folio), count(*)::text, issue_date::text, '', ${BOLETA_SUMMARY_NAME},
        sum(exempt_amount)::text, sum(net_amount)::text, sum(vat_amount)::text, sum(total_amount)::text
      from dte_documents
      where ${inMonth} and type = any(${boletas})
      group by type, issue_date
      order by type, folio`,
  );
}

/**
 * The accountant's columns (docs/product.md#invoices-api): type, folios, count, date, receiver, exempt,
 * net, IVA, total. A document's line has its folio twice and a count of 1.
 */
export const registerColumns: ExportColumn<RegisterRow>[] = [
  { header: 'Tipo', kind: 'number', value: (r) => r.type },
  { header: 'Documento', kind: 'text', value: (r) => DTE_TYPE_LABELS[r.type] ?? '' },
  { header: 'Folio', kind: 'number', value: (r) => r.folio },
  { header: 'Folio final', kind: 'number', value: (r) => r.lastFolio },
  { header: 'Cantidad', kind: 'number', value: (r) => r.count },
  { header: 'Fecha', kind: 'date', value: (r) => r.issueDate },
  { header: 'RUT receptor', kind: 'text', value: (r) => r.receiverRut },
  { header: 'Razón social receptor', kind: 'text', value: (r) => r.receiverName },
  { header: 'Exento (CLP)', kind: 'number', value: (r) => r.exempt },
  { header: 'Neto (CLP)', kind: 'number', value: (r) => r.net },
  { header: 'IVA (CLP)', kind: 'number', value: (r) => r.vat },
  { header: 'Total (CLP)', kind: 'number', value: (r) => r.total },
];

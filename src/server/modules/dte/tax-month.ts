import { sql } from 'drizzle-orm';
import { currencyDecimals } from '../../../domain/currency-decimals';
import { roundedDecimal } from '../../../domain/decimal-text';
import { DTE_TYPE_LABELS } from '../../../domain/dte';
import {
  CREDIT_NOTE_TYPE,
  type FolioRun,
  folioRunsText,
  type SupplierPaymentsTotal,
  TAX_MONTH_TYPES,
  type TaxMonth,
  type TaxMonthType,
  VAT_DEBIT_TYPES,
} from '../../../domain/tax-month';
import type { Database } from '../../db/client';
import { toCount, toMoney } from '../../db/money';
import { rowsOf } from '../../db/sql-rows';
import type { ExportColumn } from '../../lib/export';

/**
 * The accountant's month (docs/decisions/0103-the-tax-month.md), read from the stored tax documents
 * alone: what was declared to the SII is what the F29 adds up, never the sales behind it. The month is
 * a range of `date`s (a document's issue date, a payment's date), which are days of the agency's
 * calendar already, so the bounds need no zone.
 */

interface TypeRow {
  type: number;
  count: string;
  exempt: string;
  net: string;
  vat: string;
  total: string;
  folios: [number, number][];
  month_exempt: string;
  month_net: string;
  month_vat: string;
  month_total: string;
  vat_debit: string;
}

const inMonth = (column: string, month: string) =>
  sql`${sql.raw(column)} >= ${`${month}-01`}::date
    and ${sql.raw(column)} < (${`${month}-01`}::date + interval '1 month')::date`;

const pesos = (text: string) => toMoney(text, 'CLP');

/**
 * One statement, so the totals are those of the very rows listed: each type's sums and its folios as
 * runs (a folio less its rank is the same along a run of consecutive folios), and over every type the
 * month's sums with a credit note's negative.
 */
async function typeRows(db: Database, month: string): Promise<TypeRow[]> {
  const signed = (column: string) =>
    sql.raw(`sum(case when type = ${CREDIT_NOTE_TYPE} then -${column} else ${column} end) over ()`);
  return rowsOf<TypeRow>(
    db,
    sql`
      with docs as (
        select type, folio, exempt_amount, net_amount, vat_amount, total_amount,
          folio - row_number() over (partition by type order by folio) as run
        from dte_documents
        where ${inMonth('issue_date', month)}
      ),
      runs as (
        select type, min(folio) as first, max(folio) as last from docs group by type, run
      ),
      types as (
        select type, count(*) as count, sum(exempt_amount) as exempt, sum(net_amount) as net,
          sum(vat_amount) as vat, sum(total_amount) as total
        from docs group by type
      )
      select type, count::text, exempt::text, net::text, vat::text, total::text,
        (select json_agg(json_build_array(r.first, r.last) order by r.first)
          from runs r where r.type = t.type) as folios,
        (${signed('exempt')})::text as month_exempt,
        (${signed('net')})::text as month_net,
        (${signed('vat')})::text as month_vat,
        (${signed('total')})::text as month_total,
        (sum(case when type = any(${`{${VAT_DEBIT_TYPES.join(',')}}`}::int[]) then vat
          when type = ${CREDIT_NOTE_TYPE} then -vat else 0 end) over ())::text as vat_debit
      from types t
      order by type`,
  );
}

/** The month's supplier payments per currency, each total rounded once to its currency's decimals. */
async function supplierPaymentTotals(db: Database, month: string): Promise<SupplierPaymentsTotal[]> {
  const rows = await rowsOf<{ currency: string; count: string; total: string }>(
    db,
    sql`select currency, count(*)::text as count, sum(amount)::text as total
      from supplier_payments where ${inMonth('payment_date', month)}
      group by currency order by currency`,
  );
  return rows.map((row) => ({
    currency: row.currency,
    count: toCount(row.count),
    total: toMoney(roundedDecimal(row.total, currencyDecimals(row.currency)), row.currency),
  }));
}

const emptyType = (type: number): TaxMonthType => ({
  type,
  label: DTE_TYPE_LABELS[type] ?? `DTE ${type}`,
  count: 0,
  folios: [],
  exempt: 0,
  net: 0,
  vat: 0,
  total: 0,
  subtracts: type === CREDIT_NOTE_TYPE,
});

/** The month's figures: every type of TAX_MONTH_TYPES (none stored: zeros), and any other type stored. */
export async function taxMonth(db: Database, month: string): Promise<TaxMonth> {
  const [rows, supplierPayments] = await Promise.all([typeRows(db, month), supplierPaymentTotals(db, month)]);
  const stored = new Map(rows.map((row) => [row.type, row]));
  const types = [...new Set([...TAX_MONTH_TYPES, ...stored.keys()])].map((type): TaxMonthType => {
    const row = stored.get(type);
    if (!row) return emptyType(type);
    const folios: FolioRun[] = row.folios.map(([from, to]) => ({ from, to }));
    return {
      ...emptyType(type),
      count: toCount(row.count),
      folios,
      exempt: pesos(row.exempt),
      net: pesos(row.net),
      vat: pesos(row.vat),
      total: pesos(row.total),
    };
  });
  const any = rows[0];
  return {
    month,
    types,
    totals: {
      exempt: pesos(any?.month_exempt ?? '0'),
      net: pesos(any?.month_net ?? '0'),
      vat: pesos(any?.month_vat ?? '0'),
      total: pesos(any?.month_total ?? '0'),
    },
    vatDebit: pesos(any?.vat_debit ?? '0'),
    supplierPayments,
  };
}

/** A line of the month's file: a document type, the month's totals, the débito fiscal or a currency's payments. */
export interface TaxMonthLine {
  concept: string;
  type: number | null;
  count: number | null;
  folios: string;
  exempt: number | null;
  net: number | null;
  vat: number | null;
  total: number | null;
  currency: string;
}

/**
 * The JSON's figures as the file's lines, so both say the same: a credit note's amounts negative (as in
 * the Libro de ventas, so each column adds up to the month's line).
 */
export function taxMonthLines(month: TaxMonth): TaxMonthLine[] {
  const clp = { folios: '', currency: 'CLP' };
  return [
    ...month.types.map((t) => {
      const sign = t.subtracts ? -1 : 1;
      return {
        concept: t.label,
        type: t.type,
        count: t.count,
        folios: folioRunsText(t.folios),
        exempt: sign * t.exempt,
        net: sign * t.net,
        vat: sign * t.vat,
        total: sign * t.total,
        currency: 'CLP',
      };
    }),
    {
      ...clp,
      concept: 'Total del mes (notas de crédito restadas)',
      type: null,
      count: null,
      ...month.totals,
    },
    {
      ...clp,
      concept: 'Débito fiscal (IVA de facturas y boletas menos notas de crédito)',
      type: null,
      count: null,
      exempt: null,
      net: null,
      vat: month.vatDebit,
      total: null,
    },
    ...month.supplierPayments.map((p) => ({
      concept: 'Pagos a proveedores',
      type: null,
      count: p.count,
      folios: '',
      exempt: null,
      net: null,
      vat: null,
      total: p.total,
      currency: p.currency,
    })),
  ];
}

export const taxMonthColumns: ExportColumn<TaxMonthLine>[] = [
  { header: 'Concepto', kind: 'text', value: (l) => l.concept },
  { header: 'Tipo', kind: 'number', value: (l) => l.type },
  { header: 'Cantidad', kind: 'number', value: (l) => l.count },
  { header: 'Folios', kind: 'text', value: (l) => l.folios },
  { header: 'Exento', kind: 'number', value: (l) => l.exempt },
  { header: 'Neto', kind: 'number', value: (l) => l.net },
  { header: 'IVA', kind: 'number', value: (l) => l.vat },
  { header: 'Total', kind: 'number', value: (l) => l.total },
  { header: 'Moneda', kind: 'text', value: (l) => l.currency },
];

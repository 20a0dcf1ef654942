import { z } from 'zod';
import { registerMonth } from './dte';
import { dataReply } from './replies';

/**
 * The accountant's month, the F29's preparation (docs/decisions/0103-the-tax-month.md): the month's
 * stored tax documents by type and the supplier payments of the month.
 */

/** The types the month always shows, in the SII's order; a type stored but not listed here follows them. */
export const TAX_MONTH_TYPES = [33, 34, 39, 41, 61] as const;
/** Boletas: the Libro de ventas summarises them per day and type, as the SII's Resumen de boletas does. */
export const BOLETA_TYPES = [39, 41] as const;
/** A Nota de Crédito: it subtracts from the month. */
export const CREDIT_NOTE_TYPE = 61;
/** The documents whose IVA is débito fiscal (a credit note's IVA is taken off it). */
export const VAT_DEBIT_TYPES = [33, 39] as const;

/** `format`: the figures as JSON (the screen's), or the same figures as a file. */
export const taxMonthFormat = z.enum(['json', 'xlsx', 'csv'], 'El formato debe ser json, xlsx o csv');

export const taxMonthQuerySchema = z.strictObject({
  month: registerMonth,
  format: taxMonthFormat.default('json'),
});

/** A run of consecutive folios: `from` = `to` for a folio alone. */
const folioRunSchema = z.object({ from: z.number(), to: z.number() });
export type FolioRun = z.infer<typeof folioRunSchema>;

/** Whole pesos, as the documents store them. */
const amountsSchema = z.object({
  exempt: z.number(),
  net: z.number(),
  vat: z.number(),
  total: z.number(),
});

/** One document type's month: its amounts as stored (positive, a credit note's too). */
const taxMonthTypeSchema = amountsSchema.extend({
  type: z.number(),
  label: z.string(),
  count: z.number(),
  /** The folios as runs of consecutive numbers, lowest first: one run when none is missing. */
  folios: z.array(folioRunSchema),
  /** A credit note: its amounts are taken off the month's totals. */
  subtracts: z.boolean(),
});
export type TaxMonthType = z.infer<typeof taxMonthTypeSchema>;

/** The month's supplier payments in one currency: how many, and their total in it (CLP in whole pesos). */
const supplierPaymentsTotalSchema = z.object({
  currency: z.string(),
  count: z.number(),
  total: z.number(),
});
export type SupplierPaymentsTotal = z.infer<typeof supplierPaymentsTotalSchema>;

export const taxMonthSchema = z.object({
  month: z.string(),
  types: z.array(taxMonthTypeSchema),
  /** Every type's amounts added, a credit note's subtracted. */
  totals: amountsSchema,
  /** IVA of facturas (33) and boletas (39) less that of the credit notes (61). */
  vatDebit: z.number(),
  supplierPayments: z.array(supplierPaymentsTotalSchema),
});
export type TaxMonth = z.infer<typeof taxMonthSchema>;
export const taxMonthReplySchema = dataReply(taxMonthSchema);

/** Runs as people read them: "1–5, 8, 10–12"; none is "—". */
export function folioRunsText(runs: readonly FolioRun[]): string {
  if (!runs.length) return '—';
  return runs.map((run) => (run.from === run.to ? String(run.from) : `${run.from}–${run.to}`)).join(', ');
}

import ExcelJS from 'exceljs';
import { documentTitles } from '../../../domain/documents';
import { formatDate } from '../../../domain/format';
import { PAYMENT_METHOD_LABELS } from '../../../domain/payments';
import { AGE_BUCKET_LABELS, AGE_BUCKETS } from '../../../domain/reports';
import { SALE_STATUS_LABEL } from '../../../domain/status';
import { columnHeader, type ExportColumn, numberFormat, xlsxCell } from '../../lib/export/columns';
import { type Column, type DocumentAmount, fields, heading, renderPdf, table } from './layout';
import type { StatementData } from './statement';

type SaleRow = StatementData['sales'][number];
type PaymentRow = StatementData['payments'][number];

/** The range as asked; an open end is "desde el inicio" or today. */
const rangeText = ({ range, today }: StatementData) =>
  `${range.from ? formatDate(range.from) : 'desde el inicio'} - ${formatDate(range.to ?? today)}`;

/** The sales' and payments' columns, the same in the PDF and in the workbook. */
const SALE_COLUMNS: ExportColumn<SaleRow>[] = [
  { header: 'Venta', kind: 'number', value: (s) => s.id },
  { header: 'Fecha', kind: 'date', value: (s) => s.date },
  { header: 'Pasajero', kind: 'text', value: (s) => s.passengerName },
  { header: 'Viaje', kind: 'date', value: (s) => s.travelDate },
  { header: 'Estado', kind: 'text', value: (s) => SALE_STATUS_LABEL[s.status] },
  { header: 'Total', kind: 'money', value: (s) => s.total },
  { header: 'Pagado', kind: 'money', value: (s) => s.paid },
  { header: 'Saldo', kind: 'money', value: (s) => s.pending },
];
const PAYMENT_COLUMNS: ExportColumn<PaymentRow>[] = [
  { header: 'Comprobante', kind: 'number', value: (p) => p.receiptNumber },
  { header: 'Fecha', kind: 'date', value: (p) => p.date },
  { header: 'Venta', kind: 'number', value: (p) => p.saleId },
  { header: 'Método', kind: 'text', value: (p) => PAYMENT_METHOD_LABELS[p.method] },
  { header: 'Referencia', kind: 'text', value: (p) => p.reference },
  { header: 'Monto', kind: 'money', value: (p) => p.amount },
];

/** A cell of a PDF table: amounts named by their currency, dates as the screens show them. */
function pdfCell<Row>(column: ExportColumn<Row>, row: Row, currency: string, amount: DocumentAmount): string {
  const value = column.value(row);
  if (value === null || value === undefined) return '';
  if (column.kind === 'money') return amount(value as number, currency);
  if (column.kind === 'date') return formatDate(value as string);
  return String(value);
}

/** The PDF table of the columns, each given its share of the page's width (in the columns' order). */
function pdfColumns<Row extends { currency: string }>(
  columns: ExportColumn<Row>[],
  shares: number[],
  amount: DocumentAmount,
): Column<Row>[] {
  return columns.map((column, i) => ({
    header: column.header,
    share: shares[i] ?? 0,
    align: column.kind === 'money' ? 'right' : 'left',
    value: (row: Row) => pdfCell(column, row, row.currency, amount),
  }));
}
const SALE_SHARES = [0.07, 0.12, 0.2, 0.12, 0.11, 0.13, 0.12, 0.13];
const PAYMENT_SHARES = [0.13, 0.13, 0.08, 0.2, 0.28, 0.18];

export function statementPdf(data: StatementData): Promise<Buffer> {
  const { client, receivable } = data;
  return renderPdf(documentTitles.statement(client.name), data.company, (doc, amount) => {
    const usd = (n: number) => amount(n, 'USD');
    fields(doc, [
      ['Cliente', client.name],
      ['ID/RUT', client.clientId],
      ['Email', client.email],
      ['Período', rangeText(data)],
      ['Emitido', formatDate(data.today)],
    ]);
    heading(doc, 'Ventas');
    table(doc, pdfColumns(SALE_COLUMNS, SALE_SHARES, amount), data.sales);
    heading(doc, 'Pagos');
    table(doc, pdfColumns(PAYMENT_COLUMNS, PAYMENT_SHARES, amount), data.payments);
    heading(doc, `Saldo al ${formatDate(data.today)}`);
    agingTable(doc, receivable.client, usd);
  });
}

function agingTable(
  doc: PDFKit.PDFDocument,
  aging: StatementData['receivable']['client'],
  usd: (n: number) => string,
) {
  const rows = AGE_BUCKETS.map((b) => ({ label: AGE_BUCKET_LABELS[b], amount: aging.buckets[b] }));
  table(
    doc,
    [
      { header: 'Antigüedad', share: 0.6, value: (r) => r.label },
      { header: 'Saldo', share: 0.4, align: 'right', value: (r) => usd(r.amount) },
    ],
    rows,
    `Saldo pendiente: ${usd(aging.pendingAmount)}`,
  );
}

function addSheet<Row>(
  workbook: ExcelJS.Workbook,
  name: string,
  columns: ExportColumn<Row>[],
  rows: Row[],
  timeZone: string,
) {
  const sheet = workbook.addWorksheet(name);
  sheet.columns = columns.map((column) => ({
    header: columnHeader(column),
    width: Math.max(12, columnHeader(column).length + 2),
    style: { numFmt: numberFormat(column.kind, timeZone) },
  }));
  for (const row of rows) sheet.addRow(columns.map((c) => xlsxCell(c.kind, c.value(row), timeZone)));
  sheet.getRow(1).font = { bold: true };
}

/** The same statement as a workbook: Ventas, Pagos and Saldo (the aging), amounts as numbers. */
export async function statementXlsx(data: StatementData): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const zone = data.company.timeZone;
  addSheet(workbook, 'Ventas', SALE_COLUMNS, data.sales, zone);
  addSheet(workbook, 'Pagos', PAYMENT_COLUMNS, data.payments, zone);
  const aging = data.receivable.client;
  addSheet(
    workbook,
    'Saldo',
    [
      { header: 'Antigüedad', kind: 'text', value: (r: { label: string; amount: number }) => r.label },
      { header: 'Saldo', kind: 'money', value: (r: { label: string; amount: number }) => r.amount },
    ],
    [
      ...AGE_BUCKETS.map((b) => ({ label: AGE_BUCKET_LABELS[b], amount: aging.buckets[b] })),
      { label: `Saldo pendiente al ${formatDate(data.today)}`, amount: aging.pendingAmount },
    ],
    zone,
  );
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

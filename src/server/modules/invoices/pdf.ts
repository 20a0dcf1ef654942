import PDFDocument from 'pdfkit';
import { formatDate, formatMoney } from '../../../domain/format';
import { INVOICE_STATUS_LABEL } from '../../../domain/status';
import type { InvoiceView } from './queries';

const MARGIN = 50;
/** Wide enough for the largest amount with its currency on one line ("US$ 99,999,999,999.99", 10 pt). */
const AMOUNT_WIDTH = 130;

/** The invoice as an A4 PDF with Spanish labels, es-ES dates and amounts with 2 decimals. */
export function invoicePdf(invoice: InvoiceView): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    info: { Title: `Factura ${invoice.invoiceNumber}` },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const width = doc.page.width - MARGIN * 2;
  const amountText = (n: number) => formatMoney(n, invoice.currency);

  doc
    .font('Helvetica-Bold')
    .fontSize(18)
    .text(invoice.company.name || 'Agencia de viajes');
  doc.font('Helvetica').fontSize(9);
  for (const line of [
    invoice.company.taxId && `RUT: ${invoice.company.taxId}`,
    invoice.company.address,
    [invoice.company.email, invoice.company.phone].filter(Boolean).join(' · '),
  ]) {
    if (line) doc.text(line);
  }

  doc.moveDown(1.5).font('Helvetica-Bold').fontSize(16).text(`Factura ${invoice.invoiceNumber}`);
  doc.font('Helvetica').fontSize(10);
  doc.text(`Fecha de emisión: ${formatDate(invoice.date)}`);
  doc.text(`Venta: #${invoice.saleId}`);
  doc.text(`Estado: ${INVOICE_STATUS_LABEL[invoice.status]}`);
  if (invoice.status === 'cancelled' && invoice.cancelReason)
    doc.text(`Motivo de anulación: ${invoice.cancelReason}`);

  doc.moveDown().font('Helvetica-Bold').text('Cliente');
  doc.font('Helvetica').text(invoice.client.name);
  for (const line of [
    invoice.client.taxId && `ID/RUT: ${invoice.client.taxId}`,
    invoice.client.email,
    invoice.client.address,
  ]) {
    if (line) doc.text(line);
  }

  doc.moveDown().font('Helvetica-Bold');
  const tableTop = doc.y;
  doc.text('Detalle', MARGIN, tableTop, { width: width - AMOUNT_WIDTH - 10 });
  doc.text('Importe', MARGIN + width - AMOUNT_WIDTH, tableTop, { width: AMOUNT_WIDTH, align: 'right' });
  doc
    .moveTo(MARGIN, doc.y + 2)
    .lineTo(MARGIN + width, doc.y + 2)
    .stroke();
  doc.font('Helvetica').moveDown(0.5);
  for (const item of invoice.items) {
    const top = doc.y;
    const dates = item.dateIn
      ? ` (${formatDate(item.dateIn)}${item.dateOut ? ` - ${formatDate(item.dateOut)}` : ''})`
      : '';
    const passengers = item.passengers.length ? `\nPasajeros: ${item.passengers.join(', ')}` : '';
    doc.text(`${item.description}${dates}${passengers}`, MARGIN, top, { width: width - AMOUNT_WIDTH - 10 });
    const bottom = doc.y;
    doc.text(amountText(item.salePrice), MARGIN + width - AMOUNT_WIDTH, top, {
      width: AMOUNT_WIDTH,
      align: 'right',
    });
    doc.y = Math.max(bottom, doc.y) + 4;
  }
  doc
    .moveTo(MARGIN, doc.y)
    .lineTo(MARGIN + width, doc.y)
    .stroke();
  doc.moveDown(0.5).font('Helvetica-Bold').fontSize(12);
  doc.text(`Total: ${amountText(invoice.amount)}`, MARGIN, doc.y, { width, align: 'right' });
  doc.end();
  return done;
}

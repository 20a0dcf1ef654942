import { formatDate, type NumberFormat } from '../../../domain/format';
import { INVOICE_STATUS_LABEL } from '../../../domain/status';
import { dateSpan, fields, heading, renderPdf, table } from '../documents';
import type { InvoiceView } from './queries';

export const INTERNAL_INVOICE_NOTICE =
  'Documento interno, sin validez tributaria: no es una factura electrónica del SII';

/**
 * The invoice as an A4 PDF with Spanish labels, es-ES dates and amounts in the agency's number format of
 * today (`style`: the invoice keeps the company's details as issued, not how figures are written).
 */
export function invoicePdf(invoice: InvoiceView, style: NumberFormat): Promise<Buffer> {
  const company = { ...invoice.company, numberFormat: style };
  return renderPdf(`Factura ${invoice.invoiceNumber}`, company, (doc, amount) => {
    const amountText = (n: number) => amount(n, invoice.currency);
    // Issued without the company's tax data (decision 0065): the client must not take it for a DTE.
    doc.font('Helvetica-Bold').text(INTERNAL_INVOICE_NOTICE);
    doc.font('Helvetica').moveDown(0.3);
    fields(doc, [
      ['Fecha de emisión', formatDate(invoice.date)],
      ['Venta', `#${invoice.saleId}`],
      ['Estado', INVOICE_STATUS_LABEL[invoice.status]],
      ['Motivo de anulación', invoice.status === 'cancelled' ? invoice.cancelReason : null],
    ]);

    heading(doc, 'Cliente');
    doc.text(invoice.client.name);
    fields(doc, [
      ['ID/RUT', invoice.client.taxId],
      ['Email', invoice.client.email],
      ['Dirección', invoice.client.address],
    ]);

    heading(doc, 'Detalle');
    table(
      doc,
      [
        {
          header: 'Detalle',
          share: 0.72,
          value: (item) => {
            const dates = item.dateIn ? ` (${dateSpan(item.dateIn, item.dateOut)})` : '';
            const passengers = item.passengers.length ? `\nPasajeros: ${item.passengers.join(', ')}` : '';
            return `${item.description}${dates}${passengers}`;
          },
        },
        { header: 'Importe', share: 0.28, align: 'right', value: (item) => amountText(item.salePrice) },
      ],
      invoice.items,
      `Total: ${amountText(invoice.amount)}`,
    );
  });
}

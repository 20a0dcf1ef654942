import { documentTitles } from '../../../domain/documents';
import { formatDate } from '../../../domain/format';
import type { SaleDetail } from '../sales';
import { type CompanyHeader, dateSpan, fields, heading, paragraph, renderPdf, table } from './layout';

/** The client as the sale's documents print it (the clients row: name, ID/RUT, e-mail, address). */
export interface DocumentClient {
  name: string;
  /** Absent or null: the client has none (the sale's own copy of the client leaves such keys out). */
  clientId?: string | null;
  email?: string | null;
  address: string | null;
}

type Item = SaleDetail['items'][number];

const passengerNames = (item: Item) => item.passengers.map((p) => p.name).join(', ');

/** The sale's travellers: its main passenger, then each item's passengers, each name once. */
function travellers(sale: SaleDetail): string {
  const names = [sale.passengerName, ...sale.items.flatMap((item) => item.passengers.map((p) => p.name))];
  return [...new Set(names.filter(Boolean))].join(', ');
}

function clientBlock(doc: PDFKit.PDFDocument, client: DocumentClient) {
  heading(doc, 'Cliente');
  doc.text(client.name);
  fields(doc, [
    ['ID/RUT', client.clientId],
    ['Email', client.email],
    ['Dirección', client.address],
  ]);
}

export interface QuoteDocument {
  company: CompanyHeader & { quoteConditions: string };
  sale: SaleDetail;
  client: DocumentClient;
  /** The kept version's number; null for the preview, which is marked as a draft. */
  number: string | null;
  issuedOn: string;
  validUntil: string;
}

/**
 * The quote: what the client is offered and at what price. Only what the client may see: each item's
 * description (its service type when it has none), dates, passengers and sale price; never its cost,
 * supplier, supplier payment date or reservation code.
 */
export function quotePdf(quote: QuoteDocument): Promise<Buffer> {
  const { sale } = quote;
  const title = quote.number ? documentTitles.quote(quote.number) : 'Borrador de cotización';
  return renderPdf(title, quote.company, (doc, amount) => {
    fields(doc, [
      ['Fecha', formatDate(quote.issuedOn)],
      ['Válida hasta', formatDate(quote.validUntil)],
      ['Venta', `#${sale.id}`],
    ]);
    if (!quote.number) paragraph(doc, 'Vista previa sin número: no es una cotización enviada al cliente.');
    clientBlock(doc, quote.client);
    fields(doc, [['Pasajeros', travellers(sale)]]);
    heading(doc, 'Servicios');
    table(
      doc,
      [
        { header: 'Servicio', share: 0.32, value: (item) => item.description || item.classificationName },
        { header: 'Fechas', share: 0.25, value: (item) => dateSpan(item.dateIn, item.dateOut) },
        { header: 'Pasajeros', share: 0.23, value: passengerNames },
        {
          header: 'Precio',
          share: 0.2,
          align: 'right',
          value: (item) => amount(item.salePrice, sale.currency),
        },
      ],
      sale.items,
      `Total: ${amount(sale.salePrice, sale.currency)}`,
    );
    if (quote.company.quoteConditions) {
      heading(doc, 'Condiciones');
      paragraph(doc, quote.company.quoteConditions);
    }
  });
}

/** Items by departure: dated ones first in date order, undated ones last, each in the sale's order. */
export function inTravelOrder(items: Item[]): Item[] {
  return items
    .map((item, position) => ({ item, position }))
    .sort((a, b) => {
      const ka = a.item.dateIn ?? '9999-12-31';
      const kb = b.item.dateIn ?? '9999-12-31';
      return ka === kb ? a.position - b.position : ka < kb ? -1 : 1;
    })
    .map(({ item }) => item);
}

export interface ItineraryDocument {
  company: CompanyHeader & { emergencyContact: string };
  sale: SaleDetail;
  client: DocumentClient;
  issuedOn: string;
}

/**
 * The itinerary (voucher): each service with its operator and reservation code, in travel order. The
 * operator is who the traveller meets (the airline, the hotel); the supplier is the wholesaler the
 * agency buys from and pays, which the client never deals with, so it is not printed, nor any price.
 */
export function itineraryPdf(itinerary: ItineraryDocument): Promise<Buffer> {
  const { sale, company } = itinerary;
  return renderPdf(documentTitles.itinerary(sale.id), company, (doc) => {
    fields(doc, [
      ['Fecha', formatDate(itinerary.issuedOn)],
      ['Fecha de viaje', formatDate(sale.travelDate)],
    ]);
    clientBlock(doc, itinerary.client);
    fields(doc, [['Pasajeros', travellers(sale)]]);
    heading(doc, 'Servicios');
    table(
      doc,
      [
        { header: 'Servicio', share: 0.22, value: (item) => item.description || item.classificationName },
        { header: 'Operador', share: 0.16, value: (item) => item.operatorName },
        // An item not yet booked is shown as such, never left out: the traveller must know.
        {
          header: 'Código de reserva',
          share: 0.15,
          value: (item) => item.reservationCode || 'por confirmar',
        },
        { header: 'Fechas', share: 0.25, value: (item) => dateSpan(item.dateIn, item.dateOut) },
        { header: 'Pasajeros', share: 0.22, value: passengerNames },
      ],
      inTravelOrder(sale.items),
    );
    heading(doc, 'Contacto de emergencia');
    paragraph(
      doc,
      company.emergencyContact || [company.name, company.phone, company.email].filter(Boolean).join(' · '),
    );
  });
}

import { DTE_TYPE_LABELS } from '../../../domain/dte';
import { formatDate, formatPesos, type NumberFormat, pesosPerUnitText } from '../../../domain/format';
import {
  CREDIT_NOTE_KIND_LABELS,
  CREDIT_NOTE_KIND_OF_CODE,
  type CreditNoteKind,
} from '../../../domain/invoices';
import { contentWidth, fields, heading, type Pdf, renderPdf, table } from '../documents';
import { type PrintedDte, readDte, timbrePng } from '../dte';

const RED = '#c00000';

/** The document names by the type's text as the XML carries it ("33"). */
const typeName = (type: string) => (DTE_TYPE_LABELS as Record<string, string>)[type] ?? `DTE ${type}`;

const BOX_WIDTH = 190;

/** "Corrige montos": what a credit note's CodRef does to the document it references. */
const codeName = (code: string) => {
  const kind = (CREDIT_NOTE_KIND_OF_CODE as Record<string, CreditNoteKind | undefined>)[code];
  return kind && CREDIT_NOTE_KIND_LABELS[kind];
};

/** The SII's box at the top right: the issuer's RUT, the document's name and its folio, "S.I.I. - comuna". */
function rutBox(doc: Pdf, dte: PrintedDte) {
  const x = doc.page.width - doc.page.margins.right - BOX_WIDTH;
  const y = doc.page.margins.top;
  const { y: afterHeader } = doc;
  doc.lineWidth(2).strokeColor(RED).rect(x, y, BOX_WIDTH, 62).stroke();
  doc.fillColor(RED).font('Helvetica-Bold').fontSize(11);
  const options = { width: BOX_WIDTH, align: 'center' as const };
  doc.text(`R.U.T.: ${dte.issuer.rut}`, x, y + 8, options);
  doc.text(typeName(dte.type).toUpperCase(), x, doc.y + 2, options);
  doc.text(`N° ${dte.folio}`, x, doc.y + 2, options);
  doc
    .font('Helvetica')
    .fontSize(9)
    .text(`S.I.I. - ${dte.issuer.commune.toUpperCase()}`, x, y + 67, options);
  doc.fillColor('black').strokeColor('black').lineWidth(1);
  doc.x = doc.page.margins.left;
  doc.y = Math.max(afterHeader, y + 82);
}

/** The timbre: the TED as PDF417, "Timbre Electrónico SII", the resolution and where to verify. */
function drawTimbre(doc: Pdf, dte: PrintedDte, png: Buffer) {
  const width = 240;
  if (doc.y + 160 > doc.page.height - doc.page.margins.bottom) doc.addPage();
  doc.moveDown(1);
  const top = doc.y;
  doc.image(png, doc.page.margins.left, top, { width });
  const below = doc.y > top ? doc.y : top + 90;
  const options = { width, align: 'center' as const };
  doc
    .font('Helvetica-Bold')
    .fontSize(8)
    .text('Timbre Electrónico SII', doc.page.margins.left, below + 4, options);
  doc.font('Helvetica').text(`Res. ${dte.resolution.number} de ${dte.resolution.date.slice(0, 4)}`, options);
  doc.text('Verifique documento: www.sii.cl', options);
}

export interface DtePdfExtras {
  /** Pesos per unit and the sale's currency, when its amounts were converted. */
  exchange?: { rate: number; currency: string };
  /** What annulled it (on an invoice) as a line of text. */
  annulledBy?: string;
}

/**
 * A DTE's printed copy as the SII asks for it, drawn from the signed EnvioDTE (what was issued, not
 * today's records) on the shared page: issuer, the RUT box, receiver, detail with exempt lines marked,
 * totals in pesos, the rate when converted, and the timbre; its figures in the agency's number format
 * of today (`style`), which is how it is printed, not what was issued.
 */
export async function dtePdf(envio: string, style: NumberFormat, extras: DtePdfExtras = {}): Promise<Buffer> {
  const dte = readDte(envio);
  const png = await timbrePng(dte.ted);
  const header = {
    name: dte.issuer.businessName,
    taxId: dte.issuer.rut,
    address: `${dte.issuer.address}, ${dte.issuer.commune}`,
    email: dte.issuer.businessActivity,
    phone: '',
    numberFormat: style,
  };
  const pesos = (amount: bigint) => formatPesos(amount, style);
  const title = `${typeName(dte.type)} N° ${dte.folio}`;
  return renderPdf(title, header, (doc) => {
    const afterTitle = doc.y;
    rutBox(doc, dte);
    doc.y = Math.max(afterTitle, doc.y);
    fields(doc, [
      ['Fecha de emisión', formatDate(dte.issueDate)],
      [
        'Tipo de cambio',
        extras.exchange && pesosPerUnitText(extras.exchange.rate, extras.exchange.currency, style),
      ],
      ['Anulada por', extras.annulledBy],
    ]);
    heading(doc, 'Receptor');
    fields(doc, [
      ['Razón social', dte.receiver.businessName],
      ['RUT', dte.receiver.rut],
      ['Giro', dte.receiver.businessActivity],
      ['Dirección', dte.receiver.address],
      ['Comuna', dte.receiver.commune],
    ]);
    if (dte.reference) {
      heading(doc, 'Referencia');
      fields(doc, [
        [
          'Documento',
          `${typeName(dte.reference.type)} N° ${dte.reference.folio} del ${formatDate(dte.reference.date)}`,
        ],
        ['Efecto', codeName(dte.reference.code)],
        ['Motivo', dte.reference.reason],
      ]);
    }
    heading(doc, 'Detalle');
    table(
      doc,
      [
        { header: 'Detalle', share: 0.58, value: (line) => line.name },
        { header: 'IVA', share: 0.14, value: (line) => (line.exempt ? 'Exento' : 'Afecto') },
        { header: 'Monto', share: 0.28, align: 'right', value: (line) => pesos(line.pesos) },
      ],
      dte.lines,
    );
    const totals: [string, bigint][] = [
      ['Monto neto', dte.totals.net],
      ['Monto exento', dte.totals.exempt],
      ['IVA 19%', dte.totals.vat],
      ['Total', dte.totals.total],
    ];
    doc.moveDown(0.5);
    for (const [label, amount] of totals) {
      const bold = label === 'Total';
      doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(bold ? 11 : 10);
      doc.text(`${label}: ${pesos(amount)}`, doc.page.margins.left, doc.y, {
        width: contentWidth(doc),
        align: 'right',
      });
    }
    drawTimbre(doc, dte, png);
  });
}

import PDFDocument from 'pdfkit';
import { UNNAMED_AGENCY } from '../../../domain/documents';
import { formatDate, formatMoney, type NumberFormat } from '../../../domain/format';

/**
 * The page every document the client takes home is printed on (invoice, quote, itinerary, receipt,
 * statement): A4, the agency's header on the first page, a footer with the agency and "Página n de N"
 * on each, and tables that continue on the next page with their column headers repeated.
 */

export type Pdf = PDFKit.PDFDocument;

/** The agency as its documents name it (Configuraciones > Información de la empresa). */
export interface CompanyHeader {
  name: string;
  taxId: string;
  address: string;
  email: string;
  phone: string;
  /** How it writes amounts (Configuraciones, decision 0089): every amount of the document alike. */
  numberFormat: NumberFormat;
}

export const MARGIN = 50;
/** Room under the content for the footer, which is drawn inside the bottom margin. */
const BOTTOM_MARGIN = 70;
const BODY_SIZE = 10;

/** The width the content may take on a page. */
export const contentWidth = (doc: Pdf) => doc.page.width - MARGIN * 2;

/**
 * Renders a document: `draw` writes its body below the agency's header, its amounts with `amount`
 * (bound to the agency's number format); the footer and page numbers are added once every page exists
 * (they need the page count).
 */
export function renderPdf(
  title: string,
  company: CompanyHeader,
  draw: (doc: Pdf, amount: DocumentAmount) => void,
): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: MARGIN, left: MARGIN, right: MARGIN, bottom: BOTTOM_MARGIN },
    bufferPages: true,
    // pdfkit reads every info value it is given: an absent author is left out, not undefined.
    info: { Title: title, ...(company.name && { Author: company.name }) },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  companyHeader(doc, company);
  doc.moveDown(1.5).font('Helvetica-Bold').fontSize(16).text(title);
  doc.font('Helvetica').fontSize(BODY_SIZE).moveDown(0.5);
  draw(doc, documentAmounts(company.numberFormat));
  footers(doc, company);
  doc.end();
  return done;
}

function companyHeader(doc: Pdf, company: CompanyHeader) {
  doc
    .font('Helvetica-Bold')
    .fontSize(18)
    .text(company.name || UNNAMED_AGENCY);
  doc.font('Helvetica').fontSize(9);
  for (const line of [
    company.taxId && `RUT: ${company.taxId}`,
    company.address,
    [company.email, company.phone].filter(Boolean).join(' · '),
  ]) {
    if (line) doc.text(line);
  }
}

function footers(doc: Pdf, company: CompanyHeader) {
  const { start, count } = doc.bufferedPageRange();
  const contact = [company.name, company.email, company.phone].filter(Boolean).join(' · ');
  for (let i = start; i < start + count; i++) {
    doc.switchToPage(i);
    const width = contentWidth(doc);
    const y = doc.page.height - BOTTOM_MARGIN + 25;
    // Writing below the bottom margin would open a new page: the margin is lifted while the footer is drawn.
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc.font('Helvetica').fontSize(8).fillColor('#555555');
    doc.text(contact, MARGIN, y, { width: width - 90, lineBreak: false });
    doc.text(`Página ${i - start + 1} de ${count}`, MARGIN + width - 90, y, { width: 90, align: 'right' });
    doc.fillColor('black');
    doc.page.margins.bottom = bottom;
  }
}

/**
 * Every amount a document prints, named by its currency and in the agency's number format
 * ("US$ 1,200.50", "CLP 500,000"; "US$ 1.200,50" in `es`): one place, so an amount's USD equivalent
 * can be added for every document at once. `renderPdf` binds it once per document and hands it to `draw`.
 */
export type DocumentAmount = (amount: number, currency: string) => string;
const documentAmounts =
  (style: NumberFormat): DocumentAmount =>
  (amount, currency) =>
    formatMoney(amount, currency, style);

/** A service's dates: "12 mar 2026 - 19 mar 2026", one date, or "" without any. */
export function dateSpan(dateIn: string | null | undefined, dateOut: string | null | undefined): string {
  if (!dateIn) return '';
  return dateOut && dateOut !== dateIn
    ? `${formatDate(dateIn)} - ${formatDate(dateOut)}`
    : formatDate(dateIn);
}

/** A heading inside the body ("Cliente", "Servicios"). */
export function heading(doc: Pdf, text: string) {
  doc.moveDown(0.8).font('Helvetica-Bold').fontSize(11).text(text, MARGIN);
  doc.font('Helvetica').fontSize(BODY_SIZE);
}

/** Lines "Etiqueta: valor", skipping those without a value. */
export function fields(doc: Pdf, pairs: [label: string, value: string | null | undefined][]) {
  for (const [label, value] of pairs) {
    if (!value) continue;
    doc.font('Helvetica-Bold').text(`${label}: `, MARGIN, doc.y, { continued: true });
    doc.font('Helvetica').text(value);
  }
}

/** A paragraph of free text (conditions, emergency contact), as the agency typed it. */
export function paragraph(doc: Pdf, text: string) {
  doc
    .font('Helvetica')
    .fontSize(BODY_SIZE)
    .text(text, MARGIN, doc.y, { width: contentWidth(doc) });
}

export interface Column<R> {
  header: string;
  /** Share of the content width (the shares of a table add up to 1). */
  share: number;
  align?: 'left' | 'right';
  value: (row: R) => string;
}

const CELL_GAP = 6;

/**
 * A table whose rows never split across pages: a row that does not fit goes to the next page, under
 * the column headers drawn again. `total` is a last bold line, right-aligned.
 */
export function table<R>(doc: Pdf, columns: Column<R>[], rows: R[], total?: string) {
  const width = contentWidth(doc);
  const xs: number[] = [];
  let x = MARGIN;
  for (const column of columns) {
    xs.push(x);
    x += column.share * width;
  }
  const cellWidth = (i: number) => (columns[i]?.share ?? 0) * width - CELL_GAP;
  const bottom = () => doc.page.height - doc.page.margins.bottom;
  const line = (y: number) =>
    doc
      .moveTo(MARGIN, y)
      .lineTo(MARGIN + width, y)
      .lineWidth(0.5)
      .stroke();

  const rowHeight = (cells: string[], bold: boolean) => {
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(9);
    return Math.max(...cells.map((text, i) => doc.heightOfString(text || ' ', { width: cellWidth(i) })));
  };
  const drawRow = (cells: string[], bold: boolean) => {
    const height = rowHeight(cells, bold);
    const top = doc.y;
    cells.forEach((text, i) => {
      // The gap between cells sits on the side away from the text: a right-aligned amount ends at the edge.
      const right = columns[i]?.align === 'right';
      doc.text(text, (xs[i] ?? MARGIN) + (right ? CELL_GAP : 0), top, {
        width: cellWidth(i),
        align: right ? 'right' : 'left',
      });
    });
    doc.y = top + height + 4;
  };
  const headers = () => {
    drawRow(
      columns.map((c) => c.header),
      true,
    );
    line(doc.y - 2);
    doc.y += 2;
  };

  doc.moveDown(0.3);
  if (doc.y + 40 > bottom()) doc.addPage();
  headers();
  for (const row of rows) {
    const cells = columns.map((c) => c.value(row));
    if (doc.y + rowHeight(cells, false) + 4 > bottom()) {
      doc.addPage();
      headers();
    }
    drawRow(cells, false);
  }
  line(doc.y);
  if (total !== undefined) {
    doc.y += 4;
    if (doc.y + 20 > bottom()) doc.addPage();
    doc.font('Helvetica-Bold').fontSize(11).text(total, MARGIN, doc.y, { width, align: 'right' });
  }
  doc.font('Helvetica').fontSize(BODY_SIZE);
  doc.x = MARGIN;
}

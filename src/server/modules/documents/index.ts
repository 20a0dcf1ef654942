// The documents' public face: the shared page (the invoices print on it too) and the quote that the
// e-mail of a sent quote attaches (issued in the e-mail's own transaction).
export {
  type Column,
  type CompanyHeader,
  contentWidth,
  dateSpan,
  documentAmount,
  fields,
  heading,
  type Pdf,
  paragraph,
  renderPdf,
  table,
} from './layout';
export { issueQuote } from './sale-documents';

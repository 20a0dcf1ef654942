// The documents' public face: the shared page (the invoices print on it too), and each document as
// its e-mail attaches it (a quote issued in the e-mail's own transaction) with the client it is for.

export { type Addressee, addresseeOf, type DocumentRef, renderDocument } from './for-email';
export {
  type Column,
  type CompanyHeader,
  contentWidth,
  type DocumentAmount,
  dateSpan,
  fields,
  heading,
  type Pdf,
  paragraph,
  renderPdf,
  table,
} from './layout';
export { issueQuote } from './sale-documents';

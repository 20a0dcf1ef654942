// The public face of the invoices feature: the sale detail page issues and opens a sale's invoice.
export { InvoiceButton } from './InvoiceButton';

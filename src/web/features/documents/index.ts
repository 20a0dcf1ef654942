// The client's documents as other screens mount them: the sale's, a payment's receipt, a client's statement.
export { ReceiptButton } from './ReceiptButton';
export { SaleDocuments } from './SaleDocuments';
export { StatementButton } from './StatementButton';

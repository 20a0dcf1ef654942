// The public face of the reports: the alerts read open client balances and unpaid supplier items
// from here, so that every screen computes debts the same way.
export { openSalesWithSale } from './open-sales';
export { countUnpaidSupplierItems, supplierCutoffs, unpaidSupplierItems } from './payables';
export { receivableClient } from './receivables';

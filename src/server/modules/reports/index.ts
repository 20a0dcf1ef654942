// The public face of the reports: the alerts read open client balances and unpaid supplier items
// from here, so that every screen computes debts the same way.

export { supplierCutoffs } from '../supplier-payments';
export { openSalesWithSale } from './open-sales';
export { countUnpaidSupplierItems, unpaidSupplierItems } from './payables';
export { receivableClient } from './receivables';

// The public face of supplier payments: other features read supplier balances through this, so
// that every screen computes what a supplier is owed the same way.
export { balanceRows as supplierBalanceRows } from './queries';

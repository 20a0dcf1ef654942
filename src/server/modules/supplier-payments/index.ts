// The public face of supplier payments: other features read supplier balances and the unpaid part of
// each supplier's dues through this, so that every screen computes what a supplier is owed the same way.
export {
  balanceRows as supplierBalanceRows,
  type Cutoff,
  cutoffDayItems,
  cutoffValues,
  supplierCutoffs,
} from './balances';

export {
  confirmedPaid,
  loadSale,
  lockSale,
  SALE_NOT_FOUND,
  type SaleDetail,
  type SaleScope,
  salePending,
  sellerCondition,
} from './queries';
export { searchSales } from './search';
export { changeStatus, createSale, scopeFor } from './service';

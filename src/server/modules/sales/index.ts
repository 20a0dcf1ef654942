export type { SaleDetail } from '../../../domain/sale-replies';
export { loadSale } from './detail';
export {
  lockSale,
  SALE_NOT_FOUND,
  type SaleScope,
  salePaid,
  salePaidAmount,
  salePending,
  sellerCondition,
} from './queries';
export { searchSales } from './search';
export { changeStatus, createSale, scopeFor } from './service';

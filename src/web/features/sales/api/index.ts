// The sales feature's calls, one file each; its components import them from here.
export type {
  SaleClient,
  SaleDetail,
  SaleItemDetail,
  SaleListRow,
  SaleSeller,
  SaleSummary,
} from '../../../../domain/sale-replies';
export { useCatalogOptions } from './catalog-options';
export { useClientSearch } from './client-search';
export { useCreateSale } from './create';
export { saleQuery, useSale } from './detail';
export { salesKeys } from './keys';
export { SALES_PAGE_SIZE, type SaleStatusFilter, salesListQuery, useSalesList } from './list';
export { usePassengerSearch } from './passenger-search';
export { useSavePlan } from './plan';
export { useSaleSaved } from './saved';
export { useSellerFilterOptions } from './seller-filter';
export { useSellerOptions } from './seller-options';
export { useChangeSaleStatus } from './status';
export { useUpdateSale } from './update';

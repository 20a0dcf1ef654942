export { loadSale, SALE_NOT_FOUND, type SaleDetail, type SaleScope } from './queries';
export { changeStatus, createSale, scopeFor } from './service';

/** A supplier card lists up to 3 recent sales. */
export const RECENT_SALES_SHOWN = 3;

/** '+N ventas más' under a supplier card's recent sales, or null when every sale is listed. */
export function moreSalesText(salesCount: number, shown: number): string | null {
  const more = salesCount - shown;
  return more > 0 ? `+${more} ventas más` : null;
}

export function salesCountText(count: number): string {
  return count === 1 ? '1 venta' : `${count} ventas`;
}

/** The line under Total Pendiente, e.g. '3 proveedores con saldo pendiente'. */
export function pendingSuppliersText(count: number): string {
  return count === 1 ? '1 proveedor con saldo pendiente' : `${count} proveedores con saldo pendiente`;
}

/** Saldo Pendiente: an overpaid supplier (below 0) is also completely paid. */
export function balanceStateText(pending: number): string {
  return pending > 0 ? 'Pendiente de pago' : 'Completamente pagado';
}

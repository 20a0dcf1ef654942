import { Link } from 'react-router';
import { formatDate, formatMoney } from '../../../domain/format';
import { cn } from '../../lib/cn';
import type { SupplierSale } from './api';
import { SaleBadge } from './badges';
import { SECTION, TABLE_LINK, TD, TH } from './table-styles';

/** Every sale with an item of this supplier, newest first; the cost is this supplier's share. */
export function SupplierSalesTable({ sales }: { sales: SupplierSale[] }) {
  return (
    <section aria-labelledby="supplier-sales-title" className={SECTION}>
      <h2 id="supplier-sales-title" className="px-5 pt-5 text-lg font-semibold text-gray-900">
        Ventas del proveedor
      </h2>
      {sales.length === 0 ? (
        <p className="px-5 py-6 text-sm text-gray-700">Este proveedor no tiene ventas</p>
      ) : (
        <div className="mt-3 overflow-x-auto">
          <table className="min-w-full divide-y divide-gray-200">
            <thead className="bg-gray-50">
              <tr>
                <th scope="col" className={TH}>
                  Venta
                </th>
                <th scope="col" className={TH}>
                  Pasajero
                </th>
                <th scope="col" className={TH}>
                  Estado
                </th>
                <th scope="col" className={cn(TH, 'text-right')}>
                  Costo del proveedor
                </th>
                <th scope="col" className={TH}>
                  Fecha de creación
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-gray-100">
              {sales.map((sale) => (
                <tr key={sale.id}>
                  <td className={TD}>
                    <Link to={`/sales/${sale.id}`} aria-label={`Venta #${sale.id}`} className={TABLE_LINK}>
                      #{sale.id}
                    </Link>
                  </td>
                  <td className={TD}>{sale.passengerName}</td>
                  <td className={TD}>
                    <SaleBadge status={sale.status} />
                  </td>
                  <td className={cn(TD, 'text-right whitespace-nowrap')}>{formatMoney(sale.supplierCost)}</td>
                  <td className={cn(TD, 'whitespace-nowrap')}>{formatDate(sale.creationDate)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

import { Link } from 'react-router';
import { BASE_CURRENCY } from '../../../domain/company';
import { formatDate } from '../../../domain/format';
import { FOCUS_RING } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { SaleStatusBadge } from '../../components/ui/StatusBadge';
import { cn } from '../../lib/cn';
import { useMoney } from '../../lib/use-money';
import type { SupplierSummary } from './api';
import { BalanceBadge } from './badges';
import { moreSalesText, RECENT_SALES_SHOWN, salesCountText } from './texts';

/** One supplier of the list; the whole card opens the supplier's detail page. */
export function SupplierCard({ supplier }: { supplier: SupplierSummary }) {
  const recent = supplier.sales.slice(0, RECENT_SALES_SHOWN);
  const more = moreSalesText(supplier.salesCount, recent.length);
  const formatMoney = useMoney();
  // Its costs in each sale currency (decision 0090), named under the USD balance when not all in USD.
  const costs = supplier.byCurrency.filter((f) => f.grossAmount !== 0);

  return (
    <Card className="relative flex h-full flex-col gap-4 p-5 hover:border-blue-300 hover:shadow-md">
      <div className="flex items-start justify-between gap-3">
        <h2 className="text-lg font-semibold text-gray-900">
          {/* The link's box is stretched over the card, so a click anywhere on it opens the detail. */}
          <Link
            to={`/supplier-payments/supplier/${supplier.supplierId}`}
            className={cn('rounded-sm after:absolute after:inset-0 hover:text-blue-700', FOCUS_RING)}
          >
            {supplier.supplierName}
          </Link>
        </h2>
        <BalanceBadge pending={supplier.pendingAmount} />
      </div>
      {/* Label over amount, both flush right, also when the pair wraps under the sales count. */}
      <div className="flex flex-wrap items-end justify-between gap-3">
        <p className="text-sm text-gray-700">
          {salesCountText(supplier.salesCount)} · Moneda {supplier.currency}
        </p>
        <dl className="ml-auto flex flex-col items-end">
          <dt className="text-xs text-gray-600">Saldo pendiente</dt>
          <dd className="text-xl leading-tight font-bold text-gray-900">
            {formatMoney(supplier.pendingAmount, supplier.currency)}
          </dd>
          {costs.some((f) => f.currency !== BASE_CURRENCY) && (
            <dd className="text-right text-xs text-gray-700">
              Costos: {costs.map((f) => formatMoney(f.grossAmount, f.currency)).join(' · ')}
            </dd>
          )}
        </dl>
      </div>
      {recent.length > 0 && (
        <div>
          <h3 className="text-sm font-medium text-gray-700">Ventas recientes</h3>
          <ul className="mt-2 divide-y divide-gray-100 text-sm">
            {recent.map((sale) => (
              <li key={sale.id} className="grid grid-cols-[1fr_auto] items-center gap-x-3 gap-y-1 py-2">
                <span className="truncate font-medium text-gray-900">{sale.passengerName}</span>
                <SaleStatusBadge status={sale.status} className="justify-self-end" />
                <span className="text-gray-900">{formatMoney(sale.costInSaleCurrency, sale.currency)}</span>
                <span className="text-right text-gray-700">{formatDate(sale.creationDate)}</span>
              </li>
            ))}
          </ul>
          {more && <p className="mt-1 text-sm text-gray-700">{more}</p>}
        </div>
      )}
    </Card>
  );
}

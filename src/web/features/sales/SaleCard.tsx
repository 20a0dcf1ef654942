import type { ReactNode } from 'react';
import { formatDate, formatMoney } from '../../../domain/format';
import { enumLabel } from '../../../domain/sales';
import { LinkCard } from '../../components/ui/LinkCard';
import { SaleStatusBadge } from '../../components/ui/StatusBadge';
import type { SaleSummary } from './api';

function Detail({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-xs text-gray-600">{term}</dt>
      <dd className="text-sm text-gray-900">{children}</dd>
    </div>
  );
}

/** One sale in the list; the whole card is the link to its detail. */
export function SaleCard({ sale }: { sale: SaleSummary }) {
  return (
    <LinkCard to={`/sales/${sale.id}`}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 className="text-base font-semibold text-gray-900">{sale.passengerName}</h2>
          <p className="text-sm text-gray-600">Venta #{sale.id}</p>
        </div>
        <div className="flex items-center gap-3">
          <span className="text-lg font-semibold text-gray-900">{formatMoney(sale.salePrice)}</span>
          <SaleStatusBadge status={sale.status} />
        </div>
      </div>
      <dl className="mt-4 grid grid-cols-2 gap-x-6 gap-y-3 sm:grid-cols-3 lg:grid-cols-5">
        <Detail term="Cliente">
          {sale.client.name}
          {sale.client.clientId && <span className="block text-gray-600">{sale.client.clientId}</span>}
        </Detail>
        <Detail term="Fecha de creación">{formatDate(sale.creationDate)}</Detail>
        <Detail term="Fecha de viaje">{formatDate(sale.travelDate)}</Detail>
        <Detail term="Tipo de venta">{enumLabel(sale.saleType)}</Detail>
        <Detail term="Tipo de servicio">{enumLabel(sale.serviceType)}</Detail>
        <Detail term="Región">{enumLabel(sale.region)}</Detail>
        <Detail term="Pasajeros">{sale.passengerCount}</Detail>
        <Detail term="Vendedor">{sale.seller.username}</Detail>
      </dl>
    </LinkCard>
  );
}

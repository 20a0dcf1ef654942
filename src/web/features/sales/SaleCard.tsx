import { formatDate } from '../../../domain/format';
import { enumLabel } from '../../../domain/sales';
import { CardDetail, LinkCard } from '../../components/ui/LinkCard';
import { SaleStatusBadge } from '../../components/ui/StatusBadge';
import { useMoney } from '../../lib/use-money';
import type { SaleSummary } from './api';

/** One sale in the list; the whole card is the link to its detail. */
export function SaleCard({ sale }: { sale: SaleSummary }) {
  const formatMoney = useMoney();
  return (
    <LinkCard
      to={`/sales/${sale.id}`}
      title={sale.passengerName}
      subtitle={`Venta #${sale.id}`}
      amount={formatMoney(sale.salePrice, sale.currency)}
      badge={<SaleStatusBadge status={sale.status} />}
      detailsClassName="sm:grid-cols-3 lg:grid-cols-5"
    >
      <CardDetail term="Cliente">
        {sale.client.name}
        {sale.client.clientId && <span className="block text-gray-600">{sale.client.clientId}</span>}
      </CardDetail>
      <CardDetail term="Fecha de creación">{formatDate(sale.creationDate)}</CardDetail>
      <CardDetail term="Fecha de viaje">{formatDate(sale.travelDate)}</CardDetail>
      <CardDetail term="Tipo de venta">{enumLabel(sale.saleType)}</CardDetail>
      <CardDetail term="Tipo de servicio">{enumLabel(sale.serviceType)}</CardDetail>
      <CardDetail term="Región">{enumLabel(sale.region)}</CardDetail>
      <CardDetail term="Pasajeros">{sale.passengerCount}</CardDetail>
      <CardDetail term="Vendedor">{sale.seller.username}</CardDetail>
    </LinkCard>
  );
}

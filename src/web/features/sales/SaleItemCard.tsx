import { formatDate } from '../../../domain/format';
import { useMoney } from '../../lib/use-money';
import type { SaleItemDetail } from './api';
import { DetailItem } from './DetailList';

function dateRange({ dateIn, dateOut }: Pick<SaleItemDetail, 'dateIn' | 'dateOut'>): string {
  if (!dateIn && !dateOut) return formatDate(null);
  return `${formatDate(dateIn)} - ${formatDate(dateOut)}`;
}

/** One line item of the sale detail. */
export function SaleItemCard({
  item,
  position,
  currency,
}: {
  item: SaleItemDetail;
  position: number;
  currency: string;
}) {
  const formatMoney = useMoney();
  return (
    <article aria-labelledby={`item-${item.id}-title`} className="rounded-md border border-gray-200 p-4">
      <h3 id={`item-${item.id}-title`} className="font-semibold text-gray-900">
        Item {position}: {item.classificationName}
      </h3>
      {item.description && <p className="mt-1 text-sm text-gray-700">{item.description}</p>}
      <dl className="mt-3 grid grid-cols-2 gap-x-6 gap-y-3 md:grid-cols-4">
        <DetailItem term="Clasificación">{item.classificationName}</DetailItem>
        <DetailItem term="Proveedor">{item.supplierName}</DetailItem>
        <DetailItem term="Operador">{item.operatorName}</DetailItem>
        <DetailItem term="Fechas">{dateRange(item)}</DetailItem>
        <DetailItem term={`Pasajeros (${item.passengerCount})`}>
          {item.passengers.map((p) => p.name).join(', ')}
        </DetailItem>
        <DetailItem term="Precio de venta">{formatMoney(item.salePrice, currency)}</DetailItem>
        <DetailItem term="Precio de costo">{formatMoney(item.costPrice, currency)}</DetailItem>
        <DetailItem term="Código de reserva">{item.reservationCode || '—'}</DetailItem>
        <DetailItem term="Fecha de pago al proveedor">
          {item.paymentDate ? formatDate(item.paymentDate) : 'Pending'}
        </DetailItem>
      </dl>
    </article>
  );
}

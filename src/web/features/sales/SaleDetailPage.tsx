import type { ReactNode } from 'react';
import { salesApi } from '../../../domain/api/sales';
import { BASE_CURRENCY } from '../../../domain/company';
import { formatDate } from '../../../domain/format';
import { sumMoney } from '../../../domain/money';
import { inverseRateEquation, rateEquation } from '../../../domain/rate-text';
import { enumLabel } from '../../../domain/sales';
import { errorStatus } from '../../api/client';
import { canCall, useCurrentUser } from '../../auth';
import { BackLink } from '../../components/ui/BackLink';
import { Card } from '../../components/ui/Card';
import { Spinner } from '../../components/ui/Spinner';
import { SaleStatusBadge } from '../../components/ui/StatusBadge';
import { useRouteId } from '../../lib/route-id';
import { useMoney, useNumberFormat } from '../../lib/use-money';
import { SaleAlerts } from '../alerts';
import { SaleHistory } from '../audit';
import { useAgencyPreferences } from '../company';
import { SaleDocuments } from '../documents';
import { Communications } from '../emails';
import { SalePayments } from '../payments';
import { type SaleDetail, useSale, useSaleSaved } from './api';
import { DetailItem } from './DetailList';
import { PassengerDocumentNotice } from './PassengerDocumentNotice';
import { SaleActions } from './SaleActions';
import { SaleItemCard } from './SaleItemCard';
import { SalePassengers } from './SalePassengers';
import { SalePlan } from './SalePlan';

function Problem({ children }: { children: ReactNode }) {
  return (
    <div className="space-y-4">
      <BackLink to="/sales">Volver a ventas</BackLink>
      <p role="alert" className="rounded-md bg-red-50 px-4 py-3 text-red-800">
        {children}
      </p>
    </div>
  );
}

/** /sales/:id */
export function SaleDetailPage() {
  const id = useRouteId();
  if (id === null) return <Problem>Sale not found</Problem>;
  return <SaleDetailLoader id={id} />;
}

function SaleDetailLoader({ id }: { id: number }) {
  const { data: sale, isPending, error } = useSale(id);
  if (isPending) return <Spinner label="Cargando venta..." className="py-12" />;
  if (error) {
    // The server answers 404 for another seller's sale too, so both read as not found.
    return (
      <Problem>{errorStatus(error) === 404 ? 'Sale not found' : 'Failed to fetch sale details'}</Problem>
    );
  }
  return <SaleDetailView sale={sale} />;
}

function SaleDetailView({ sale }: { sale: SaleDetail }) {
  const user = useCurrentUser();
  const { timeZone } = useAgencyPreferences();
  const canEdit = canCall(salesApi.update, user.role);
  const profit = sumMoney([sale.salePrice, -sale.totalCost]);
  const onSaved = useSaleSaved();
  const formatMoney = useMoney();
  const style = useNumberFormat();

  return (
    <div className="space-y-6">
      <BackLink to="/sales">Volver a ventas</BackLink>
      <header className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <div className="flex items-center gap-3">
            <h1 className="text-2xl font-bold text-gray-900">Venta #{sale.id}</h1>
            <SaleStatusBadge status={sale.status} />
          </div>
          <p className="mt-1 text-gray-700">{sale.passengerName}</p>
        </div>
        <SaleActions sale={sale} role={user.role} />
      </header>

      <SaleAlerts saleId={sale.id} />
      <PassengerDocumentNotice sale={sale} timeZone={timeZone} />

      <Card>
        <h2 className="text-lg font-semibold text-gray-900">Información de la venta</h2>
        <dl className="mt-4 grid grid-cols-1 gap-x-6 gap-y-4 sm:grid-cols-2 lg:grid-cols-3">
          <DetailItem term="Cliente">{sale.client.name}</DetailItem>
          <DetailItem term="ID/RUT del cliente">{sale.client.clientId || '—'}</DetailItem>
          <DetailItem term="Fecha de creación">{formatDate(sale.creationDate)}</DetailItem>
          <DetailItem term="Fecha de viaje">{formatDate(sale.travelDate)}</DetailItem>
          <DetailItem term="Tipo de venta">{enumLabel(sale.saleType)}</DetailItem>
          <DetailItem term="Región">{enumLabel(sale.region)}</DetailItem>
          <DetailItem term="Tipo de servicio">{enumLabel(sale.serviceType)}</DetailItem>
          <DetailItem term="Vendedor">{sale.seller.email}</DetailItem>
          <DetailItem term="Cantidad de pasajeros">{sale.passengerCount}</DetailItem>
          <DetailItem term="Pasajeros">
            <SalePassengers items={sale.items} />
          </DetailItem>
        </dl>
      </Card>

      <Card>
        <h2 className="text-lg font-semibold text-gray-900">Items de la venta</h2>
        <div className="mt-4 space-y-4">
          {sale.items.map((item, index) => (
            <SaleItemCard key={item.id} item={item} position={index + 1} currency={sale.currency} />
          ))}
        </div>
      </Card>

      <Card>
        <h2 className="text-lg font-semibold text-gray-900">Resumen financiero</h2>
        <dl className="mt-4 grid grid-cols-1 gap-4 sm:grid-cols-3">
          <DetailItem term="Costo total">{formatMoney(sale.totalCost, sale.currency)}</DetailItem>
          <DetailItem term="Venta total">{formatMoney(sale.salePrice, sale.currency)}</DetailItem>
          <DetailItem term="Ganancia">
            <span className={profit >= 0 ? 'text-green-700' : 'text-red-700'}>
              {formatMoney(profit, sale.currency)}
            </span>
          </DetailItem>
        </dl>
        {sale.currency !== BASE_CURRENCY && (
          <p className="mt-3 text-sm text-gray-700">
            En dólares, a la tasa de la venta (
            {inverseRateEquation(sale.currency, sale.exchangeRate, style) ??
              rateEquation(sale.currency, sale.exchangeRate, style)}
            ): venta {formatMoney(sale.salePriceUsd)} · costo {formatMoney(sale.totalCostUsd)}
          </p>
        )}
      </Card>

      <SaleDocuments sale={sale} canEdit={canEdit} timeZone={timeZone} onAccepted={onSaved} />
      <SalePlan sale={sale} canEdit={canCall(salesApi.plan, user.role)} />
      <SalePayments sale={sale} canWrite={canEdit} />
      <Card>
        <Communications saleId={sale.id} timeZone={timeZone} />
      </Card>
      <SaleHistory saleId={sale.id} timeZone={timeZone} />
    </div>
  );
}

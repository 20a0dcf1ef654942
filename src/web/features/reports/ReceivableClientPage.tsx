import { Plus } from 'lucide-react';
import { useState } from 'react';
import { formatDate } from '../../../domain/format';
import { AGE_BUCKET_LABELS, type ReceivableSale } from '../../../domain/reports';
import { errorStatus } from '../../api/client';
import { Button } from '../../components/ui/Button';
import { actionsColumn, DataTable, type DataTableColumn, moneyColumn } from '../../components/ui/DataTable';
import { ErrorAlert } from '../../components/ui/ErrorAlert';
import { Money } from '../../components/ui/Money';
import { PageHeader } from '../../components/ui/PageHeader';
import { Spinner } from '../../components/ui/Spinner';
import { SummaryCard } from '../../components/ui/SummaryCard';
import { useRouteId } from '../../lib/route-id';
import { useMoney } from '../../lib/use-money';
import { PaymentDialog } from '../payments';
import { useReceivableClient, useRefreshReports } from './api';
import { SaleCell } from './SaleCell';

/** Each sale's figures are in its own currency; the client's cards add their USD values. */
const saleCurrency = (sale: ReceivableSale) => sale.currency;

function ageText(sale: ReceivableSale): string {
  if (sale.daysAfterTravel < 0) return `Viaja en ${-sale.daysAfterTravel} días`;
  if (sale.daysAfterTravel === 0) return 'Viaja hoy';
  return `${sale.daysAfterTravel} días (${AGE_BUCKET_LABELS[sale.bucket]})`;
}

const SALE_COLUMNS: ReadonlyArray<DataTableColumn<ReceivableSale>> = [
  {
    key: 'sale',
    header: 'Venta',
    rowHeader: true,
    cell: (sale) => <SaleCell saleId={sale.saleId} passengerName={sale.passengerName} />,
  },
  { key: 'travelDate', header: 'Fecha de viaje', cell: (sale) => formatDate(sale.travelDate) },
  { key: 'age', header: 'Antigüedad', cell: ageText },
  moneyColumn('total', 'Total', (sale) => sale.totalSale, undefined, saleCurrency),
  moneyColumn('paid', 'Pagado', (sale) => sale.paidAmount, undefined, saleCurrency),
  moneyColumn('pending', 'Pendiente', (sale) => sale.pendingAmount, 'font-semibold', saleCurrency),
  // With a payment plan, the instalments past due and unpaid; without one, all of it after the trip.
  {
    key: 'overdue',
    header: 'Vencido',
    align: 'right',
    className: 'text-red-700',
    cell: (sale) =>
      sale.overdueAmount ? <Money amount={sale.overdueAmount} currency={sale.currency} /> : '—',
  },
];

/** Cobranza is for admin and finance, and both register what the client pays (decision 0043). */
function payColumn(onPay: (sale: ReceivableSale) => void): DataTableColumn<ReceivableSale> {
  return actionsColumn((sale) => (
    <Button
      size="sm"
      variant="secondary"
      aria-label={`Registrar pago de la venta #${sale.saleId}`}
      onClick={() => onPay(sale)}
    >
      <Plus aria-hidden="true" className="size-4" />
      Registrar Pago
    </Button>
  ));
}

/** The page's header over why the client cannot be shown: not found (also a malformed id) or failed. */
function LoadFailed({ notFound, error }: { notFound: boolean; error?: unknown }) {
  return (
    <div className="space-y-4">
      <PageHeader title="Cobranza" backTo="/receivables" />
      <ErrorAlert title={notFound ? 'Cliente no encontrado' : 'Error al cargar el cliente'} error={error} />
    </div>
  );
}

/** /receivables/:clientId: one client's open sales, where admin and finance register what the client pays. */
export function ReceivableClientPage() {
  const clientId = useRouteId('clientId');
  return clientId === null ? <LoadFailed notFound /> : <ReceivableClientView clientId={clientId} />;
}

function ReceivableClientView({ clientId }: { clientId: number }) {
  const { data, isPending, error } = useReceivableClient(clientId);
  const refresh = useRefreshReports();
  const [paying, setPaying] = useState<ReceivableSale | null>(null);
  const formatMoney = useMoney();

  if (isPending) return <Spinner label="Cargando cliente..." className="py-12" />;
  if (error || !data) return <LoadFailed notFound={errorStatus(error) === 404} error={error} />;
  const { client, sales } = data;
  return (
    <div className="space-y-6">
      <PageHeader title={client.clientName} backTo="/receivables" />
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-3">
        <SummaryCard
          title="Total ventas"
          value={formatMoney(client.totalSale)}
          note={`${client.salesCount} ventas`}
        />
        <SummaryCard title="Pagado" value={formatMoney(client.paidAmount)} valueClassName="text-green-700" />
        <SummaryCard
          title="Pendiente"
          value={formatMoney(client.pendingAmount)}
          note={`Vencido: ${formatMoney(client.overdueAmount)}`}
          valueClassName="text-red-700"
        />
      </div>
      <DataTable
        caption="Ventas con saldo pendiente"
        scrollRegion
        columns={[...SALE_COLUMNS, payColumn(setPaying)]}
        rows={sales}
        rowKey={(sale) => sale.saleId}
        emptyText="Este cliente no tiene saldos pendientes"
      />
      {paying && (
        <PaymentDialog
          open
          saleId={paying.saleId}
          balance={paying.pendingAmount}
          saleCurrency={paying.currency}
          saleExchangeRate={paying.exchangeRate}
          onOpenChange={(open) => {
            if (open) return;
            setPaying(null);
            // The payments feature refreshes its own views; the debts shown here are ours.
            void refresh();
          }}
        />
      )}
    </div>
  );
}

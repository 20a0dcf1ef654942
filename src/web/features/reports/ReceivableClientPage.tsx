import { Plus } from 'lucide-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { formatDate, formatMoney } from '../../../domain/format';
import { AGE_BUCKET_LABELS, type ReceivableSale } from '../../../domain/reports';
import { errorStatus } from '../../api/client';
import { useCurrentUser } from '../../auth';
import { Button } from '../../components/ui/Button';
import { ErrorAlert } from '../../components/ui/ErrorAlert';
import { PageHeader } from '../../components/ui/PageHeader';
import { Spinner } from '../../components/ui/Spinner';
import { SummaryCard } from '../../components/ui/SummaryCard';
import { PaymentDialog } from '../payments';
import { useReceivableClient, useRefreshReports } from './api';
import { LINK, TableRegion, TD, TD_NUM, TH, TH_NUM } from './table';

function ageText(sale: ReceivableSale): string {
  if (sale.daysAfterTravel < 0) return `Viaja en ${-sale.daysAfterTravel} días`;
  if (sale.daysAfterTravel === 0) return 'Viaja hoy';
  return `${sale.daysAfterTravel} días (${AGE_BUCKET_LABELS[sale.bucket]})`;
}

interface SalesTableProps {
  sales: ReceivableSale[];
  /** Given to admins, who may register payments (DESIGN.md 7); finance only reads. */
  onPay?: (sale: ReceivableSale) => void;
}

function SalesTable({ sales, onPay }: SalesTableProps) {
  return (
    <TableRegion label="Ventas con saldo pendiente">
      <thead className="bg-gray-50">
        <tr>
          <th scope="col" className={TH}>
            Venta
          </th>
          <th scope="col" className={TH}>
            Fecha de viaje
          </th>
          <th scope="col" className={TH}>
            Antigüedad
          </th>
          <th scope="col" className={TH_NUM}>
            Total
          </th>
          <th scope="col" className={TH_NUM}>
            Pagado
          </th>
          <th scope="col" className={TH_NUM}>
            Pendiente
          </th>
          {onPay && (
            <th scope="col" className={TH}>
              <span className="sr-only">Acciones</span>
            </th>
          )}
        </tr>
      </thead>
      <tbody className="divide-y divide-gray-100">
        {sales.map((sale) => (
          <tr key={sale.saleId}>
            <th scope="row" className={`${TD} text-left font-normal`}>
              <Link to={`/sales/${sale.saleId}`} className={LINK}>
                Venta #{sale.saleId}
              </Link>
              <span className="block text-gray-700">{sale.passengerName}</span>
            </th>
            <td className={`${TD} whitespace-nowrap`}>{formatDate(sale.travelDate)}</td>
            <td className={`${TD} whitespace-nowrap`}>{ageText(sale)}</td>
            <td className={TD_NUM}>{formatMoney(sale.totalSale)}</td>
            <td className={TD_NUM}>{formatMoney(sale.paidAmount)}</td>
            <td className={`${TD_NUM} font-semibold`}>{formatMoney(sale.pendingAmount)}</td>
            {onPay && (
              <td className={TD}>
                <Button
                  size="sm"
                  variant="secondary"
                  aria-label={`Registrar pago de la venta #${sale.saleId}`}
                  onClick={() => onPay(sale)}
                >
                  <Plus aria-hidden="true" className="size-4" />
                  Registrar Pago
                </Button>
              </td>
            )}
          </tr>
        ))}
      </tbody>
    </TableRegion>
  );
}

/** /receivables/:clientId: one client's open sales, where an admin registers what the client pays. */
export function ReceivableClientPage() {
  const clientId = Number(useParams().clientId);
  const user = useCurrentUser();
  const { data, isPending, error } = useReceivableClient(clientId);
  const refresh = useRefreshReports();
  const [paying, setPaying] = useState<ReceivableSale | null>(null);

  if (isPending) return <Spinner label="Cargando cliente..." className="py-12" />;
  if (error || !data) {
    return (
      <div className="space-y-4">
        <PageHeader title="Cobranza" backTo="/receivables" />
        <ErrorAlert
          title={errorStatus(error) === 404 ? 'Cliente no encontrado' : 'Error al cargar el cliente'}
          error={error}
        />
      </div>
    );
  }
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
          valueClassName="text-red-700"
        />
      </div>
      {sales.length === 0 ? (
        <p className="rounded-lg border border-dashed border-gray-300 bg-white px-4 py-12 text-center text-gray-700">
          Este cliente no tiene saldos pendientes
        </p>
      ) : (
        <SalesTable sales={sales} onPay={user.role === 'admin' ? setPaying : undefined} />
      )}
      {paying && (
        <PaymentDialog
          open
          saleId={paying.saleId}
          balance={paying.pendingAmount}
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

import { Trash2 } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { supplierPaymentsApi } from '../../../domain/api/supplier-payments';
import { BASE_CURRENCY } from '../../../domain/company';
import { formatDate, type MoneyText, type NumberFormat } from '../../../domain/format';
import { inverseRateEquation, rateEquation } from '../../../domain/rate-text';
import { SUPPLIER_PAYMENT_METHOD_LABELS } from '../../../domain/supplier-payments';
import { Button } from '../../components/ui/Button';
import { ConfirmDialog } from '../../components/ui/ConfirmDialog';
import { actionsColumn, DataTable, type DataTableColumn, TABLE_LINK } from '../../components/ui/DataTable';
import { ErrorAlert } from '../../components/ui/ErrorAlert';
import { ExportMenu } from '../../components/ui/ExportMenu';
import { useMoney, useNumberFormat } from '../../lib/use-money';
import { type SupplierPayment, useDeleteSupplierPayment, useSupplierHistory } from './api';
import { DetailSection } from './DetailSection';

const DELETE_ERROR = 'Error al eliminar el pago';

const methodLabel = (method: string) =>
  SUPPLIER_PAYMENT_METHOD_LABELS[method as keyof typeof SUPPLIER_PAYMENT_METHOD_LABELS] ?? method;

const describePayment = (p: SupplierPayment, formatMoney: MoneyText) =>
  `${formatMoney(p.amount, p.currency)} del ${formatDate(p.paymentDate)}`;

function paymentColumns(
  onDelete: (payment: SupplierPayment) => void,
  formatMoney: MoneyText,
  style: NumberFormat,
): DataTableColumn<SupplierPayment>[] {
  return [
    { key: 'date', header: 'Fecha', cell: (p) => formatDate(p.paymentDate) },
    {
      key: 'amount',
      header: 'Monto',
      className: 'font-medium',
      cell: (p) => formatMoney(p.amount, p.currency),
    },
    {
      key: 'usd',
      header: 'Equivalente USD',
      cell: (p) => (
        <>
          {formatMoney(p.amountUsd)}
          {/* The rate frozen on the payment, and its inverse, which tells 0.00105 from 0.00108. */}
          <span className="block text-xs text-gray-700">{rateEquation(p.currency, p.rateToUsd, style)}</span>
          {p.currency !== BASE_CURRENCY && (
            <span className="block text-xs text-gray-700">
              {inverseRateEquation(p.currency, p.rateToUsd, style)}
            </span>
          )}
        </>
      ),
    },
    { key: 'method', header: 'Método', wrap: true, cell: (p) => methodLabel(p.paymentMethod) },
    { key: 'description', header: 'Descripción', wrap: true, cell: (p) => p.description },
    { key: 'reference', header: 'Referencia', wrap: true, cell: (p) => p.reference || '—' },
    { key: 'sales', header: 'Ventas relacionadas', wrap: true, cell: (p) => <RelatedSales payment={p} /> },
    actionsColumn((p) => (
      <Button
        variant="secondary"
        size="sm"
        aria-label={`Eliminar pago de ${describePayment(p, formatMoney)}`}
        className="text-red-700 hover:bg-red-50"
        onClick={() => onDelete(p)}
      >
        <Trash2 aria-hidden="true" className="size-4" />
        Eliminar
      </Button>
    )),
  ];
}

function RelatedSales({ payment }: { payment: SupplierPayment }) {
  if (payment.relatedSales.length === 0) return '—';
  return (
    <ul className="space-y-1">
      {payment.relatedSales.map((sale) => (
        <li key={sale.id}>
          <Link to={`/sales/${sale.id}`} className={TABLE_LINK}>
            #{sale.id}
          </Link>{' '}
          {sale.passengerName}
        </li>
      ))}
    </ul>
  );
}

interface HistoryBodyProps {
  history: ReturnType<typeof useSupplierHistory>;
  onDelete: (payment: SupplierPayment) => void;
}

function HistoryBody({ history, onDelete }: HistoryBodyProps): ReactNode {
  const formatMoney = useMoney();
  const style = useNumberFormat();
  if (history.error) {
    return <ErrorAlert title="Error al cargar los pagos" error={history.error} className="mx-5 mb-5" />;
  }
  return (
    <DataTable
      caption="Historial de pagos"
      framed={false}
      columns={paymentColumns(onDelete, formatMoney, style)}
      rows={history.data ?? []}
      rowKey={(payment) => payment.id}
      isPending={history.isPending}
      loadingLabel="Cargando pagos..."
      emptyText="No hay pagos registrados"
    />
  );
}

/** The supplier's payments, newest first, each with the USD rate frozen when it was made. */
export function PaymentHistory({ supplierId }: { supplierId: number }) {
  const history = useSupplierHistory(supplierId);
  const remove = useDeleteSupplierPayment();
  const [toDelete, setToDelete] = useState<SupplierPayment | null>(null);
  const formatMoney = useMoney();

  // A failed delete is logged, and a toast tells the admin that the payment is still there.
  const confirmDelete = async () => {
    if (!toDelete) return;
    try {
      const { message } = await remove.mutateAsync(toDelete.id);
      toast.success(message);
    } catch (error) {
      console.error(DELETE_ERROR, error);
      toast.error(DELETE_ERROR);
    }
  };

  return (
    <DetailSection
      title="Historial de pagos"
      actions={
        <ExportMenu
          endpoint={supplierPaymentsApi.historyExport}
          params={{ id: supplierId }}
          fileName={`pagos-proveedor-${supplierId}`}
        />
      }
    >
      <HistoryBody history={history} onDelete={setToDelete} />
      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => {
          if (!open) setToDelete(null);
        }}
        title="Eliminar Pago"
        description={
          toDelete && (
            <>
              Se eliminará el pago de {describePayment(toDelete, formatMoney)}. Esta acción no se puede
              deshacer.
            </>
          )
        }
        // Required by the dialog but not shown: confirmDelete reports failures itself and never throws.
        errorTitle={DELETE_ERROR}
        onConfirm={confirmDelete}
      />
    </DetailSection>
  );
}

import { Trash2 } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { formatDate, formatMoney } from '../../../domain/format';
import { SUPPLIER_PAYMENT_METHOD_LABELS } from '../../../domain/supplier-payments';
import { Button } from '../../components/ui/Button';
import { ConfirmDialog } from '../../components/ui/ConfirmDialog';
import { ErrorAlert } from '../../components/ui/ErrorAlert';
import { ExportMenu } from '../../components/ui/ExportMenu';
import { Spinner } from '../../components/ui/Spinner';
import { cn } from '../../lib/cn';
import { type SupplierPayment, useDeleteSupplierPayment, useSupplierHistory } from './api';
import { SECTION, TABLE_LINK, TD, TH } from './table-styles';
import { rateText } from './texts';

const DELETE_ERROR = 'Error al eliminar el pago';

const methodLabel = (method: string) =>
  SUPPLIER_PAYMENT_METHOD_LABELS[method as keyof typeof SUPPLIER_PAYMENT_METHOD_LABELS] ?? method;

const describePayment = (p: SupplierPayment) =>
  `${formatMoney(p.amount, p.currency)} del ${formatDate(p.paymentDate)}`;

const HEADERS = [
  'Fecha',
  'Monto',
  'Equivalente USD',
  'Método',
  'Descripción',
  'Referencia',
  'Ventas relacionadas',
];

function PaymentRow({ payment, onDelete }: { payment: SupplierPayment; onDelete: () => void }) {
  return (
    <tr>
      <td className={cn(TD, 'whitespace-nowrap')}>{formatDate(payment.paymentDate)}</td>
      <td className={cn(TD, 'font-medium whitespace-nowrap')}>
        {formatMoney(payment.amount, payment.currency)}
      </td>
      <td className={cn(TD, 'whitespace-nowrap')}>
        {formatMoney(payment.amountUsd)}
        <span className="block text-xs text-gray-700">{rateText(payment.currency, payment.rateToUsd)}</span>
      </td>
      <td className={TD}>{methodLabel(payment.paymentMethod)}</td>
      <td className={TD}>{payment.description}</td>
      <td className={TD}>{payment.reference || '—'}</td>
      <td className={TD}>
        {payment.relatedSales.length === 0 ? (
          '—'
        ) : (
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
        )}
      </td>
      <td className={TD}>
        <Button
          variant="secondary"
          size="sm"
          aria-label={`Eliminar pago de ${describePayment(payment)}`}
          className="text-red-700 hover:bg-red-50"
          onClick={onDelete}
        >
          <Trash2 aria-hidden="true" className="size-4" />
          Eliminar
        </Button>
      </td>
    </tr>
  );
}

interface HistoryBodyProps {
  history: ReturnType<typeof useSupplierHistory>;
  onDelete: (payment: SupplierPayment) => void;
}

function HistoryBody({ history, onDelete }: HistoryBodyProps): ReactNode {
  if (history.isPending) return <Spinner label="Cargando pagos..." className="py-6" />;
  if (history.error) {
    return <ErrorAlert title="Error al cargar los pagos" error={history.error} className="mx-5 mb-5" />;
  }
  if (history.data.length === 0) {
    return <p className="px-5 py-6 text-sm text-gray-700">No hay pagos registrados</p>;
  }
  return (
    <div className="mt-3 overflow-x-auto">
      <table className="min-w-full divide-y divide-gray-200">
        <thead className="bg-gray-50">
          <tr>
            {HEADERS.map((header) => (
              <th key={header} scope="col" className={TH}>
                {header}
              </th>
            ))}
            <th scope="col" className={TH}>
              <span className="sr-only">Acciones</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-gray-100">
          {history.data.map((payment) => (
            <PaymentRow key={payment.id} payment={payment} onDelete={() => onDelete(payment)} />
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The supplier's payments, newest first, each with the USD rate frozen when it was made. */
export function PaymentHistory({ supplierId }: { supplierId: number }) {
  const history = useSupplierHistory(supplierId);
  const remove = useDeleteSupplierPayment();
  const [toDelete, setToDelete] = useState<SupplierPayment | null>(null);

  // Spec 8 only logs a failed delete; a toast is added so that the admin knows the payment is still there.
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
    <section aria-labelledby="supplier-payments-title" className={SECTION}>
      <div className="flex flex-wrap items-center justify-between gap-2 px-5 pt-5">
        <h2 id="supplier-payments-title" className="text-lg font-semibold text-gray-900">
          Historial de pagos
        </h2>
        <ExportMenu
          path={`/api/supplier-payments/supplier/${supplierId}/history/export`}
          fileName={`pagos-proveedor-${supplierId}`}
        />
      </div>
      <HistoryBody history={history} onDelete={setToDelete} />
      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => {
          if (!open) setToDelete(null);
        }}
        title="Eliminar Pago"
        description={
          toDelete && (
            <>Se eliminará el pago de {describePayment(toDelete)}. Esta acción no se puede deshacer.</>
          )
        }
        // Required by the dialog but not shown: confirmDelete reports failures itself and never throws.
        errorTitle={DELETE_ERROR}
        onConfirm={confirmDelete}
      />
    </section>
  );
}

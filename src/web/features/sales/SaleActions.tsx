import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { formatMoney } from '../../../domain/format';
import type { SaleStatus } from '../../../domain/status';
import { Button, buttonClasses } from '../../components/ui/Button';
import { ConfirmDialog } from '../../components/ui/ConfirmDialog';
import { InvoiceButton } from '../invoices';
import { RegisterPaymentButton } from '../payments';
import { type SaleDetail, useChangeSaleStatus } from './api';

type PendingChange = Extract<SaleStatus, 'completed' | 'cancelled'>;

interface Confirmation {
  title: string;
  pending: string;
  cancelLabel: string;
  text: (sale: SaleDetail) => ReactNode;
}

/** A money fact the user should weigh before confirming, set apart from the question. */
function Warning({ children }: { children: ReactNode }) {
  return <p className="mt-3 rounded-md bg-yellow-50 px-3 py-2 text-yellow-900">{children}</p>;
}

const CONFIRMATIONS: Record<PendingChange, Confirmation> = {
  completed: {
    title: 'Liquidar Venta',
    pending: 'Liquidando...',
    cancelLabel: 'Cancelar',
    // Liquidar cannot be undone (a completed sale is final), so it is confirmed like a cancellation,
    // with what is still owed.
    text: (sale) => (
      <>
        <p>¿Liquidar la venta #{sale.id}? Una venta liquidada ya no se puede editar ni cancelar.</p>
        {sale.balance > 0 && (
          <Warning>
            Aún queda un saldo pendiente de <strong>{formatMoney(sale.balance)}</strong> por cobrar al
            cliente.
          </Warning>
        )}
      </>
    ),
  },
  cancelled: {
    title: 'Cancelar Venta',
    pending: 'Cancelando...',
    // Two buttons both reading "Cancelar" leave the user guessing which one cancels the sale.
    cancelLabel: 'Volver',
    text: (sale) => (
      <>
        <p>¿Cancelar la venta #{sale.id}?</p>
        {sale.totalPaid > 0 && (
          <Warning>
            El cliente ya pagó <strong>{formatMoney(sale.totalPaid)}</strong> en esta venta. Esos pagos quedan
            registrados; la devolución, si corresponde, se gestiona aparte.
          </Warning>
        )}
      </>
    ),
  },
};

/** The detail page's buttons, which depend on the sale's status. Only admin and sales get here. */
export function SaleActions({ sale }: { sale: SaleDetail }) {
  const changeStatus = useChangeSaleStatus(sale.id);
  const [confirming, setConfirming] = useState<PendingChange | null>(null);
  const completed = sale.status === 'completed';
  const cancellable = !completed && sale.status !== 'cancelled';

  // Resolves even on failure so the dialog closes: a failed status change is logged
  // (docs/decisions/0007-sales-screens.md), and the toast is there so the user knows nothing changed.
  // Success needs no toast: the badge and buttons change.
  const apply = async (status: PendingChange) => {
    try {
      await changeStatus.mutateAsync(status);
    } catch (error) {
      console.error('Error al cambiar el estado de la venta', error);
      toast.error(error instanceof Error ? error.message : 'Error al actualizar la venta');
    }
  };

  const confirmation = confirming ? CONFIRMATIONS[confirming] : null;

  return (
    <div className="flex flex-wrap gap-2">
      <RegisterPaymentButton sale={sale} />
      {!completed && (
        <>
          <Button onClick={() => setConfirming('completed')}>Liquidar Venta</Button>
          <Link to={`/sales/${sale.id}/edit`} className={buttonClasses('secondary')}>
            Editar Venta
          </Link>
        </>
      )}
      {cancellable && (
        <Button variant="danger" onClick={() => setConfirming('cancelled')}>
          Cancelar Venta
        </Button>
      )}
      {completed && <InvoiceButton saleId={sale.id} />}

      {confirming && confirmation && (
        <ConfirmDialog
          open
          onOpenChange={(open) => !open && setConfirming(null)}
          title={confirmation.title}
          description={confirmation.text(sale)}
          confirmLabel={confirmation.title}
          cancelLabel={confirmation.cancelLabel}
          pendingLabel={confirmation.pending}
          errorTitle="Error al actualizar la venta"
          onConfirm={() => apply(confirming)}
        />
      )}
    </div>
  );
}

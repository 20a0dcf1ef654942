import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import type { SaleStatus } from '../../../domain/status';
import { Button, buttonClasses } from '../../components/ui/Button';
import { ConfirmDialog } from '../../components/ui/ConfirmDialog';
import { GenerateInvoiceButton } from '../invoices';
import { RegisterPaymentButton } from '../payments';
import { type SaleDetail, useChangeSaleStatus } from './api';

type PendingChange = Extract<SaleStatus, 'completed' | 'cancelled'>;

const CONFIRMATIONS: Record<PendingChange, { title: string; pending: string; text: (id: number) => string }> =
  {
    completed: {
      title: 'Liquidar Venta',
      pending: 'Liquidando...',
      // Liquidar is final (DESIGN.md 6), so it is confirmed like a cancellation.
      text: (id) => `¿Liquidar la venta #${id}? Una venta liquidada ya no se puede editar ni cancelar.`,
    },
    cancelled: {
      title: 'Cancelar Venta',
      pending: 'Cancelando...',
      text: (id) => `¿Cancelar la venta #${id}?`,
    },
  };

/** The detail page's buttons, by status as spec 2 lists them. Only admin and sales get here. */
export function SaleActions({ sale }: { sale: SaleDetail }) {
  const changeStatus = useChangeSaleStatus(sale.id);
  const [confirming, setConfirming] = useState<PendingChange | null>(null);
  const completed = sale.status === 'completed';
  const cancellable = !completed && sale.status !== 'cancelled';

  // Resolves even on failure so the dialog closes: spec 8 only logs a failed status change, and the
  // toast is there so the user knows nothing changed. Success needs no toast: the badge and buttons change.
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
      {completed && <GenerateInvoiceButton saleId={sale.id} />}

      {confirming && confirmation && (
        <ConfirmDialog
          open
          onOpenChange={(open) => !open && setConfirming(null)}
          title={confirmation.title}
          description={confirmation.text(sale.id)}
          confirmLabel={confirmation.title}
          pendingLabel={confirmation.pending}
          errorTitle="Error al actualizar la venta"
          onConfirm={() => apply(confirming)}
        />
      )}
    </div>
  );
}

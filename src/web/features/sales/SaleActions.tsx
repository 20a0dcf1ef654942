import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { ADMINS } from '../../../domain/access';
import { salesApi } from '../../../domain/api/sales';
import type { Role } from '../../../domain/roles';
import { adminOnlyTransition } from '../../../domain/sales';
import type { SaleStatus } from '../../../domain/status';
import { canCall } from '../../auth';
import { Button, buttonClasses } from '../../components/ui/Button';
import { ConfirmDialog } from '../../components/ui/ConfirmDialog';
import { Money } from '../../components/ui/Money';
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
    // with what is still owed. A cancelled sale (admins only) says so, with all its amounts.
    text: (sale) =>
      sale.status === 'cancelled' ? (
        <>
          <p>
            La venta #{sale.id} está <strong>cancelada</strong>. ¿Liquidarla de todos modos? Una venta
            liquidada ya no se puede editar ni cancelar.
          </p>
          <Warning>
            <span className="block">
              Total de la venta: <Money amount={sale.salePrice} currency={sale.currency} />
            </span>
            <span className="block">
              Pagado: <Money amount={sale.totalPaid} currency={sale.currency} />
            </span>
            <span className="block">
              Pendiente: <Money amount={sale.balance} currency={sale.currency} />
            </span>
          </Warning>
        </>
      ) : (
        <>
          <p>¿Liquidar la venta #{sale.id}? Una venta liquidada ya no se puede editar ni cancelar.</p>
          {sale.balance > 0 && (
            <Warning>
              Aún queda un saldo pendiente de{' '}
              <strong>
                <Money amount={sale.balance} currency={sale.currency} />
              </strong>{' '}
              por cobrar al cliente.
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
            El cliente ya pagó{' '}
            <strong>
              <Money amount={sale.totalPaid} currency={sale.currency} />
            </strong>{' '}
            en esta venta. Esos pagos quedan registrados; la devolución, si corresponde, se gestiona aparte.
          </Warning>
        )}
      </>
    ),
  },
};

interface SaleActionsProps {
  sale: SaleDetail;
  role: Role;
}

/**
 * The detail page's buttons, which depend on the sale's status and the user's role: everyone who sees
 * the sale registers payments (finance too, decision 0043); admin and the seller change it.
 */
export function SaleActions({ sale, role }: SaleActionsProps) {
  const changeStatus = useChangeSaleStatus(sale.id);
  const [confirming, setConfirming] = useState<PendingChange | null>(null);
  const canEdit = canCall(salesApi.update, role);
  const completed = sale.status === 'completed';
  const cancellable = !completed && sale.status !== 'cancelled';
  // The server refuses it to anyone else (403); the button is not offered.
  const liquidable = !completed && (!adminOnlyTransition(sale.status, 'completed') || ADMINS.includes(role));

  // Resolves even on failure so the dialog closes: a failed status change is logged
  // (docs/decisions/0007-sales-screens.md), and the toast is there so the user knows nothing changed.
  // Success needs no toast: the badge and buttons change.
  const apply = async (status: SaleStatus) => {
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
      {canEdit && sale.status === 'draft' && (
        <Button disabled={changeStatus.isPending} onClick={() => apply('confirmed')}>
          Confirmar venta
        </Button>
      )}
      {canEdit && liquidable && <Button onClick={() => setConfirming('completed')}>Liquidar Venta</Button>}
      {canEdit && !completed && (
        <Link to={`/sales/${sale.id}/edit`} className={buttonClasses('secondary')}>
          Editar Venta
        </Link>
      )}
      {canEdit && cancellable && (
        <Button variant="danger" onClick={() => setConfirming('cancelled')}>
          Cancelar Venta
        </Button>
      )}
      {canEdit && completed && <InvoiceButton saleId={sale.id} />}

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

import { Check, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { formatDate } from '../../../domain/format';
import { Button } from '../../components/ui/Button';
import { ConfirmDialog } from '../../components/ui/ConfirmDialog';
import { useMoney } from '../../lib/use-money';
import { useConfirmPayment, useDeletePayment } from './api';

interface PendingPaymentActionsProps {
  payment: { id: number; amount: number; currency: string; date: string };
  /** Deleting is for whoever may edit the sale (admin, its seller); finance only confirms. */
  canDelete: boolean;
}

/**
 * "Confirmar pago" and "Eliminar" for a pending payment (docs/decisions/0043-finance-registers-payments.md).
 * Confirming needs no question: it can be corrected by editing; deleting cannot be undone, so it asks first.
 */
export function PendingPaymentActions({ payment, canDelete }: PendingPaymentActionsProps) {
  const confirm = useConfirmPayment();
  const remove = useDeletePayment();
  const [deleting, setDeleting] = useState(false);
  const formatMoney = useMoney();
  const what = `${formatMoney(payment.amount, payment.currency)} del ${formatDate(payment.date)}`;

  const confirmPayment = async () => {
    try {
      toast.success((await confirm.mutateAsync(payment.id)).message);
    } catch (error) {
      toast.error(error instanceof Error ? error.message : 'Error al confirmar el pago');
    }
  };

  return (
    <div className="flex flex-wrap gap-2">
      <Button
        size="sm"
        aria-label={`Confirmar pago de ${what}`}
        disabled={confirm.isPending}
        onClick={confirmPayment}
      >
        <Check aria-hidden="true" className="size-4" />
        {confirm.isPending ? 'Confirmando...' : 'Confirmar pago'}
      </Button>
      {canDelete && (
        <Button
          variant="secondary"
          size="sm"
          aria-label={`Eliminar pago de ${what}`}
          className="text-red-700 hover:bg-red-50"
          onClick={() => setDeleting(true)}
        >
          <Trash2 aria-hidden="true" className="size-4" />
          Eliminar
        </Button>
      )}
      <ConfirmDialog
        open={deleting}
        onOpenChange={setDeleting}
        title="Eliminar Pago"
        description={<>Se eliminará el pago pendiente de {what}. Esta acción no se puede deshacer.</>}
        errorTitle="Error al eliminar el pago"
        onConfirm={async () => toast.success((await remove.mutateAsync(payment.id)).message)}
      />
    </div>
  );
}

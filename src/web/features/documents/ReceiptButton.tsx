import { formatDate } from '../../../domain/format';
import { useMoney } from '../../lib/use-money';
import { SendDocumentButton } from '../emails';
import { downloadReceipt } from './api';
import { DocumentButton } from './DocumentButton';

/** "Comprobante" of a confirmed payment (the server refuses a pending one), and "Enviar" to e-mail it. */
export function ReceiptButton({
  payment,
}: {
  payment: { id: number; amount: number; currency: string; date: string };
}) {
  const formatMoney = useMoney();
  const which = `del pago de ${formatMoney(payment.amount, payment.currency)} del ${formatDate(payment.date)}`;
  return (
    <div className="flex flex-wrap items-center gap-2">
      <DocumentButton size="sm" label={`Comprobante ${which}`} download={() => downloadReceipt(payment.id)}>
        Comprobante
      </DocumentButton>
      <SendDocumentButton
        size="sm"
        label={`Enviar comprobante ${which}`}
        target={{ kind: 'receipt', paymentId: payment.id }}
      />
    </div>
  );
}

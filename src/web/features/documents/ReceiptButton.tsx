import { formatDate, formatMoney } from '../../../domain/format';
import { downloadReceipt } from './api';
import { DocumentButton } from './DocumentButton';

/** "Comprobante" of a confirmed payment (the server refuses a pending one). */
export function ReceiptButton({
  payment,
}: {
  payment: { id: number; amount: number; currency: string; date: string };
}) {
  return (
    <DocumentButton
      size="sm"
      label={`Comprobante del pago de ${formatMoney(payment.amount, payment.currency)} del ${formatDate(payment.date)}`}
      download={() => downloadReceipt(payment.id)}
    >
      Comprobante
    </DocumentButton>
  );
}

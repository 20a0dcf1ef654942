import { formatDate } from '../../../domain/format';
import { paymentAmountText } from '../../../domain/payment-replies';
import { PAYMENT_METHOD_LABELS } from '../../../domain/payments';
import { PAYMENT_STATUS_LABEL } from '../../../domain/status';
import { CardDetail, LinkCard } from '../../components/ui/LinkCard';
import { StatusBadge } from '../../components/ui/StatusBadge';
import { useNumberFormat } from '../../lib/use-money';
import { ReceiptButton } from '../documents';
import type { PaymentListRow } from './api';
import { PendingPaymentActions } from './PendingPaymentActions';

/**
 * One payment of /payments; the whole card links to its sale, where it can be edited. A pending one
 * of a sale that is not cancelled has its "Confirmar pago" and "Eliminar" below the card (a button
 * cannot sit inside the link); a confirmed one its "Comprobante".
 */
export function PaymentCard({ payment, canDelete }: { payment: PaymentListRow; canDelete: boolean }) {
  const numberFormat = useNumberFormat();
  const actionable = payment.status === 'pending' && payment.sale.status !== 'cancelled';
  const card = (
    <LinkCard
      to={`/sales/${payment.saleId}`}
      title={payment.sale.clientName}
      subtitle={`Venta #${payment.saleId}`}
      amount={paymentAmountText(payment, payment.sale.currency, numberFormat)}
      badge={<StatusBadge status={payment.status} label={PAYMENT_STATUS_LABEL[payment.status]} />}
      detailsClassName="sm:grid-cols-4"
    >
      <CardDetail term="Fecha de pago">{formatDate(payment.date)}</CardDetail>
      <CardDetail term="Método de pago">{PAYMENT_METHOD_LABELS[payment.method] ?? payment.method}</CardDetail>
      <CardDetail term="Referencia">{payment.reference || '-'}</CardDetail>
      <CardDetail term="Pasajero">{payment.sale.passengerName}</CardDetail>
    </LinkCard>
  );
  const confirmed = payment.status === 'confirmed';
  if (!actionable && !confirmed) return card;
  return (
    <div className="space-y-2">
      {card}
      {actionable && <PendingPaymentActions payment={payment} canDelete={canDelete} />}
      {confirmed && <ReceiptButton payment={payment} />}
    </div>
  );
}

import type { ReactNode } from 'react';
import { formatDate, formatMoney } from '../../../domain/format';
import { PAYMENT_METHOD_LABELS } from '../../../domain/payments';
import { PAYMENT_STATUS_LABEL } from '../../../domain/status';
import { LinkCard } from '../../components/ui/LinkCard';
import { StatusBadge } from '../../components/ui/StatusBadge';
import type { PaymentListRow } from './api';

function Detail({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-gray-600">{term}</dt>
      <dd className="wrap-anywhere text-sm text-gray-900">{children}</dd>
    </div>
  );
}

/** One payment of /payments; the whole card links to its sale, where it can be edited. */
export function PaymentCard({ payment }: { payment: PaymentListRow }) {
  return (
    <LinkCard to={`/sales/${payment.saleId}`}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 className="text-base font-semibold text-gray-900">{payment.sale.clientName}</h2>
          <p className="text-sm text-gray-600">Venta #{payment.saleId}</p>
        </div>
        <div className="flex items-center gap-3">
          <span className="text-lg font-semibold text-gray-900">
            {formatMoney(payment.amount, payment.currency)}
          </span>
          <StatusBadge status={payment.status} label={PAYMENT_STATUS_LABEL[payment.status]} />
        </div>
      </div>
      <dl className="mt-4 grid grid-cols-2 gap-x-6 gap-y-3 sm:grid-cols-4">
        <Detail term="Fecha de pago">{formatDate(payment.date)}</Detail>
        <Detail term="Método de pago">{PAYMENT_METHOD_LABELS[payment.method] ?? payment.method}</Detail>
        <Detail term="Referencia">{payment.reference || '-'}</Detail>
        <Detail term="Pasajero">{payment.sale.passengerName}</Detail>
      </dl>
    </LinkCard>
  );
}

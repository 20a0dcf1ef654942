import { Plus } from 'lucide-react';
import { useState } from 'react';
import { BASE_CURRENCY } from '../../../domain/company';
import { formatDate } from '../../../domain/format';
import { type Payment, paymentAmountText } from '../../../domain/payment-replies';
import { PAYMENT_METHOD_LABELS } from '../../../domain/payments';
import { PAYMENT_STATUS_LABEL, type SaleStatus } from '../../../domain/status';
import { rateShownText } from '../../../domain/typed-decimal';
import { Button } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { ListStatus } from '../../components/ui/ListStatus';
import { EditButton } from '../../components/ui/RowActions';
import { StatusBadge } from '../../components/ui/StatusBadge';
import { useMoney, useNumberFormat } from '../../lib/use-money';
import { ReceiptButton } from '../documents';
import { useSalePayments } from './api';
import { PaymentDialog } from './PaymentDialog';
import { PendingPaymentActions } from './PendingPaymentActions';
import { balanceView } from './payment-model';

/** What the payments section needs of a sale: GET /api/sales/{id} carries all of it. */
export interface PaymentsSale {
  id: number;
  salePrice: number;
  /** Confirmed payments only (a pending one is not money received), summed by the server. */
  totalPaid: number;
  /** salePrice - totalPaid (0 on a cancelled sale); negative when the client paid more. */
  balance: number;
  /** What was paid on a cancelled sale, to be given back. */
  refundAmount: number;
  status: SaleStatus;
  /** The sale's currency, which a new payment starts in and every figure here is in. */
  currency: string;
  /** USD per unit of that currency, frozen on the sale. */
  exchangeRate: number;
}

const CANCELLED_NOTE = 'No se pueden registrar pagos en una venta cancelada';

/** The header's 'Registrar Pago' button with its dialog: admin, the seller and finance register payments. */
export function RegisterPaymentButton({
  sale,
}: {
  sale: Pick<PaymentsSale, 'id' | 'status' | 'balance' | 'currency' | 'exchangeRate'>;
}) {
  const [open, setOpen] = useState(false);
  const cancelled = sale.status === 'cancelled';
  return (
    <>
      <Button
        variant="secondary"
        disabled={cancelled}
        title={cancelled ? CANCELLED_NOTE : undefined}
        onClick={() => setOpen(true)}
      >
        <Plus aria-hidden="true" className="size-4" />
        Registrar Pago
      </Button>
      <PaymentDialog
        open={open}
        onOpenChange={setOpen}
        saleId={sale.id}
        balance={sale.balance}
        saleCurrency={sale.currency}
        saleExchangeRate={sale.exchangeRate}
      />
    </>
  );
}

function Summary({ sale }: { sale: PaymentsSale }) {
  const pending = balanceView(sale.balance);
  const formatMoney = useMoney();
  return (
    <dl className="grid grid-cols-1 gap-4 rounded-md bg-gray-50 p-4 sm:grid-cols-3">
      <div>
        <dt className="text-sm text-gray-600">Total Venta</dt>
        <dd className="mt-0.5 text-lg font-semibold text-gray-900">
          {formatMoney(sale.salePrice, sale.currency)}
        </dd>
      </div>
      <div>
        <dt className="text-sm text-gray-600">Total Pagado</dt>
        <dd className="mt-0.5 text-lg font-semibold text-gray-900">
          {formatMoney(sale.totalPaid, sale.currency)}
        </dd>
      </div>
      <div>
        <dt className="text-sm text-gray-600">{pending.label}</dt>
        <dd data-testid="sale-balance" className={`mt-0.5 text-lg font-semibold ${pending.className}`}>
          {formatMoney(pending.amount, sale.currency)}
        </dd>
        {sale.refundAmount > 0 && (
          <dd data-testid="sale-refund" className="text-sm font-medium text-amber-800">
            A devolver {formatMoney(sale.refundAmount, sale.currency)}
          </dd>
        )}
      </div>
    </dl>
  );
}

/** The rate a payment was valued with, and whether it was typed instead of taken from Configuraciones. */
const rateText = (p: Payment) =>
  `Tasa: ${rateShownText(p.exchangeRate)} US$ por ${p.currency}${p.rateEdited ? ' (ingresada a mano)' : ''}`;

interface PaymentRowProps {
  payment: Payment;
  /** The sale's currency, whose value of the payment is shown beside a payment in another one. */
  saleCurrency: string;
  onEdit?: () => void;
  /** Set while payments of this sale may change: a pending one can then be confirmed or deleted. */
  pending?: { canDelete: boolean };
}

function PaymentRow({ payment, saleCurrency, onEdit, pending }: PaymentRowProps) {
  const numberFormat = useNumberFormat();
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 py-3">
      <div className="min-w-0">
        <p className="font-medium text-gray-900">
          {paymentAmountText(payment, saleCurrency, numberFormat)}
          <span className="ml-2 text-sm font-normal text-gray-700">
            {PAYMENT_METHOD_LABELS[payment.method] ?? payment.method}
          </span>
        </p>
        <p className="text-sm text-gray-700">
          {formatDate(payment.date)} · Ref: <span className="wrap-anywhere">{payment.reference || '-'}</span>
          {payment.currency !== BASE_CURRENCY && <> · {rateText(payment)}</>}
        </p>
      </div>
      <div className="flex flex-wrap items-center gap-3">
        {payment.status === 'pending' && (
          <StatusBadge status="pending" label={PAYMENT_STATUS_LABEL.pending} />
        )}
        {pending && payment.status === 'pending' && (
          <PendingPaymentActions payment={payment} canDelete={pending.canDelete} />
        )}
        {payment.status === 'confirmed' && <ReceiptButton payment={payment} />}
        {onEdit && <EditButton label="Editar pago" onClick={onEdit} />}
      </div>
    </li>
  );
}

interface SalePaymentsProps {
  sale: PaymentsSale;
  /** Admin and sales edit and delete payments; finance registers and confirms them (decision 0043). */
  canWrite: boolean;
}

/** 'Historial de Pagos' of the sale detail page, with its summary (Total Venta, Total Pagado, Pendiente or Saldo a favor). */
export function SalePayments({ sale, canWrite }: SalePaymentsProps) {
  const { data: payments, isPending, error } = useSalePayments(sale.id);
  const [editing, setEditing] = useState<Payment | null>(null);
  // The server refuses payment changes on a cancelled sale; no button then leads to that refusal.
  const open = sale.status !== 'cancelled';
  const editable = canWrite && open;

  return (
    <section aria-labelledby="payments-title">
      <Card className="space-y-4">
        <h2 id="payments-title" className="text-lg font-semibold text-gray-900">
          Historial de Pagos
        </h2>
        <Summary sale={sale} />
        <ListStatus
          isPending={isPending}
          error={error}
          isEmpty={!payments?.length}
          loadingLabel="Cargando pagos..."
          errorTitle="Error al cargar pagos"
          emptyText="No hay pagos registrados para esta venta"
        >
          <ul className="divide-y divide-gray-200" aria-label="Pagos de la venta">
            {payments?.map((payment) => (
              <PaymentRow
                key={payment.id}
                payment={payment}
                saleCurrency={sale.currency}
                onEdit={editable ? () => setEditing(payment) : undefined}
                pending={open ? { canDelete: canWrite } : undefined}
              />
            ))}
          </ul>
        </ListStatus>
      </Card>
      <PaymentDialog
        open={editing !== null}
        onOpenChange={(open) => !open && setEditing(null)}
        saleId={sale.id}
        balance={sale.balance}
        saleCurrency={sale.currency}
        saleExchangeRate={sale.exchangeRate}
        payment={editing ?? undefined}
      />
    </section>
  );
}

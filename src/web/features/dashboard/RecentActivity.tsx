import { type ReactNode, useId } from 'react';
import { Link } from 'react-router';
import { formatDate, type MoneyText, type NumberFormat } from '../../../domain/format';
import { paymentAmountText } from '../../../domain/payment-replies';
import { PAYMENT_METHOD_LABELS } from '../../../domain/payments';
import { PAYMENT_STATUS_LABEL } from '../../../domain/status';
import { FOCUS_RING } from '../../components/ui/Button';
import { SaleStatusBadge, StatusBadge } from '../../components/ui/StatusBadge';
import { cn } from '../../lib/cn';
import { useMoney, useNumberFormat } from '../../lib/use-money';
import type { RecentPayment, RecentSale } from './api';
import { EmptyText, Panel } from './Panel';

const ROW_LINK = cn(
  'flex items-center justify-between gap-4 rounded-md px-2 py-3 hover:bg-gray-50',
  FOCUS_RING,
);

interface Activity {
  key: number;
  to: string;
  title: string;
  /** Under the title: the number or date and how it was paid. */
  detail: string;
  amount: string;
  badge: ReactNode;
}

/** Sales or payments, each a link with who it is for on the left, amount and status on the right. */
function ActivityList({ items, emptyText }: { items: Activity[]; emptyText: string }) {
  if (items.length === 0) return <EmptyText>{emptyText}</EmptyText>;
  return (
    <ul className="divide-y divide-gray-100">
      {items.map(({ key, to, title, detail, amount, badge }) => (
        <li key={key}>
          <Link to={to} className={ROW_LINK}>
            <span className="min-w-0">
              <span className="block truncate font-medium text-blue-700">{title}</span>
              <span className="block text-sm text-gray-700">{detail}</span>
            </span>
            <span className="flex shrink-0 flex-col items-end gap-1">
              <span className="text-sm font-semibold text-gray-900">{amount}</span>
              {badge}
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

const saleActivity = (sale: RecentSale, formatMoney: MoneyText): Activity => ({
  key: sale.id,
  to: `/sales/${sale.id}`,
  title: sale.passengerName,
  detail: `Venta #${sale.id} · ${formatDate(sale.creationDate)}`,
  amount: formatMoney(sale.salePrice, sale.currency),
  badge: <SaleStatusBadge status={sale.status} />,
});

const paymentActivity = (payment: RecentPayment, style: NumberFormat): Activity => ({
  key: payment.id,
  // A payment has no screen of its own; its sale's detail holds the payment history.
  to: `/sales/${payment.saleId}`,
  title: payment.sale.passengerName,
  detail: `${formatDate(payment.date)} · ${PAYMENT_METHOD_LABELS[payment.method] ?? payment.method}`,
  amount: paymentAmountText(payment, payment.sale.currency, style),
  badge: <StatusBadge status={payment.status} label={PAYMENT_STATUS_LABEL[payment.status]} />,
});

function Column({ title, children }: { title: string; children: ReactNode }) {
  const titleId = useId();
  return (
    // min-w-0: a grid item is otherwise as wide as its longest name, and on a phone the page scrolled.
    <section aria-labelledby={titleId} className="min-w-0">
      <h3 id={titleId} className="mb-1 text-sm font-semibold text-gray-700">
        {title}
      </h3>
      {children}
    </section>
  );
}

/** The seller's own latest sales and payments received on them. */
export function RecentActivity({ sales, payments }: { sales: RecentSale[]; payments: RecentPayment[] }) {
  const formatMoney = useMoney();
  const style = useNumberFormat();
  return (
    <Panel title="Actividad Reciente">
      <div className="grid gap-6 lg:grid-cols-2">
        <Column title="Ventas recientes">
          <ActivityList
            items={sales.map((sale) => saleActivity(sale, formatMoney))}
            emptyText="Sin ventas recientes"
          />
        </Column>
        <Column title="Pagos recientes">
          <ActivityList
            items={payments.map((payment) => paymentActivity(payment, style))}
            emptyText="Sin pagos recientes"
          />
        </Column>
      </div>
    </Panel>
  );
}

import { Plus } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { reportsApi } from '../../../domain/api/reports';
import { supplierPaymentsApi } from '../../../domain/api/supplier-payments';
import { formatDate } from '../../../domain/format';
import {
  DUE_THIS_WEEK_DAYS,
  PAYABLES_DEFAULT_DAYS,
  type PayableSupplier,
  type PayablesReply,
} from '../../../domain/reports';
import { canCall, useCurrentUser } from '../../auth';
import { buttonClasses } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { DataTable, type DataTableColumn, moneyColumn } from '../../components/ui/DataTable';
import { ExportMenu } from '../../components/ui/ExportMenu';
import { ListPage } from '../../components/ui/ListPage';
import { SelectField } from '../../components/ui/SelectField';
import { Badge } from '../../components/ui/StatusBadge';
import { SummaryCard } from '../../components/ui/SummaryCard';
import { useMoney } from '../../lib/use-money';
import { useAgencyToday } from '../company';
import { usePayables } from './api';
import { SaleCell } from './SaleCell';

const TEXTS = {
  loadingLabel: 'Cargando vencimientos...',
  errorTitle: 'Error al cargar los vencimientos',
  emptyText: 'No hay saldos pendientes con proveedores',
};
const WINDOWS = [7, 15, 30, 60, 90].map((d) => ({ value: String(d), label: `Próximos ${d} días` }));

type PayableItem = PayableSupplier['items'][number];

function itemColumns(now: string): ReadonlyArray<DataTableColumn<PayableItem>> {
  return [
    {
      key: 'sale',
      header: 'Venta',
      rowHeader: true,
      cell: (item) => <SaleCell saleId={item.saleId} passengerName={item.passengerName} />,
    },
    {
      key: 'dueDate',
      header: 'Vence',
      cell: (item) => (
        <>
          {formatDate(item.dueDate)}
          {item.dueDate < now && (
            <Badge color="red" className="ml-2">
              Vencido
            </Badge>
          )}
        </>
      ),
    },
    moneyColumn('cost', 'Costo', (item) => item.costPrice),
    moneyColumn('pending', 'Pendiente', (item) => item.pendingAmount, 'font-semibold'),
  ];
}

function SupplierDues({
  supplier,
  days,
  canPay,
}: {
  supplier: PayableSupplier;
  days: number;
  canPay: boolean;
}) {
  const titleId = useId();
  const today = useAgencyToday();
  const formatMoney = useMoney();
  const figures = [
    { label: 'Saldo pendiente', value: supplier.pendingAmount, className: 'text-gray-900' },
    { label: 'Vencido', value: supplier.overdueAmount, className: 'text-red-700' },
    {
      label: `Próximos ${DUE_THIS_WEEK_DAYS} días`,
      value: supplier.dueThisWeekAmount,
      className: 'text-yellow-800',
    },
    { label: `Próximos ${days} días`, value: supplier.dueSoonAmount, className: 'text-gray-900' },
  ];
  return (
    <Card className="space-y-4 p-5">
      <section aria-labelledby={titleId} className="space-y-4">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id={titleId} className="text-lg font-semibold text-gray-900">
            {supplier.supplierName}
          </h2>
          {canPay && (
            <Link
              to={`/supplier-payments/new?supplierId=${supplier.supplierId}`}
              className={buttonClasses('primary', 'sm')}
              aria-label={`Nuevo Pago a ${supplier.supplierName}`}
            >
              <Plus aria-hidden="true" className="size-4" />
              Nuevo Pago
            </Link>
          )}
        </div>
        <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
          {figures.map((f) => (
            <div key={f.label}>
              <dt className="text-xs font-medium text-gray-700">{f.label}</dt>
              <dd className={`font-semibold tabular-nums ${f.className}`}>{formatMoney(f.value)}</dd>
            </div>
          ))}
        </dl>
        {supplier.items.length > 0 ? (
          <DataTable
            caption={`Items de ${supplier.supplierName}`}
            scrollRegion
            columns={itemColumns(today)}
            rows={supplier.items}
            rowKey={(item) => item.itemId}
            emptyText=""
          />
        ) : (
          <p className="text-sm text-gray-700">Nada vence en los próximos {days} días.</p>
        )}
        {supplier.itemsCount > supplier.items.length && (
          <p className="text-sm text-gray-700">
            Se muestran los {supplier.items.length} items más urgentes de {supplier.itemsCount}.
          </p>
        )}
      </section>
    </Card>
  );
}

/** /payables (Vencimientos): what falls due to each supplier, overdue first. */
export function PayablesPage() {
  const user = useCurrentUser();
  const [days, setDays] = useState(PAYABLES_DEFAULT_DAYS);
  const { data, isPending, error } = usePayables(days);

  return (
    <ListPage
      title="Vencimientos a proveedores"
      exportMenu={
        <ExportMenu endpoint={reportsApi.payablesExport} query={{ days }} fileName="vencimientos" />
      }
      filters={
        <SelectField
          label="Ventana"
          options={WINDOWS}
          value={String(days)}
          onChange={(event) => setDays(Number(event.target.value))}
          className="w-56"
        />
      }
      summary={data && <PayablesTotals totals={data.totals} days={days} />}
      list={{ isPending, error, isEmpty: !data?.suppliers.length, ...TEXTS }}
    >
      <div className="space-y-4">
        {data?.suppliers.map((s) => (
          <SupplierDues
            key={s.supplierId}
            supplier={s}
            days={data.days}
            canPay={canCall(supplierPaymentsApi.create, user.role)}
          />
        ))}
      </div>
    </ListPage>
  );
}

function PayablesTotals({ totals, days }: { totals: PayablesReply['totals']; days: number }) {
  const formatMoney = useMoney();
  return (
    <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4">
      <SummaryCard title="Saldo pendiente" value={formatMoney(totals.pendingAmount)} />
      <SummaryCard title="Vencido" value={formatMoney(totals.overdueAmount)} valueClassName="text-red-700" />
      <SummaryCard
        title={`Próximos ${DUE_THIS_WEEK_DAYS} días`}
        value={formatMoney(totals.dueThisWeekAmount)}
        valueClassName="text-yellow-800"
      />
      <SummaryCard title={`Próximos ${days} días`} value={formatMoney(totals.dueSoonAmount)} />
    </div>
  );
}

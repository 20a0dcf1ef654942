import { Plus } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { formatDate, formatMoney } from '../../../domain/format';
import { todayIso } from '../../../domain/report-params';
import { DUE_THIS_WEEK_DAYS, PAYABLES_DEFAULT_DAYS, type PayableSupplier } from '../../../domain/reports';
import { useCurrentUser } from '../../auth';
import { buttonClasses } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { ExportMenu } from '../../components/ui/ExportMenu';
import { ListStatus } from '../../components/ui/ListStatus';
import { PageHeader } from '../../components/ui/PageHeader';
import { SelectField } from '../../components/ui/SelectField';
import { Badge } from '../../components/ui/StatusBadge';
import { SummaryCard } from '../../components/ui/SummaryCard';
import { usePayables } from './api';
import { LINK, TableRegion, TD, TD_NUM, TH, TH_NUM } from './table';

const WINDOWS = [7, 15, 30, 60, 90].map((d) => ({ value: String(d), label: `Próximos ${d} días` }));

function ItemsTable({ supplier }: { supplier: PayableSupplier }) {
  const now = todayIso();
  return (
    <TableRegion label={`Items de ${supplier.supplierName}`}>
      <thead className="bg-gray-50">
        <tr>
          <th scope="col" className={TH}>
            Venta
          </th>
          <th scope="col" className={TH}>
            Vence
          </th>
          <th scope="col" className={TH_NUM}>
            Costo
          </th>
          <th scope="col" className={TH_NUM}>
            Pendiente
          </th>
        </tr>
      </thead>
      <tbody className="divide-y divide-gray-100">
        {supplier.items.map((item) => (
          <tr key={item.itemId}>
            <th scope="row" className={`${TD} text-left font-normal`}>
              <Link to={`/sales/${item.saleId}`} className={LINK}>
                Venta #{item.saleId}
              </Link>
              <span className="block text-gray-700">{item.passengerName}</span>
            </th>
            <td className={`${TD} whitespace-nowrap`}>
              {formatDate(item.dueDate)}
              {item.dueDate < now && (
                <Badge color="red" className="ml-2">
                  Vencido
                </Badge>
              )}
            </td>
            <td className={TD_NUM}>{formatMoney(item.costPrice)}</td>
            <td className={`${TD_NUM} font-semibold`}>{formatMoney(item.pendingAmount)}</td>
          </tr>
        ))}
      </tbody>
    </TableRegion>
  );
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
          <ItemsTable supplier={supplier} />
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
    <div className="space-y-6">
      <PageHeader
        title="Vencimientos a proveedores"
        actions={
          <ExportMenu path="/api/reports/payables/export" filters={{ days }} fileName="vencimientos" />
        }
      />
      <SelectField
        label="Ventana"
        options={WINDOWS}
        value={String(days)}
        onChange={(event) => setDays(Number(event.target.value))}
        className="w-56"
      />
      {data && (
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4">
          <SummaryCard title="Saldo pendiente" value={formatMoney(data.totals.pendingAmount)} />
          <SummaryCard
            title="Vencido"
            value={formatMoney(data.totals.overdueAmount)}
            valueClassName="text-red-700"
          />
          <SummaryCard
            title={`Próximos ${DUE_THIS_WEEK_DAYS} días`}
            value={formatMoney(data.totals.dueThisWeekAmount)}
            valueClassName="text-yellow-800"
          />
          <SummaryCard title={`Próximos ${days} días`} value={formatMoney(data.totals.dueSoonAmount)} />
        </div>
      )}
      <ListStatus
        isPending={isPending}
        error={error}
        isEmpty={!data?.suppliers.length}
        loadingLabel="Cargando vencimientos..."
        errorTitle="Error al cargar los vencimientos"
        emptyText="No hay saldos pendientes con proveedores"
      >
        <div className="space-y-4">
          {data?.suppliers.map((s) => (
            <SupplierDues key={s.supplierId} supplier={s} days={data.days} canPay={user.role === 'admin'} />
          ))}
        </div>
      </ListStatus>
    </div>
  );
}

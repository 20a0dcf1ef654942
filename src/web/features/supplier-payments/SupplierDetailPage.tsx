import { Plus } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { errorStatus } from '../../api/client';
import { BackLink } from '../../components/ui/BackLink';
import { buttonClasses } from '../../components/ui/Button';
import { ErrorAlert } from '../../components/ui/ErrorAlert';
import { Spinner } from '../../components/ui/Spinner';
import { SummaryCard } from '../../components/ui/SummaryCard';
import { useRouteId } from '../../lib/route-id';
import { useMoney } from '../../lib/use-money';
import { type SupplierSummary, useSupplierSummary } from './api';
import { BalanceBadge } from './badges';
import { CurrencyFiguresTable } from './CurrencyFiguresTable';
import { PaymentHistory } from './PaymentHistory';
import { SupplierSalesTable } from './SupplierSalesTable';
import { balanceStateText } from './texts';

function Problem({ children }: { children: ReactNode }) {
  return (
    <div className="space-y-4">
      <BackLink to="/supplier-payments">Volver a Pagos a Proveedores</BackLink>
      {children}
    </div>
  );
}

const notFound = (
  <Problem>
    <p role="alert" className="rounded-md bg-red-50 px-4 py-3 text-red-800">
      Proveedor no encontrado
    </p>
  </Problem>
);

/** /supplier-payments/supplier/:supplierId (admin). */
export function SupplierDetailPage() {
  const id = useRouteId('supplierId');
  return id === null ? notFound : <SupplierDetailLoader id={id} />;
}

function SupplierDetailLoader({ id }: { id: number }) {
  const { data: supplier, isPending, error } = useSupplierSummary(id);
  if (error) {
    if (errorStatus(error) === 404) return notFound;
    return (
      <Problem>
        <ErrorAlert title="Error al cargar datos del proveedor" error={error} />
      </Problem>
    );
  }
  if (isPending) return <Spinner label="Cargando proveedor..." className="py-12" />;
  return <SupplierDetailView supplier={supplier} />;
}

function SupplierDetailView({ supplier }: { supplier: SupplierSummary }) {
  const pending = supplier.pendingAmount;
  const formatMoney = useMoney();
  return (
    <div className="space-y-6">
      <BackLink to="/supplier-payments">Volver a Pagos a Proveedores</BackLink>
      <header className="flex flex-wrap items-center justify-between gap-4">
        <div className="flex items-center gap-3">
          <h1 className="text-2xl font-bold text-gray-900">{supplier.supplierName}</h1>
          <BalanceBadge pending={pending} />
        </div>
        <Link to={`/supplier-payments/new?supplierId=${supplier.supplierId}`} className={buttonClasses()}>
          <Plus aria-hidden="true" className="size-4" />
          Nuevo Pago
        </Link>
      </header>

      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        <SummaryCard title="Total Ventas" value={formatMoney(supplier.grossAmount)} />
        <SummaryCard
          title="Total Pagado"
          value={formatMoney(supplier.paidAmount)}
          valueClassName="text-green-700"
        />
        <SummaryCard
          title="Saldo Pendiente"
          value={formatMoney(pending)}
          note={balanceStateText(pending)}
          valueClassName={pending > 0 ? 'text-red-700' : 'text-green-700'}
        />
        <SummaryCard title="Moneda" value={supplier.currency} />
      </div>

      <CurrencyFiguresTable figures={supplier.byCurrency} />
      <SupplierSalesTable sales={supplier.sales} />
      <PaymentHistory supplierId={supplier.supplierId} />
    </div>
  );
}

import { Plus, RotateCw } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { supplierPaymentsApi } from '../../../domain/api/supplier-payments';
import { Button, buttonClasses } from '../../components/ui/Button';
import { ErrorAlert } from '../../components/ui/ErrorAlert';
import { ExportMenu } from '../../components/ui/ExportMenu';
import { PageHeader } from '../../components/ui/PageHeader';
import { SearchInput } from '../../components/ui/SearchInput';
import { Spinner } from '../../components/ui/Spinner';
import { SummaryCard } from '../../components/ui/SummaryCard';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { useMoney } from '../../lib/use-money';
import { type SupplierStats, useSupplierStats, useSupplierSummaries } from './api';
import { SupplierCard } from './SupplierCard';
import { pendingSuppliersText } from './texts';

/** Typing pauses this long before the server is asked, so a name does not cost a request per key. */
const SEARCH_DEBOUNCE_MS = 300;

function StatsCards({ stats }: { stats: SupplierStats }) {
  const formatMoney = useMoney();
  return (
    <div className="grid gap-4 md:grid-cols-3">
      <SummaryCard
        title="Total Pendiente"
        value={formatMoney(stats.totalPending, 'USD')}
        note={pendingSuppliersText(stats.suppliersWithPending)}
        valueClassName="text-red-700"
      />
      <SummaryCard title="Proveedores Activos" value={stats.activeSuppliers} />
      <SummaryCard title="Ventas Totales" value={stats.totalSales} />
    </div>
  );
}

/** /supplier-payments (admin): what is owed to each supplier, in USD. */
export function SupplierPaymentsPage() {
  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const suppliers = useSupplierSummaries(q);
  const stats = useSupplierStats();
  const error = suppliers.error ?? stats.error;

  const retry = () => {
    void suppliers.refetch();
    void stats.refetch();
  };

  let list: ReactNode;
  if (error) {
    list = (
      <div className="space-y-3">
        <ErrorAlert title="Error al cargar proveedores" error={error} />
        <Button variant="secondary" onClick={retry}>
          <RotateCw aria-hidden="true" className="size-4" />
          Reintentar
        </Button>
      </div>
    );
  } else if (!suppliers.data) {
    list = <Spinner label="Cargando proveedores..." className="py-12" />;
  } else if (suppliers.data.length === 0) {
    list = (
      <p className="rounded-lg border border-dashed border-gray-300 bg-white px-4 py-12 text-center text-gray-700">
        No se encontraron proveedores
      </p>
    );
  } else {
    list = (
      <ul className="grid gap-4 md:grid-cols-2 xl:grid-cols-3" aria-label="Proveedores">
        {suppliers.data.map((supplier) => (
          <li key={supplier.supplierId}>
            <SupplierCard supplier={supplier} />
          </li>
        ))}
      </ul>
    );
  }

  return (
    <div className="space-y-6">
      <PageHeader
        title="Pagos a Proveedores"
        actions={
          <div className="flex flex-wrap gap-2">
            <ExportMenu
              endpoint={supplierPaymentsApi.balancesExport}
              query={{ q }}
              fileName="saldos-proveedores"
            />
            <Link to="/supplier-payments/new" className={buttonClasses()}>
              <Plus aria-hidden="true" className="size-4" />
              Nuevo Pago
            </Link>
          </div>
        }
      />
      {stats.data && <StatsCards stats={stats.data} />}
      <SearchInput
        label="Buscar proveedores"
        placeholder="Buscar proveedores..."
        value={search}
        onValueChange={setSearch}
        className="max-w-md"
      />
      {list}
    </div>
  );
}

import { Plus } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { useCurrentUser } from '../../auth';
import { Button, buttonClasses } from '../../components/ui/Button';
import { ListStatus } from '../../components/ui/ListStatus';
import { Pagination } from '../../components/ui/Pagination';
import { type SaleStatusFilter, useSalesList } from './api';
import { SaleCard } from './SaleCard';

const FILTERS: ReadonlyArray<{ value: SaleStatusFilter; label: string }> = [
  { value: 'all', label: 'Todas' },
  { value: 'confirmed', label: 'Confirmadas' },
  { value: 'completed', label: 'Liquidadas' },
  { value: 'cancelled', label: 'Canceladas' },
];

function readFilter(value: string | null): SaleStatusFilter {
  return FILTERS.find((f) => f.value === value)?.value ?? 'all';
}

function readPage(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page > 0 ? page : 1;
}

/** /sales. The filter and page live in the URL so that back, reload and shared links keep them. */
export function SalesListPage() {
  const user = useCurrentUser();
  const [params, setParams] = useSearchParams();
  const status = readFilter(params.get('status'));
  const page = readPage(params.get('page'));
  const { data, isPending, error } = useSalesList(user.role, status, page);
  // Finance reads the list but does not sell (spec 6, DESIGN.md 7).
  const canSell = user.role === 'admin' || user.role === 'sales';

  const show = (next: { status?: SaleStatusFilter; page?: number }) => {
    const nextStatus = next.status ?? status;
    const nextPage = next.page ?? 1;
    const search = new URLSearchParams();
    if (nextStatus !== 'all') search.set('status', nextStatus);
    if (nextPage > 1) search.set('page', String(nextPage));
    setParams(search);
  };

  return (
    <div className="space-y-6">
      <header className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-2xl font-bold text-gray-900">Ventas</h1>
        {canSell && (
          <Link to="/sales/new" className={buttonClasses()}>
            <Plus aria-hidden="true" className="size-4" />
            Nueva Venta
          </Link>
        )}
      </header>

      <fieldset className="flex flex-wrap gap-2">
        <legend className="sr-only">Filtrar por estado</legend>
        {FILTERS.map((filter) => (
          <Button
            key={filter.value}
            size="sm"
            variant={filter.value === status ? 'primary' : 'secondary'}
            aria-pressed={filter.value === status}
            onClick={() => show({ status: filter.value })}
          >
            {filter.label}
          </Button>
        ))}
      </fieldset>

      <ListStatus
        isPending={isPending}
        error={error}
        isEmpty={!data?.sales.length}
        loadingLabel="Cargando ventas..."
        errorTitle="Failed to fetch sales"
        emptyText={status === 'all' ? 'No sales found' : `No ${status} sales found`}
      >
        <ul className="space-y-4">
          {data?.sales.map((sale) => (
            <li key={sale.id}>
              <SaleCard sale={sale} />
            </li>
          ))}
        </ul>
        {data && (
          <Pagination
            page={data.pagination.page}
            totalPages={data.pagination.totalPages}
            onPageChange={(next) => show({ page: next })}
          />
        )}
      </ListStatus>
    </div>
  );
}

import { LayoutList, SlidersHorizontal, Table2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { salesApi } from '../../../domain/api/sales';
import {
  parseSaleSort,
  SALE_COUNT_CAP,
  SALE_SORT_FIELDS,
  SALE_SORT_LABELS,
} from '../../../domain/sale-filters';
import { SALE_STATUS_FILTER_LABEL, statusFilterOptions } from '../../../domain/status';
import { canCall, useCurrentUser } from '../../auth';
import { Button } from '../../components/ui/Button';
import { ExportMenu } from '../../components/ui/ExportMenu';
import { FilterButtons } from '../../components/ui/FilterButtons';
import { LinkCardList } from '../../components/ui/LinkCard';
import { ListPage } from '../../components/ui/ListPage';
import { serverPages } from '../../components/ui/Pagination';
import { SearchInput } from '../../components/ui/SearchInput';
import { SelectField } from '../../components/ui/SelectField';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { SEARCH_DEBOUNCE_MS } from '../../lib/use-paged-list';
import { type SaleStatusFilter, useSalesList } from './api';
import {
  activeFilterCount,
  pageTarget,
  readListParams,
  type SaleFilterValues,
  type SaleListParams,
  sortParam,
  writeListParams,
} from './list-params';
import { SaleCard } from './SaleCard';
import { SaleFiltersPanel } from './SaleFiltersPanel';
import { SalesTable } from './SalesTable';
import { type SalesListView, useSalesListView } from './use-list-view';

const FILTERS: ReadonlyArray<{ value: SaleStatusFilter; label: string }> = statusFilterOptions(
  'Todas',
  SALE_STATUS_FILTER_LABEL,
);

const SORT_OPTIONS = SALE_SORT_FIELDS.flatMap((field) =>
  [true, false].map((descending) => ({
    value: sortParam({ field, descending }),
    label: `${SALE_SORT_LABELS[field]} (${descending ? 'descendente' : 'ascendente'})`,
  })),
);

function matchCount(total: number, capped: boolean): string {
  if (capped) return `Más de ${SALE_COUNT_CAP.toLocaleString('es-CL')} ventas`;
  return total === 1 ? '1 venta' : `${total.toLocaleString('es-CL')} ventas`;
}

/**
 * /sales: the list with search, filters, sort and a dense table view. Everything but the view lives in
 * the URL, so back, reload and shared links keep it.
 */
export function SalesListPage() {
  const user = useCurrentUser();
  const [searchParams, setSearchParams] = useSearchParams();
  const params = readListParams(searchParams);
  const { filters, sort } = params;
  const { data, isPending, error } = useSalesList(user.role, params);
  const [view, setView] = useSalesListView();
  const [showFilters, setShowFilters] = useState(() => activeFilterCount(filters) > 0);
  // Finance reads the list but does not sell.
  const canSell = canCall(salesApi.create, user.role);
  // The status buttons show one status or all; several statuses chosen in the filters press none.
  const status = !filters.status
    ? 'all'
    : filters.status.includes(',')
      ? undefined
      : (filters.status as SaleStatusFilter);

  const show = (next: Partial<SaleListParams>, options?: { replace?: boolean }) =>
    setSearchParams(
      // Any change but "next" from a deep page starts over by number (a cursor belongs to its page).
      (previous) => writeListParams({ ...readListParams(previous), page: 1, after: undefined, ...next }),
      options,
    );
  const changeFilters = (changes: SaleFilterValues, options?: { replace?: boolean }) =>
    setSearchParams((previous) => {
      const current = readListParams(previous);
      return writeListParams({ ...current, filters: { ...current.filters, ...changes }, page: 1 });
    }, options);

  // The search box types freely; the URL (and the request) follow once typing pauses.
  const [search, setSearch] = useState(filters.q ?? '');
  const q = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  useEffect(() => {
    setSearchParams(
      (previous) => {
        const current = readListParams(previous);
        if ((current.filters.q ?? '') === q) return previous;
        return writeListParams({ ...current, filters: { ...current.filters, q }, page: 1 });
      },
      { replace: true },
    );
  }, [q, setSearchParams]);

  const emptyText = status === 'all' || !status ? 'No sales found' : `No ${status} sales found`;
  const filterCount = activeFilterCount(filters);

  return (
    <ListPage
      title="Ventas"
      className="space-y-4"
      // The file holds what the list shows: its filters and sort from the URL, every page.
      exportMenu={
        <ExportMenu
          endpoint={salesApi.export}
          // The URL's filters are text until the sales screens are typed; the server checks each.
          query={{ ...filters, sort: sortParam(sort) }}
          fileName="ventas"
        />
      }
      create={canSell ? { label: 'Nueva Venta', to: '/sales/new' } : undefined}
      filters={
        <>
          <FilterButtons
            legend="Filtrar por estado"
            options={FILTERS}
            value={status}
            onChange={(next) => changeFilters({ status: next === 'all' ? '' : next })}
          />
          <div className="flex flex-wrap items-end gap-3">
            <SearchInput
              label="Buscar ventas"
              placeholder="Pasajero, cliente, RUT, Nº de venta o código de reserva"
              value={search}
              onValueChange={setSearch}
              className="min-w-0 grow basis-72"
            />
            <SelectField
              label="Ordenar por"
              options={SORT_OPTIONS}
              value={sortParam(sort)}
              onChange={(event) => {
                const next = parseSaleSort(event.target.value);
                if (next) show({ sort: next });
              }}
              className="w-full sm:w-64"
            />
            <div className="flex gap-2">
              <Button
                variant="secondary"
                aria-expanded={showFilters}
                aria-controls="sales-filters"
                onClick={() => setShowFilters((open) => !open)}
              >
                <SlidersHorizontal aria-hidden="true" className="size-4" />
                Filtros{filterCount > 0 ? ` (${filterCount})` : ''}
              </Button>
              <ViewSwitch view={view} onChange={setView} />
            </div>
          </div>
          {showFilters && (
            <div id="sales-filters">
              <SaleFiltersPanel
                filters={filters}
                onChange={changeFilters}
                showSeller={user.role !== 'sales'}
              />
            </div>
          )}
        </>
      }
      statusLine={
        <>
          {data ? matchCount(data.pagination.total, data.pagination.totalCapped) : '\u00a0'}
          {data?.pagination.totalCapped && ': afine la búsqueda o los filtros para ver el resto.'}
        </>
      }
      list={{
        isPending,
        error,
        isEmpty: !data?.sales.length,
        loadingLabel: 'Cargando ventas...',
        errorTitle: 'Failed to fetch sales',
        emptyText,
      }}
      pagination={serverPages(data?.pagination, (page) =>
        show(pageTarget({ page: params.page, nextCursor: data?.pagination.nextCursor }, page)),
      )}
    >
      {view === 'table' ? (
        <SalesTable
          sales={data?.sales ?? []}
          sort={sort}
          onSortChange={(next) => show({ sort: next })}
          emptyText={emptyText}
        />
      ) : (
        <LinkCardList items={data?.sales}>{(sale) => <SaleCard sale={sale} />}</LinkCardList>
      )}
    </ListPage>
  );
}

const VIEWS = [
  { value: 'cards', label: 'Tarjetas', Icon: LayoutList, className: 'rounded-r-none' },
  { value: 'table', label: 'Tabla', Icon: Table2, className: 'rounded-l-none' },
] as const;

/** Cards read well on a phone; the table shows about twenty sales on a laptop. */
function ViewSwitch({ view, onChange }: { view: SalesListView; onChange: (view: SalesListView) => void }) {
  return (
    <fieldset className="flex">
      <legend className="sr-only">Vista</legend>
      {VIEWS.map(({ value, label, Icon, className }) => (
        <Button
          key={value}
          variant={view === value ? 'primary' : 'secondary'}
          aria-pressed={view === value}
          className={className}
          onClick={() => onChange(value)}
        >
          <Icon aria-hidden="true" className="size-4" />
          {label}
        </Button>
      ))}
    </fieldset>
  );
}

import { REGION_LABELS, SALE_TYPE_LABELS, SERVICE_TYPE_LABELS } from '../../../domain/sales';
import { SALE_STATUS_LABEL, SALE_STATUSES, type SaleStatus } from '../../../domain/status';
import { Button } from '../../components/ui/Button';
import { Field } from '../../components/ui/Field';
import { SelectField } from '../../components/ui/SelectField';
import { useCatalogOptions, useSellerFilterOptions } from './api';
import type { FilterKey, SaleFilterValues } from './list-params';

const ANY = { value: '', label: 'Todos' };
const optionsOf = (labels: Record<string, string>) => [
  ANY,
  ...Object.entries(labels).map(([value, label]) => ({ value, label })),
];
const namedOptions = (rows: ReadonlyArray<{ id: number; name?: string; username?: string }> | undefined) => [
  ANY,
  ...(rows ?? []).map((row) => ({ value: String(row.id), label: row.name ?? row.username ?? '' })),
];

interface SaleFiltersPanelProps {
  filters: SaleFilterValues;
  onChange: (changes: SaleFilterValues) => void;
  /** Admin and finance filter by seller; a seller's list holds only their own sales. */
  showSeller: boolean;
}

/**
 * The list's filters beyond the status buttons (docs/decisions/0021-sales-list-search-and-filters.md); each
 * change goes to the URL.
 */
export function SaleFiltersPanel({ filters, onChange, showSeller }: SaleFiltersPanelProps) {
  const suppliers = useCatalogOptions('suppliers');
  const classifications = useCatalogOptions('classifications');
  const sellers = useSellerFilterOptions(showSeller);
  const statuses = new Set((filters.status ?? '').split(',').filter(Boolean));
  const toggleStatus = (status: SaleStatus) => {
    const next = new Set(statuses);
    if (next.has(status)) next.delete(status);
    else next.add(status);
    onChange({ status: SALE_STATUSES.filter((s) => next.has(s)).join(',') });
  };
  const select = (
    key: FilterKey,
    label: string,
    options: ReadonlyArray<{ value: string; label: string }>,
  ) => (
    <SelectField
      label={label}
      options={options}
      value={filters[key] ?? ''}
      onChange={(event) => onChange({ [key]: event.target.value })}
    />
  );
  const date = (key: FilterKey, label: string, bounds: { min?: string; max?: string }) => (
    <Field
      type="date"
      label={label}
      value={filters[key] ?? ''}
      onChange={(event) => onChange({ [key]: event.target.value })}
      {...bounds}
    />
  );

  return (
    <section
      aria-label="Filtros"
      className="space-y-4 rounded-lg border border-gray-200 bg-white p-4 shadow-sm"
    >
      <fieldset>
        <legend className="mb-1 text-sm font-medium text-gray-800">Estado</legend>
        <div className="flex flex-wrap gap-x-4 gap-y-2">
          {SALE_STATUSES.map((status) => (
            <label key={status} className="inline-flex items-center gap-2 text-sm text-gray-900">
              <input
                type="checkbox"
                className="size-4 rounded border-gray-300"
                checked={statuses.has(status)}
                onChange={() => toggleStatus(status)}
              />
              {SALE_STATUS_LABEL[status]}
            </label>
          ))}
        </div>
      </fieldset>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4">
        {date('travelFrom', 'Viaje desde', { max: filters.travelTo })}
        {date('travelTo', 'Viaje hasta', { min: filters.travelFrom })}
        {date('createdFrom', 'Creada desde', { max: filters.createdTo })}
        {date('createdTo', 'Creada hasta', { min: filters.createdFrom })}
        {showSeller && select('sellerId', 'Vendedor', namedOptions(sellers.data))}
        {select('supplierId', 'Proveedor', namedOptions(suppliers.data))}
        {select('classificationId', 'Clasificación', namedOptions(classifications.data))}
        {select('saleType', 'Tipo de venta', optionsOf(SALE_TYPE_LABELS))}
        {select('region', 'Región', optionsOf(REGION_LABELS))}
        {select('serviceType', 'Tipo de servicio', optionsOf(SERVICE_TYPE_LABELS))}
      </div>
      <Button
        variant="ghost"
        size="sm"
        onClick={() =>
          onChange(
            Object.fromEntries(
              Object.keys(filters)
                .filter((k) => k !== 'q')
                .map((k) => [k, '']),
            ),
          )
        }
      >
        Limpiar filtros
      </Button>
    </section>
  );
}

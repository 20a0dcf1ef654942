import { formatDate } from '../../../domain/format';
import type { SaleSortField } from '../../../domain/sale-filters';
import { enumLabel } from '../../../domain/sales';
import { DataTable, type DataTableColumn } from '../../components/ui/DataTable';
import { Money } from '../../components/ui/Money';
import { SaleStatusBadge } from '../../components/ui/StatusBadge';
import { cn } from '../../lib/cn';
import { balanceView, CREDIT_LABEL } from '../payments';
import type { SaleListRow } from './api';
import type { SaleListParams } from './list-params';

const COLUMNS: ReadonlyArray<DataTableColumn<SaleListRow>> = [
  { key: 'id', header: 'Nº', sortable: true, cell: (sale) => `#${sale.id}` },
  { key: 'status', header: 'Estado', cell: (sale) => <SaleStatusBadge status={sale.status} /> },
  {
    key: 'client',
    header: 'Cliente',
    sortable: true,
    cell: (sale) => sale.client.name,
    className: 'max-w-40 truncate',
  },
  {
    key: 'passengers',
    header: 'Pasajeros',
    className: 'max-w-48 truncate',
    cell: (sale) => `${sale.passengerName}${sale.passengerCount > 1 ? ` (${sale.passengerCount})` : ''}`,
  },
  // Creada and Servicio give way on a laptop with the sidebar open, and long names are cut short (the
  // sale's detail shows them whole), so Total and Pendiente stay in sight whatever the data (the
  // creation date remains a choice of "Ordenar por").
  {
    key: 'creationDate',
    header: 'Creada',
    sortable: true,
    secondary: true,
    cell: (sale) => formatDate(sale.creationDate),
  },
  { key: 'travelDate', header: 'Viaje', sortable: true, cell: (sale) => formatDate(sale.travelDate) },
  { key: 'service', header: 'Servicio', secondary: true, cell: (sale) => enumLabel(sale.serviceType) },
  { key: 'seller', header: 'Vendedor', className: 'max-w-32 truncate', cell: (sale) => sale.seller.username },
  {
    key: 'salePrice',
    header: 'Total',
    sortable: true,
    align: 'right',
    cell: (sale) => <Money amount={sale.salePrice} currency={sale.currency} />,
  },
  {
    key: 'pending',
    header: 'Pendiente',
    align: 'right',
    // A negative pending amount is a credit in the client's favour, shown in green, not a debt.
    cell: (sale) => {
      const pending = balanceView(sale.pendingAmount);
      const credit = pending.label === CREDIT_LABEL;
      return (
        <span className={cn(credit && 'text-green-700', sale.pendingAmount > 0 && 'font-medium')}>
          {/* On its own small line: the column stays as narrow as an amount at 1366 px. */}
          {credit && <span className="block text-xs">{CREDIT_LABEL} </span>}
          <span className="whitespace-nowrap">
            <Money amount={pending.amount} currency={sale.currency} />
          </span>
        </span>
      );
    },
  },
];

interface SalesTableProps {
  sales: readonly SaleListRow[];
  sort: SaleListParams['sort'];
  onSortChange: (sort: SaleListParams['sort']) => void;
  emptyText: string;
}

/** The dense view of /sales: about twenty sales per laptop screen; a row opens the sale. */
export function SalesTable({ sales, sort, onSortChange, emptyText }: SalesTableProps) {
  return (
    <DataTable
      caption="Ventas"
      columns={COLUMNS}
      rows={sales}
      rowKey={(sale) => sale.id}
      rowHref={(sale) => `/sales/${sale.id}`}
      sort={sort}
      onSortChange={(next) =>
        onSortChange({ field: next.field as SaleSortField, descending: next.descending })
      }
      emptyText={emptyText}
    />
  );
}

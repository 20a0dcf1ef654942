import { Link } from 'react-router';
import { formatDate } from '../../../domain/format';
import { DataTable, type DataTableColumn, moneyColumn, TABLE_LINK } from '../../components/ui/DataTable';
import { SaleStatusBadge } from '../../components/ui/StatusBadge';
import type { SupplierSale } from './api';
import { DetailSection } from './DetailSection';

const COLUMNS: ReadonlyArray<DataTableColumn<SupplierSale>> = [
  {
    key: 'sale',
    header: 'Venta',
    cell: (sale) => (
      <Link to={`/sales/${sale.id}`} aria-label={`Venta #${sale.id}`} className={TABLE_LINK}>
        #{sale.id}
      </Link>
    ),
  },
  { key: 'passenger', header: 'Pasajero', wrap: true, cell: (sale) => sale.passengerName },
  { key: 'status', header: 'Estado', cell: (sale) => <SaleStatusBadge status={sale.status} /> },
  // In the sale's own currency, as its items were priced; the USD value is what the balance adds.
  moneyColumn(
    'cost',
    'Costo del proveedor',
    (sale) => sale.costInSaleCurrency,
    undefined,
    (sale) => sale.currency,
  ),
  moneyColumn('costUsd', 'Costo en USD', (sale) => sale.totalCost),
  { key: 'creationDate', header: 'Fecha de creación', cell: (sale) => formatDate(sale.creationDate) },
];

/** Every sale with an item of this supplier, newest first; the cost is this supplier's share. */
export function SupplierSalesTable({ sales }: { sales: SupplierSale[] }) {
  return (
    <DetailSection title="Ventas del proveedor">
      <DataTable
        caption="Ventas del proveedor"
        framed={false}
        columns={COLUMNS}
        rows={sales}
        rowKey={(sale) => sale.id}
        emptyText="Este proveedor no tiene ventas"
      />
    </DetailSection>
  );
}

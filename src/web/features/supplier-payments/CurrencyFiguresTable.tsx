import { BASE_CURRENCY } from '../../../domain/company';
import { DataTable, type DataTableColumn, moneyColumn } from '../../components/ui/DataTable';
import type { SupplierSummary } from './api';
import { DetailSection } from './DetailSection';

type Figures = SupplierSummary['byCurrency'][number];

const COLUMNS: ReadonlyArray<DataTableColumn<Figures>> = [
  { key: 'currency', header: 'Moneda', cell: (row) => row.currency },
  moneyColumn(
    'gross',
    'Costos de sus ventas',
    (row) => row.grossAmount,
    undefined,
    (row) => row.currency,
  ),
  moneyColumn(
    'paid',
    'Pagado',
    (row) => row.paidAmount,
    undefined,
    (row) => row.currency,
  ),
];

/**
 * What the supplier is owed and was paid in each currency, each in its own (decision 0090): a CLP hotel
 * reads in pesos beside the USD tickets. Shown only when some amount is in a currency other than USD;
 * the USD cards above total them at each sale's and payment's rate.
 */
export function CurrencyFiguresTable({ figures }: { figures: Figures[] }) {
  if (!figures.some((row) => row.currency !== BASE_CURRENCY)) return null;
  return (
    <DetailSection title="Por moneda">
      <DataTable
        caption="Costos y pagos del proveedor por moneda"
        framed={false}
        columns={COLUMNS}
        rows={figures}
        rowKey={(row) => row.currency}
        emptyText="Sin montos"
      />
    </DetailSection>
  );
}

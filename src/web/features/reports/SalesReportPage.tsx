import { Suspense, useState } from 'react';
import { reportsApi } from '../../../domain/api/reports';
import {
  REPORT_DATE_FIELD_LABELS,
  REPORT_DATE_FIELDS,
  REPORT_GROUP_LABELS,
  REPORT_GROUPS,
  type ReportGroup,
  type SalesReportReply,
  type SalesReportRow,
} from '../../../domain/reports';
import { useCurrentUser } from '../../auth';
import { Card } from '../../components/ui/Card';
import { DataTable, type DataTableColumn, moneyColumn } from '../../components/ui/DataTable';
import { ExportMenu } from '../../components/ui/ExportMenu';
import { Field } from '../../components/ui/Field';
import { ListPage } from '../../components/ui/ListPage';
import { Money } from '../../components/ui/Money';
import { ChoiceField } from '../../components/ui/SelectField';
import { cn } from '../../lib/cn';
import { lazyPart } from '../../lib/lazy-part';
import { useAgencyToday } from '../company';
import { type SalesReportFilters, useSalesReport } from './api';

const ReportChart = lazyPart(async () => (await import('./ReportChart')).ReportChart);

const GROUP_OPTIONS = REPORT_GROUPS.map((value) => ({ value, label: REPORT_GROUP_LABELS[value] }));
const DATE_OPTIONS = REPORT_DATE_FIELDS.map((value) => ({ value, label: REPORT_DATE_FIELD_LABELS[value] }));
const TEXTS = {
  loadingLabel: 'Cargando reporte...',
  errorTitle: 'Error al cargar el reporte',
  emptyText: 'No hay ventas en el rango elegido',
};
const margin = (value: number | undefined) => (value === undefined ? '—' : `${value.toFixed(2)} %`);

const FIGURE_COLUMNS: ReadonlyArray<DataTableColumn<SalesReportRow>> = [
  { key: 'salesCount', header: 'Ventas', align: 'right', cell: (row) => row.salesCount },
  moneyColumn('totalSale', 'Venta total', (row) => row.totalSale),
  moneyColumn('totalCost', 'Costo total', (row) => row.totalCost),
  {
    key: 'profit',
    header: 'Ganancia',
    align: 'right',
    cell: (row) => (
      <span className={cn(row.profit < 0 && 'text-red-700')}>
        <Money amount={row.profit} />
      </span>
    ),
  },
  { key: 'margin', header: 'Margen', align: 'right', cell: (row) => margin(row.margin) },
];

function ReportTable({ report, groupBy }: { report: SalesReportReply; groupBy: ReportGroup }) {
  const columns: ReadonlyArray<DataTableColumn<SalesReportRow>> = [
    { key: 'label', header: REPORT_GROUP_LABELS[groupBy], rowHeader: true, cell: (row) => row.label },
    ...FIGURE_COLUMNS,
  ];
  return (
    <DataTable
      caption="Tabla del reporte"
      scrollRegion
      columns={columns}
      rows={report.rows}
      rowKey={(row) => row.key}
      footer={{ ...report.totals, key: 'total', label: 'Total' }}
      emptyText={TEXTS.emptyText}
    />
  );
}

/** /reports: sales, totals, profit and margin per group over a date range; a seller sees their own. */
export function SalesReportPage() {
  const user = useCurrentUser();
  const year = useAgencyToday().slice(0, 4);
  const [filters, setFilters] = useState<SalesReportFilters>({
    groupBy: 'month',
    dateField: 'creation',
    from: `${year}-01-01`,
    to: `${year}-12-31`,
  });
  const set = (patch: Partial<SalesReportFilters>) => setFilters((f) => ({ ...f, ...patch }));
  // An unfinished or reversed range is not sent: the last valid report stays on screen.
  const valid = !!filters.from && !!filters.to && filters.from <= filters.to;
  const [shown, setShown] = useState(filters);
  if (valid && shown !== filters) setShown(filters);
  const { data, isPending, error } = useSalesReport(shown);

  return (
    <ListPage
      title="Reportes"
      exportMenu={
        <ExportMenu endpoint={reportsApi.salesExport} query={{ ...shown }} fileName="reporte-ventas" />
      }
      intro={user.role === 'sales' && <p className="text-gray-700">Reporte de tus propias ventas.</p>}
      filters={
        <Card className="grid grid-cols-1 gap-4 p-4 sm:grid-cols-2 lg:grid-cols-4">
          <ChoiceField
            label="Agrupar por"
            options={GROUP_OPTIONS}
            value={filters.groupBy}
            onValueChange={(groupBy) => set({ groupBy })}
          />
          <ChoiceField
            label="Según"
            options={DATE_OPTIONS}
            value={filters.dateField}
            onValueChange={(dateField) => set({ dateField })}
          />
          <Field
            label="Desde"
            type="date"
            value={filters.from}
            onChange={(event) => set({ from: event.target.value })}
            error={valid ? undefined : 'Indica un rango de fechas válido'}
          />
          <Field
            label="Hasta"
            type="date"
            value={filters.to}
            onChange={(event) => set({ to: event.target.value })}
          />
        </Card>
      }
      list={{ isPending, error, isEmpty: !data?.rows.length, ...TEXTS }}
    >
      {data && (
        <>
          <Card className="p-4">
            <div aria-hidden="true" className="h-72">
              <Suspense fallback={null}>
                <ReportChart rows={data.rows} />
              </Suspense>
            </div>
          </Card>
          <ReportTable report={data} groupBy={shown.groupBy} />
        </>
      )}
    </ListPage>
  );
}

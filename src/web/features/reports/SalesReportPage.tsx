import { lazy, Suspense, useState } from 'react';
import { formatMoney } from '../../../domain/format';
import { todayIso } from '../../../domain/report-params';
import {
  REPORT_DATE_FIELD_LABELS,
  REPORT_DATE_FIELDS,
  REPORT_GROUP_LABELS,
  REPORT_GROUPS,
  type ReportDateField,
  type ReportGroup,
  type SalesReportReply,
} from '../../../domain/reports';
import { useCurrentUser } from '../../auth';
import { Card } from '../../components/ui/Card';
import { ExportMenu } from '../../components/ui/ExportMenu';
import { Field } from '../../components/ui/Field';
import { ListStatus } from '../../components/ui/ListStatus';
import { PageHeader } from '../../components/ui/PageHeader';
import { SelectField } from '../../components/ui/SelectField';
import { type SalesReportFilters, useSalesReport } from './api';
import { TableRegion, TD, TD_NUM, TH, TH_NUM } from './table';

const ReportChart = lazy(async () => ({ default: (await import('./ReportChart')).ReportChart }));

const GROUP_OPTIONS = REPORT_GROUPS.map((value) => ({ value, label: REPORT_GROUP_LABELS[value] }));
const DATE_OPTIONS = REPORT_DATE_FIELDS.map((value) => ({ value, label: REPORT_DATE_FIELD_LABELS[value] }));
const margin = (value: number | undefined) => (value === undefined ? '—' : `${value.toFixed(2)} %`);

type Figures = SalesReportReply['totals'];
function FigureCells({ row, strong }: { row: Figures; strong?: boolean }) {
  const cell = strong ? `${TD_NUM} font-semibold` : TD_NUM;
  return (
    <>
      <td className={cell}>{row.salesCount}</td>
      <td className={cell}>{formatMoney(row.totalSale)}</td>
      <td className={cell}>{formatMoney(row.totalCost)}</td>
      <td className={`${cell} ${row.profit < 0 ? 'text-red-700' : ''}`}>{formatMoney(row.profit)}</td>
      <td className={cell}>{margin(row.margin)}</td>
    </>
  );
}

function ReportTable({ report, groupBy }: { report: SalesReportReply; groupBy: ReportGroup }) {
  return (
    <TableRegion label="Tabla del reporte">
      <thead className="bg-gray-50">
        <tr>
          <th scope="col" className={TH}>
            {REPORT_GROUP_LABELS[groupBy]}
          </th>
          {['Ventas', 'Venta total', 'Costo total', 'Ganancia', 'Margen'].map((h) => (
            <th key={h} scope="col" className={TH_NUM}>
              {h}
            </th>
          ))}
        </tr>
      </thead>
      <tbody className="divide-y divide-gray-100">
        {report.rows.map((row) => (
          <tr key={row.key}>
            <th scope="row" className={`${TD} text-left font-normal`}>
              {row.label}
            </th>
            <FigureCells row={row} />
          </tr>
        ))}
      </tbody>
      <tfoot className="border-t-2 border-gray-300 bg-gray-50">
        <tr>
          <th scope="row" className={`${TD} text-left`}>
            Total
          </th>
          <FigureCells row={report.totals} strong />
        </tr>
      </tfoot>
    </TableRegion>
  );
}

/** /reports: sales, totals, profit and margin per group over a date range; a seller sees their own. */
export function SalesReportPage() {
  const user = useCurrentUser();
  const year = todayIso().slice(0, 4);
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
    <div className="space-y-6">
      <PageHeader
        title="Reportes"
        actions={
          <ExportMenu path="/api/reports/sales/export" filters={{ ...shown }} fileName="reporte-ventas" />
        }
      />
      {user.role === 'sales' && <p className="text-gray-700">Reporte de tus propias ventas.</p>}
      <Card className="grid grid-cols-1 gap-4 p-4 sm:grid-cols-2 lg:grid-cols-4">
        <SelectField
          label="Agrupar por"
          options={GROUP_OPTIONS}
          value={filters.groupBy}
          onChange={(event) => set({ groupBy: event.target.value as ReportGroup })}
        />
        <SelectField
          label="Según"
          options={DATE_OPTIONS}
          value={filters.dateField}
          onChange={(event) => set({ dateField: event.target.value as ReportDateField })}
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
      <ListStatus
        isPending={isPending}
        error={error}
        isEmpty={!data?.rows.length}
        loadingLabel="Cargando reporte..."
        errorTitle="Error al cargar el reporte"
        emptyText="No hay ventas en el rango elegido"
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
      </ListStatus>
    </div>
  );
}

import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useId } from 'react';
import { Link, useSearchParams } from 'react-router';
import { taxMonthApi } from '../../../domain/api/tax-month';
import {
  folioRunsText,
  type SupplierPaymentsTotal,
  type TaxMonth,
  type TaxMonthType,
} from '../../../domain/tax-month';
import { Card } from '../../components/ui/Card';
import { DataTable, type DataTableColumn, TABLE_LINK } from '../../components/ui/DataTable';
import { ExportMenu } from '../../components/ui/ExportMenu';
import { ListPage } from '../../components/ui/ListPage';
import { MonthPicker } from '../../components/ui/MonthPicker';
import { Badge } from '../../components/ui/StatusBadge';
import { SummaryCard } from '../../components/ui/SummaryCard';
import { monthLabel, monthParam, useAgencyMonth } from '../../lib/agency-month';
import { useMoney, usePesos } from '../../lib/use-money';
import { taxMonthQuery } from './api';

const TEXTS = {
  loadingLabel: 'Cargando el mes tributario...',
  errorTitle: 'Error al cargar el mes tributario',
  emptyText: 'Sin documentos tributarios ni pagos a proveedores en este mes',
};

/** A row of the documents' table: a type, or the month's totals in its foot. */
type DocumentRow = Omit<TaxMonthType, 'type'> & { type: number | null };

/** Whole pesos, "CLP" named; a credit note's with a minus sign, as it is taken off the month. */
function Pesos({ amount, negative = false }: { amount: number; negative?: boolean }) {
  const pesos = usePesos()(amount);
  return <>{negative && amount !== 0 ? `− ${pesos}` : pesos}</>;
}

const pesosColumn = (
  key: 'exempt' | 'net' | 'vat' | 'total',
  header: string,
): DataTableColumn<DocumentRow> => ({
  key,
  header,
  align: 'right',
  cell: (row) => <Pesos amount={row[key]} negative={row.subtracts} />,
});

/**
 * The invoices list is where a month's documents are read one by one (it has no filter by type yet):
 * a type with documents links there.
 */
function TypeCell({ row }: { row: DocumentRow }) {
  if (row.type === null) return <>{row.label}</>;
  const name = `${row.label} (${row.type})`;
  return (
    <span className="inline-flex flex-wrap items-center gap-2">
      {row.count > 0 ? (
        <Link to="/invoices" className={TABLE_LINK} aria-label={`${name}: ver los documentos`}>
          {name}
        </Link>
      ) : (
        name
      )}
      {row.subtracts && <Badge color="yellow">Se resta</Badge>}
    </span>
  );
}

const DOCUMENT_COLUMNS: ReadonlyArray<DataTableColumn<DocumentRow>> = [
  { key: 'type', header: 'Documento', rowHeader: true, cell: (row) => <TypeCell row={row} /> },
  { key: 'count', header: 'Cantidad', align: 'right', cell: (row) => (row.type === null ? '' : row.count) },
  {
    key: 'folios',
    header: 'Folios',
    wrap: true,
    cell: (row) => (row.type === null ? '' : folioRunsText(row.folios)),
  },
  pesosColumn('exempt', 'Exento'),
  pesosColumn('net', 'Neto'),
  pesosColumn('vat', 'IVA'),
  pesosColumn('total', 'Total'),
];

/** The month's line under the types: their amounts with the credit notes taken off (the server's sums). */
const totalsRow = (month: TaxMonth): DocumentRow => ({
  type: null,
  label: 'Total del mes',
  count: 0,
  folios: [],
  subtracts: false,
  ...month.totals,
});

function Section({ title, children }: { title: string; children: ReactNode }) {
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} className="space-y-3">
      <h2 id={titleId} className="text-lg font-semibold text-gray-900">
        {title}
      </h2>
      {children}
    </section>
  );
}

function VatDebit({ month }: { month: TaxMonth }) {
  const pesos = usePesos();
  const vatOf = (type: number) => month.types.find((t) => t.type === type)?.vat ?? 0;
  return (
    <Card className="p-5">
      <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-2 text-sm">
        <dt className="text-gray-700">IVA de facturas (33)</dt>
        <dd className="text-right tabular-nums">{pesos(vatOf(33))}</dd>
        <dt className="text-gray-700">IVA de boletas (39)</dt>
        <dd className="text-right tabular-nums">{pesos(vatOf(39))}</dd>
        <dt className="text-gray-700">Menos IVA de notas de crédito (61)</dt>
        <dd className="text-right tabular-nums">− {pesos(vatOf(61))}</dd>
        <dt className="border-t border-gray-200 pt-2 font-semibold text-gray-900">Débito fiscal</dt>
        <dd className="border-t border-gray-200 pt-2 text-right font-semibold tabular-nums">
          {pesos(month.vatDebit)}
        </dd>
      </dl>
    </Card>
  );
}

function SupplierPayments({ totals }: { totals: SupplierPaymentsTotal[] }) {
  const formatMoney = useMoney();
  if (!totals.length) return <p className="text-sm text-gray-700">Sin pagos a proveedores en este mes.</p>;
  return (
    <DataTable
      caption="Pagos a proveedores del mes por moneda"
      columns={[
        { key: 'currency', header: 'Moneda', rowHeader: true, cell: (row) => row.currency },
        { key: 'count', header: 'Pagos', align: 'right', cell: (row) => row.count },
        {
          key: 'total',
          header: 'Total',
          align: 'right',
          cell: (row) => formatMoney(row.total, row.currency),
        },
      ]}
      rows={totals}
      rowKey={(row) => row.currency}
      emptyText=""
    />
  );
}

/**
 * /tax-month (decision 0103): the accountant's month for the F29, from the stored tax documents and
 * the supplier payments. The month lives in ?month= so a reload or a shared link keeps it.
 */
export function TaxMonthPage() {
  const current = useAgencyMonth();
  const [params, setParams] = useSearchParams();
  const month = monthParam(params.get('month'), current);
  const { data, isPending, error } = useQuery(taxMonthQuery(month));
  const pesos = usePesos();
  const isEmpty = !!data && data.types.every((t) => t.count === 0) && !data.supplierPayments.length;

  return (
    <ListPage
      title="Mes tributario"
      intro={
        <p className="max-w-3xl text-sm text-gray-700">
          Lo que el contador necesita para el F29: los documentos tributarios emitidos en el mes, tal como
          quedaron guardados, con las notas de crédito restadas, el débito fiscal y los pagos a proveedores.
        </p>
      }
      exportMenu={
        <ExportMenu endpoint={taxMonthApi.month} query={{ month }} fileName={`mes-tributario-${month}`} />
      }
      filters={
        <MonthPicker month={month} onChange={(next) => setParams({ month: next }, { replace: true })} />
      }
      summary={
        data &&
        !isEmpty && (
          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            <SummaryCard title={`Débito fiscal de ${monthLabel(month)}`} value={pesos(data.vatDebit)} />
            <SummaryCard
              title="Total del mes"
              value={pesos(data.totals.total)}
              note="Notas de crédito restadas"
            />
          </div>
        )
      }
      list={{ isPending, error, isEmpty, ...TEXTS }}
    >
      {data && (
        <div className="space-y-8">
          <Section title="Documentos tributarios">
            <DataTable
              caption={`Documentos tributarios de ${monthLabel(month)} por tipo`}
              columns={DOCUMENT_COLUMNS}
              rows={data.types}
              rowKey={(row) => row.type ?? 'total'}
              footer={totalsRow(data)}
              emptyText=""
              scrollRegion
            />
          </Section>
          <Section title="Débito fiscal (IVA)">
            <VatDebit month={data} />
          </Section>
          <Section title="Pagos a proveedores">
            <SupplierPayments totals={data.supplierPayments} />
          </Section>
        </div>
      )}
    </ListPage>
  );
}

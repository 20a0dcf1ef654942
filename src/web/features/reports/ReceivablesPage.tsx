import { useState } from 'react';
import { Link } from 'react-router';
import { reportsApi } from '../../../domain/api/reports';
import { sumMoney } from '../../../domain/money';
import {
  AGE_BUCKET_LABELS,
  AGE_BUCKETS,
  RECEIVABLES_SORT_LABELS,
  RECEIVABLES_SORTS,
  type ReceivablesReply,
  type ReceivablesSort,
} from '../../../domain/reports';
import { DataTable, type DataTableColumn, moneyColumn, TABLE_LINK } from '../../components/ui/DataTable';
import { ExportMenu } from '../../components/ui/ExportMenu';
import { ListPage } from '../../components/ui/ListPage';
import { Money } from '../../components/ui/Money';
import { serverPages } from '../../components/ui/Pagination';
import { ChoiceField } from '../../components/ui/SelectField';
import { SummaryCard } from '../../components/ui/SummaryCard';
import { useMoney } from '../../lib/use-money';
import { useFilterPage, useSearchBox } from '../../lib/use-paged-list';
import { useReceivables } from './api';

const TEXTS = {
  loadingLabel: 'Cargando cobranza...',
  errorTitle: 'Error al cargar la cobranza',
  emptyText: 'No hay clientes con saldo pendiente',
};
const SORT_OPTIONS = RECEIVABLES_SORTS.map((value) => ({ value, label: RECEIVABLES_SORT_LABELS[value] }));

function Totals({ totals }: { totals: ReceivablesReply['totals'] }) {
  // Overdue is the server's (a payment plan's instalments past due, else the debt of a past trip); not
  // yet due is the rest of the pending, subtracted in cents.
  const notDue = sumMoney([totals.pendingAmount, -totals.overdueAmount]);
  const formatMoney = useMoney();
  return (
    <div className="grid grid-cols-1 gap-4 sm:grid-cols-3">
      <SummaryCard
        title="Total pendiente"
        value={formatMoney(totals.pendingAmount)}
        note={`${totals.clientsCount} clientes · ${totals.salesCount} ventas`}
      />
      <SummaryCard title="Vencido" value={formatMoney(totals.overdueAmount)} valueClassName="text-red-700" />
      <SummaryCard title="Por vencer" value={formatMoney(notDue)} />
    </div>
  );
}

function AgeStrip({ totals }: { totals: ReceivablesReply['totals'] }) {
  const formatMoney = useMoney();
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-5" aria-label="Pendiente por antigüedad">
      {AGE_BUCKETS.map((b) => (
        <div key={b} className="rounded-md border border-gray-200 bg-white px-3 py-2">
          <dt className="text-xs font-medium text-gray-700">{AGE_BUCKET_LABELS[b]}</dt>
          <dd className="font-semibold text-gray-900 tabular-nums">{formatMoney(totals.buckets[b])}</dd>
        </div>
      ))}
    </dl>
  );
}

type ClientRow = ReceivablesReply['clients'][number];

const CLIENT_COLUMNS: ReadonlyArray<DataTableColumn<ClientRow>> = [
  {
    key: 'client',
    header: 'Cliente',
    rowHeader: true,
    cell: (c) => (
      <Link to={`/receivables/${c.clientId}`} className={TABLE_LINK}>
        {c.clientName}
      </Link>
    ),
  },
  { key: 'sales', header: 'Ventas', align: 'right', cell: (c) => c.salesCount },
  // Total and Pagado give way on a laptop with the sidebar open, so every age column stays in sight
  // (Pendiente is what ages; both remain on the client's page and in the export).
  { ...moneyColumn('total', 'Total', (c: ClientRow) => c.totalSale), secondary: true },
  { ...moneyColumn('paid', 'Pagado', (c: ClientRow) => c.paidAmount), secondary: true },
  moneyColumn('pending', 'Pendiente', (c) => c.pendingAmount, 'font-semibold'),
  // Past due by plan or trip: gives way on a laptop like Total and Pagado (the card sums it, the
  // client's page has it per sale).
  {
    key: 'overdue',
    header: 'Vencido',
    align: 'right',
    className: 'text-red-700',
    secondary: true,
    cell: (c) => (c.overdueAmount ? <Money amount={c.overdueAmount} /> : '—'),
  },
  ...AGE_BUCKETS.map(
    (b): DataTableColumn<ClientRow> => ({
      key: b,
      header: AGE_BUCKET_LABELS[b],
      align: 'right',
      cell: (c) => (c.buckets[b] ? <Money amount={c.buckets[b]} /> : '—'),
    }),
  ),
];

/** /receivables (Cobranza): every client with something pending, aged against the travel date. */
export function ReceivablesPage() {
  const { q, box } = useSearchBox();
  const [sort, setSort] = useState<ReceivablesSort>('pending');
  const [page, setPage] = useFilterPage(`${q}|${sort}`);
  const { data, isPending, error } = useReceivables({ q, sort, page });

  return (
    <ListPage
      title="Cobranza"
      exportMenu={
        <ExportMenu endpoint={reportsApi.receivablesExport} query={{ q, sort }} fileName="cobranza" />
      }
      intro={
        <>
          <p className="text-gray-700">
            Lo que cada cliente debe, según la antigüedad desde su fecha de viaje: se espera el pago antes de
            viajar.
          </p>
          {data && <Totals totals={data.totals} />}
          {data && <AgeStrip totals={data.totals} />}
        </>
      }
      search={{ ...box, label: 'Buscar cliente', placeholder: 'Buscar cliente...' }}
      filters={
        <ChoiceField
          label="Ordenar por"
          options={SORT_OPTIONS}
          value={sort}
          onValueChange={setSort}
          className="w-52"
        />
      }
      list={{ isPending, error, isEmpty: !data?.clients.length, ...TEXTS }}
      pagination={serverPages(data?.pagination, setPage)}
    >
      <DataTable
        caption="Clientes con saldo pendiente"
        scrollRegion
        columns={CLIENT_COLUMNS}
        rows={data?.clients ?? []}
        rowKey={(c) => c.clientId}
        emptyText={TEXTS.emptyText}
      />
    </ListPage>
  );
}

import { useState } from 'react';
import { Link } from 'react-router';
import { formatMoney } from '../../../domain/format';
import { sumMoney } from '../../../domain/money';
import {
  AGE_BUCKET_LABELS,
  AGE_BUCKETS,
  RECEIVABLES_SORT_LABELS,
  RECEIVABLES_SORTS,
  type ReceivablesReply,
  type ReceivablesSort,
} from '../../../domain/reports';
import { ExportMenu } from '../../components/ui/ExportMenu';
import { ListStatus } from '../../components/ui/ListStatus';
import { PageHeader } from '../../components/ui/PageHeader';
import { Pagination } from '../../components/ui/Pagination';
import { SearchInput } from '../../components/ui/SearchInput';
import { SelectField } from '../../components/ui/SelectField';
import { SummaryCard } from '../../components/ui/SummaryCard';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { SEARCH_DEBOUNCE_MS } from '../../lib/use-paged-list';
import { useReceivables } from './api';
import { LINK, TableRegion, TD, TD_NUM, TH, TH_NUM } from './table';

const SORT_OPTIONS = RECEIVABLES_SORTS.map((value) => ({ value, label: RECEIVABLES_SORT_LABELS[value] }));

function Totals({ totals }: { totals: ReceivablesReply['totals'] }) {
  // Overdue: what is not in "por vencer"; both figures come from the server, subtracted in cents.
  const overdue = sumMoney([totals.pendingAmount, -totals.buckets.notDue]);
  return (
    <div className="grid grid-cols-1 gap-4 sm:grid-cols-3">
      <SummaryCard
        title="Total pendiente"
        value={formatMoney(totals.pendingAmount)}
        note={`${totals.clientsCount} clientes · ${totals.salesCount} ventas`}
      />
      <SummaryCard title="Vencido" value={formatMoney(overdue)} valueClassName="text-red-700" />
      <SummaryCard title="Por vencer" value={formatMoney(totals.buckets.notDue)} />
    </div>
  );
}

function AgeStrip({ totals }: { totals: ReceivablesReply['totals'] }) {
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

function ClientsTable({ clients }: { clients: ReceivablesReply['clients'] }) {
  return (
    <TableRegion label="Clientes con saldo pendiente">
      <thead className="bg-gray-50">
        <tr>
          <th scope="col" className={TH}>
            Cliente
          </th>
          <th scope="col" className={TH_NUM}>
            Ventas
          </th>
          <th scope="col" className={TH_NUM}>
            Total
          </th>
          <th scope="col" className={TH_NUM}>
            Pagado
          </th>
          <th scope="col" className={TH_NUM}>
            Pendiente
          </th>
          {AGE_BUCKETS.map((b) => (
            <th key={b} scope="col" className={TH_NUM}>
              {AGE_BUCKET_LABELS[b]}
            </th>
          ))}
        </tr>
      </thead>
      <tbody className="divide-y divide-gray-100">
        {clients.map((c) => (
          <tr key={c.clientId}>
            <th scope="row" className={`${TD} text-left font-normal`}>
              <Link to={`/receivables/${c.clientId}`} className={LINK}>
                {c.clientName}
              </Link>
            </th>
            <td className={TD_NUM}>{c.salesCount}</td>
            <td className={TD_NUM}>{formatMoney(c.totalSale)}</td>
            <td className={TD_NUM}>{formatMoney(c.paidAmount)}</td>
            <td className={`${TD_NUM} font-semibold`}>{formatMoney(c.pendingAmount)}</td>
            {AGE_BUCKETS.map((b) => (
              <td key={b} className={TD_NUM}>
                {c.buckets[b] ? formatMoney(c.buckets[b]) : '—'}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </TableRegion>
  );
}

/** /receivables (Cobranza): every client with something pending, aged against the travel date. */
export function ReceivablesPage() {
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<ReceivablesSort>('pending');
  const q = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  // A new search or order starts again at page 1.
  const filterKey = `${q}|${sort}`;
  const [paging, setPaging] = useState({ filterKey, page: 1 });
  const page = paging.filterKey === filterKey ? paging.page : 1;
  const { data, isPending, error } = useReceivables({ q, sort, page });

  return (
    <div className="space-y-6">
      <PageHeader
        title="Cobranza"
        actions={
          <ExportMenu path="/api/reports/receivables/export" filters={{ q, sort }} fileName="cobranza" />
        }
      />
      <p className="text-gray-700">
        Lo que cada cliente debe, según la antigüedad desde su fecha de viaje: se espera el pago antes de
        viajar.
      </p>
      {data && <Totals totals={data.totals} />}
      {data && <AgeStrip totals={data.totals} />}
      <div className="flex flex-wrap items-end gap-4">
        <SearchInput
          label="Buscar cliente"
          placeholder="Buscar cliente..."
          value={search}
          onValueChange={setSearch}
          className="min-w-56 flex-1"
        />
        <SelectField
          label="Ordenar por"
          options={SORT_OPTIONS}
          value={sort}
          onChange={(event) => setSort(event.target.value as ReceivablesSort)}
          className="w-52"
        />
      </div>
      <ListStatus
        isPending={isPending}
        error={error}
        isEmpty={!data?.clients.length}
        loadingLabel="Cargando cobranza..."
        errorTitle="Error al cargar la cobranza"
        emptyText="No hay clientes con saldo pendiente"
      >
        {data && <ClientsTable clients={data.clients} />}
        {data && (
          <Pagination
            page={data.pagination.page}
            totalPages={data.pagination.totalPages}
            onPageChange={(next) => setPaging({ filterKey, page: next })}
          />
        )}
      </ListStatus>
    </div>
  );
}

import { useCallback, useState } from 'react';
import { Link } from 'react-router';
import { formatDate } from '../../../domain/format';
import { CREDIT_NOTE_KIND_LABELS } from '../../../domain/invoices';
import { INVOICE_STATUS_FILTER_LABEL, statusFilterOptions } from '../../../domain/status';
import type { ListParams } from '../../api/resource';
import { FOCUS_RING } from '../../components/ui/Button';
import { FilterButtons } from '../../components/ui/FilterButtons';
import { ListPage } from '../../components/ui/ListPage';
import { cn } from '../../lib/cn';
import { useMoney, usePesos } from '../../lib/use-money';
import { usePagedList } from '../../lib/use-paged-list';
import { type Invoice, type InvoiceStatusFilter, invoiceListQuery } from './api';
import { noteReference } from './CreditNotesList';
import { InvoiceStatusBadge } from './InvoiceStatusBadge';
import { SiiStatusBadge } from './SiiStatus';

const SEARCH_LABEL = 'Buscar facturas por número o cliente';
/** The short name of each DTE in the list. */
const DOCUMENT_NAMES: Record<number, string> = {
  33: 'Factura electrónica',
  34: 'Factura exenta',
  39: 'Boleta electrónica',
  41: 'Boleta exenta',
};
const STATUS_FILTERS = statusFilterOptions('Todas', INVOICE_STATUS_FILTER_LABEL);
const TEXTS = {
  loadingLabel: 'Cargando facturas...',
  errorTitle: 'Error al cargar facturas',
  emptyText: 'No se encontraron facturas',
};

/** One invoice; the whole row is the link to it, so it reads as one target on a phone too. */
function InvoiceRow({ invoice }: { invoice: Invoice }) {
  const formatMoney = useMoney();
  const formatPesos = usePesos();
  return (
    <Link
      to={`/invoices/${invoice.id}`}
      className={cn(
        'grid grid-cols-2 items-center gap-x-4 gap-y-2 rounded-lg border border-gray-200 bg-white p-4 shadow-sm',
        'transition-shadow hover:shadow-md sm:grid-cols-[10rem_8rem_1fr_auto_auto]',
        FOCUS_RING,
      )}
    >
      <span className="font-semibold text-gray-900">
        {invoice.folio ? (
          <>
            {DOCUMENT_NAMES[invoice.dteType ?? 33] ?? 'Factura electrónica'} N° {invoice.folio}
            <span className="block font-mono text-xs font-normal text-gray-600">{invoice.invoiceNumber}</span>
          </>
        ) : (
          <span className="font-mono">{invoice.invoiceNumber}</span>
        )}
        {invoice.creditNotes.map((note) => (
          <span
            key={note.id}
            className={cn(
              'block text-xs font-normal',
              note.kind === 'annul' ? 'text-red-800' : 'text-gray-700',
            )}
          >
            {noteReference(note)} ({CREDIT_NOTE_KIND_LABELS[note.kind].toLowerCase()})
          </span>
        ))}
      </span>
      <span className="text-sm text-gray-700">{formatDate(invoice.date)}</span>
      <span className="col-span-2 truncate text-gray-900 sm:col-span-1">{invoice.client.name}</span>
      <span className="font-semibold text-gray-900">
        {invoice.totalAmount
          ? formatPesos(invoice.totalAmount)
          : formatMoney(invoice.amount, invoice.currency)}
      </span>
      <span className="flex flex-wrap justify-end gap-1 justify-self-end">
        <InvoiceStatusBadge status={invoice.status} />
        {invoice.siiStatus && <SiiStatusBadge status={invoice.siiStatus} />}
      </span>
    </Link>
  );
}

/** /invoices: what the user may see (the server scopes it), searched and filtered on the server. */
export function InvoicesPage() {
  const [status, setStatus] = useState<InvoiceStatusFilter>('all');
  // A stable function per status, so the hook's query options change only when the filter does.
  const listQuery = useCallback((params: ListParams) => invoiceListQuery(status)(params), [status]);
  const list = usePagedList(listQuery);

  return (
    <ListPage
      title="Facturas"
      search={{ ...list.searchBox, label: SEARCH_LABEL, placeholder: 'Buscar por número o cliente...' }}
      filters={
        <FilterButtons
          legend="Filtrar por estado"
          options={STATUS_FILTERS}
          value={status}
          onChange={(next) => {
            setStatus(next);
            list.setPage(1);
          }}
        />
      }
      list={{ ...list.status, ...TEXTS }}
      pagination={list.pagination}
    >
      <ul className="space-y-3">
        {list.rows.map((invoice) => (
          <li key={invoice.id}>
            <InvoiceRow invoice={invoice} />
          </li>
        ))}
      </ul>
    </ListPage>
  );
}

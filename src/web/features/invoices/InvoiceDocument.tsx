import { DTE_TYPE_LABELS } from '../../../domain/dte';
import { formatDate, pesosPerUnitText } from '../../../domain/format';
import { TitledSection } from '../../components/ui/TitledSection';
import { cn } from '../../lib/cn';
import { useMoney, useNumberFormat, usePesos } from '../../lib/use-money';
import type { Invoice, InvoiceItem } from './api';
import { InvoiceStatusBadge } from './InvoiceStatusBadge';

function Line({ value }: { value?: string | null }) {
  return value ? <p>{value}</p> : null;
}

/** What an item sells, as the server words it when the item had no description of its own. */
const serviceOf = (item: InvoiceItem) => `${item.classificationName} - ${item.supplierName}`;

// Without a description the server stores serviceOf() as the description: a second line would repeat it.
const describesOnlyService = (item: InvoiceItem) => !item.description || item.description === serviceOf(item);

function stay({ dateIn, dateOut }: Pick<InvoiceItem, 'dateIn' | 'dateOut'>): string {
  if (!dateIn && !dateOut) return '—';
  if (!dateOut || dateOut === dateIn) return formatDate(dateIn);
  return `${formatDate(dateIn)} – ${formatDate(dateOut)}`;
}

/** The passengers and dates in one line, for the description on a phone. */
const narrowNote = (item: InvoiceItem) =>
  [item.passengers.join(', '), item.dateIn || item.dateOut ? stay(item) : ''].filter(Boolean).join(' · ');

/**
 * On a phone the passengers and dates go under the description, so that the amounts and the total
 * stay in sight without scrolling the table; paper and wider screens have them in columns.
 */
const WIDE_ONLY = 'hidden sm:table-cell print:table-cell';
const NARROW_ONLY = 'sm:hidden print:hidden';
const TOTAL_LABEL = 'pt-4 pr-4 text-right text-base font-semibold text-gray-900';

/** A DTE invoice's name as the SII gives it, with its folio; an internal one's, with its number. */
export const invoiceTitle = (invoice: Pick<Invoice, 'dteType' | 'folio' | 'invoiceNumber'>) =>
  invoice.folio
    ? `${DTE_TYPE_LABELS[invoice.dteType ?? 33] ?? 'Factura Electrónica'} N° ${invoice.folio}`
    : `Factura ${invoice.invoiceNumber}`;

/** A DTE's totals in pesos, as the SII's document states them, and the rate its amounts were converted at. */
function DteTotals({ invoice }: { invoice: Invoice }) {
  const rows: [string, number | null | undefined][] = [
    ['Monto neto', invoice.netAmount],
    ['Monto exento', invoice.exemptAmount],
    ['IVA 19%', invoice.vatAmount],
  ];
  const formatMoney = useMoney();
  const formatPesos = usePesos();
  const style = useNumberFormat();
  return (
    <div className="ml-auto mt-4 w-full max-w-xs text-sm">
      <dl className="space-y-1">
        {rows.map(([label, amount]) => (
          <div key={label} className="flex justify-between gap-4">
            <dt className="text-gray-700">{label}</dt>
            <dd className="whitespace-nowrap text-gray-900">{formatPesos(amount ?? 0)}</dd>
          </div>
        ))}
        <div className="flex justify-between gap-4 border-t-2 border-gray-300 pt-2 text-base font-bold text-gray-900">
          <dt>Total</dt>
          <dd className="whitespace-nowrap">{formatPesos(invoice.totalAmount ?? 0)}</dd>
        </div>
      </dl>
      {invoice.exchangeRate ? (
        <p className="pt-2 text-right text-gray-700">
          Tipo de cambio: {pesosPerUnitText(invoice.exchangeRate, invoice.currency, style)} (venta por{' '}
          {formatMoney(invoice.amount, invoice.currency)})
        </p>
      ) : null}
    </div>
  );
}

/** The invoice as a sheet of paper: what the screen shows is what Imprimir prints. */
export function InvoiceDocument({ invoice }: { invoice: Invoice }) {
  const isDte = Boolean(invoice.folio);
  const formatMoney = useMoney();
  const formatPesos = usePesos();
  // A DTE's lines are in the pesos it states; an internal invoice's in the sale's currency.
  const lineAmount = (item: InvoiceItem) =>
    isDte ? formatPesos(item.pesos ?? 0) : formatMoney(item.salePrice, invoice.currency);
  return (
    <article
      aria-labelledby="invoice-title"
      className="rounded-lg border border-gray-200 bg-white p-4 shadow-sm sm:p-8 print:rounded-none print:border-0 print:p-0 print:shadow-none"
    >
      <header className="flex flex-wrap items-start justify-between gap-6 border-b border-gray-200 pb-6">
        <div className="space-y-0.5 text-sm text-gray-700">
          <p className="text-xl font-bold text-gray-900">{invoice.company.name}</p>
          <p>RUT: {invoice.company.taxId}</p>
          <Line value={invoice.company.address} />
          <Line value={invoice.company.email} />
          <Line value={invoice.company.phone} />
        </div>
        <div className="space-y-1 text-right">
          <h1 id="invoice-title" className="text-2xl font-bold text-gray-900">
            {invoiceTitle(invoice)}
          </h1>
          {isDte ? (
            <p className="text-sm text-gray-700">Ref. interna {invoice.invoiceNumber}</p>
          ) : (
            <p className="text-sm font-semibold text-amber-800">Documento interno, sin validez tributaria</p>
          )}
          <p className="text-sm text-gray-700">Fecha: {formatDate(invoice.date)}</p>
          <p className="text-sm text-gray-700">Venta #{invoice.saleId}</p>
          <InvoiceStatusBadge status={invoice.status} />
        </div>
      </header>

      <TitledSection
        title="Cliente"
        className="border-b border-gray-200 py-6 text-sm"
        headerClassName="mb-2"
        titleClassName="text-sm"
      >
        <div className="space-y-0.5 text-gray-700">
          <p className="font-medium text-gray-900">{invoice.client.name}</p>
          {invoice.client.taxId && (
            <p>
              {isDte ? 'RUT' : 'ID/RUT'}: {invoice.client.taxId}
            </p>
          )}
          {invoice.client.activity && <p>Giro: {invoice.client.activity}</p>}
          <Line value={invoice.client.address} />
          {invoice.client.commune && <p>Comuna: {invoice.client.commune}</p>}
          <Line value={invoice.client.email} />
        </div>
      </TitledSection>

      <TitledSection title="Detalle" className="py-6" titleClassName="sr-only">
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm">
            <thead className="border-b border-gray-300 text-gray-700">
              <tr>
                <th scope="col" className="py-2 pr-4 font-semibold">
                  Descripción
                </th>
                <th scope="col" className={cn('py-2 pr-4 font-semibold', WIDE_ONLY)}>
                  Pasajeros
                </th>
                <th scope="col" className={cn('py-2 pr-4 font-semibold', WIDE_ONLY)}>
                  Fechas
                </th>
                <th scope="col" className="py-2 text-right font-semibold">
                  Importe
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-gray-200 text-gray-900">
              {invoice.items.map((item, index) => (
                // Items are a snapshot without ids; their order never changes.
                // biome-ignore lint/suspicious/noArrayIndexKey: see above
                <tr key={index} className="align-top">
                  <td className="py-3 pr-4">
                    <p className="font-medium">{item.description || serviceOf(item)}</p>
                    {!describesOnlyService(item) && <p className="text-gray-600">{serviceOf(item)}</p>}
                    {isDte && (
                      <p className={item.exempt ? 'font-medium text-emerald-800' : 'text-gray-600'}>
                        {item.exempt ? 'Exento de IVA' : 'Afecto a IVA'}
                      </p>
                    )}
                    {narrowNote(item) && (
                      <p className={cn('text-gray-600', NARROW_ONLY)}>{narrowNote(item)}</p>
                    )}
                  </td>
                  <td className={cn('py-3 pr-4', WIDE_ONLY)}>{item.passengers.join(', ') || '—'}</td>
                  <td className={cn('py-3 pr-4 whitespace-nowrap', WIDE_ONLY)}>{stay(item)}</td>
                  <td className="py-3 text-right whitespace-nowrap">
                    {lineAmount(item)}
                    {isDte && (
                      <span className="block text-xs text-gray-600">
                        {formatMoney(item.salePrice, invoice.currency)}
                      </span>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
            {!isDte && (
              <tfoot>
                <tr className="border-t-2 border-gray-300">
                  {/* One of the two: the narrow table has one column beside the amounts, the wide one three.
                    The wide one comes last, next to the amount, as in the rows above. */}
                  <th scope="row" className={cn(TOTAL_LABEL, NARROW_ONLY)}>
                    Total
                  </th>
                  <th scope="row" colSpan={3} className={cn(TOTAL_LABEL, WIDE_ONLY)}>
                    Total
                  </th>
                  <td className="pt-4 text-right text-base font-bold whitespace-nowrap text-gray-900">
                    {formatMoney(invoice.amount, invoice.currency)}
                  </td>
                </tr>
              </tfoot>
            )}
          </table>
        </div>
        {isDte && <DteTotals invoice={invoice} />}
      </TitledSection>
    </article>
  );
}

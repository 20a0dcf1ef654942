import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, Ban, Download, FileCode, Printer } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { formatAgencyDay } from '../../../domain/agency-day';
import { invoicesApi } from '../../../domain/api/invoices';
import { formatDate } from '../../../domain/format';
import { errorStatus } from '../../api/client';
import { useCanCall } from '../../auth';
import { Button, buttonClasses } from '../../components/ui/Button';
import { ErrorAlert } from '../../components/ui/ErrorAlert';
import { Spinner } from '../../components/ui/Spinner';
import { useRouteId } from '../../lib/route-id';
import { useAgencyPreferences } from '../company';
import { downloadInvoicePdf, downloadInvoiceXml, type Invoice, invoiceQuery } from './api';
import { CancelInvoiceDialog } from './CancelInvoiceDialog';
import { CreditNoteDialog } from './CreditNoteDialog';
import { CreditNotesList } from './CreditNotesList';
import { InvoiceDocument } from './InvoiceDocument';
import { SiiStatusPanel } from './SiiStatus';

/** Runs a download, telling what went wrong in a toast. */
async function withToast(download: () => Promise<void>, failure: string) {
  try {
    await download();
  } catch (error) {
    toast.error(error instanceof Error ? error.message : failure);
  }
}

// The layout (sidebar, toasts) is not this feature's to change; while an invoice is shown, print hides it.
const PRINT_CSS =
  '@media print { aside, [data-sonner-toaster] { display: none !important; } main { padding: 0 !important; } }';

function BackLink() {
  return (
    <Link to="/invoices" className={buttonClasses('ghost', 'sm', '-ml-3 print:hidden')}>
      <ArrowLeft aria-hidden="true" className="size-4" />
      Volver a facturas
    </Link>
  );
}

/** /invoices/:id */
export function InvoiceDetailPage() {
  const id = useRouteId();
  const query = useQuery({ ...invoiceQuery(id ?? 0), enabled: id !== null });
  const missing = id === null || [400, 404].includes(errorStatus(query.error) ?? 0);

  if (missing) {
    return (
      <div className="space-y-4">
        <BackLink />
        <p role="alert" className="rounded-md bg-red-50 px-4 py-3 text-red-800">
          Factura no encontrada
        </p>
      </div>
    );
  }
  if (query.error) {
    return (
      <div className="space-y-4">
        <BackLink />
        <ErrorAlert title="Error al cargar la factura" error={query.error} />
      </div>
    );
  }
  if (query.isPending) return <Spinner label="Cargando factura..." className="py-12" />;
  return <InvoiceView invoice={query.data} />;
}

function InvoiceView({ invoice }: { invoice: Invoice }) {
  const { timeZone } = useAgencyPreferences();
  const cancelled = invoice.status === 'cancelled';
  const [cancelling, setCancelling] = useState(false);
  const [downloading, setDownloading] = useState(false);

  const isDte = Boolean(invoice.folio);
  // A DTE is annulled by a credit note, an internal invoice cancelled: each is its own call.
  const canAnnul = useCanCall(isDte ? invoicesApi.creditNote : invoicesApi.cancel);
  const download = async (format: 'pdf' | 'xml') => {
    setDownloading(true);
    const run = format === 'pdf' ? () => downloadInvoicePdf(invoice) : () => downloadInvoiceXml(invoice);
    await withToast(run, `Error al descargar el ${format.toUpperCase()}`);
    setDownloading(false);
  };

  return (
    <div className="mx-auto max-w-4xl space-y-6 print:max-w-none print:space-y-0">
      <style>{PRINT_CSS}</style>
      <div className="flex flex-wrap items-center justify-between gap-3 print:hidden">
        <BackLink />
        <div className="flex flex-wrap gap-2">
          <Link to={`/sales/${invoice.saleId}`} className={buttonClasses('secondary')}>
            Ver venta #{invoice.saleId}
          </Link>
          <Button variant="secondary" onClick={() => download('pdf')} disabled={downloading}>
            <Download aria-hidden="true" className="size-4" />
            {downloading ? 'Descargando...' : 'Descargar PDF'}
          </Button>
          {isDte && (
            <Button variant="secondary" onClick={() => download('xml')} disabled={downloading}>
              <FileCode aria-hidden="true" className="size-4" />
              Descargar XML
            </Button>
          )}
          <Button variant="secondary" onClick={() => window.print()}>
            <Printer aria-hidden="true" className="size-4" />
            Imprimir
          </Button>
          {canAnnul && !cancelled && (
            <Button variant="danger" onClick={() => setCancelling(true)}>
              <Ban aria-hidden="true" className="size-4" />
              {isDte ? 'Emitir nota de crédito' : 'Anular Factura'}
            </Button>
          )}
        </div>
      </div>

      {cancelled && (
        <section
          aria-label="Factura anulada"
          className="rounded-md border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800 print:mb-4"
        >
          <p className="font-semibold">
            Anulada{invoice.cancelledAt ? ` el ${formatAgencyDay(invoice.cancelledAt, timeZone)}` : ''}
          </p>
          {invoice.cancelReason && <p className="mt-1">Motivo: {invoice.cancelReason}</p>}
          {invoice.creditNote && (
            <p className="mt-2">
              Con la Nota de Crédito Electrónica N° {invoice.creditNote.folio} del{' '}
              {formatDate(invoice.creditNote.date)}
            </p>
          )}
        </section>
      )}

      <SiiStatusPanel invoice={invoice} />

      <CreditNotesList invoice={invoice} />

      <InvoiceDocument invoice={invoice} />

      {canAnnul &&
        (isDte ? (
          <CreditNoteDialog invoice={invoice} open={cancelling} onOpenChange={setCancelling} />
        ) : (
          <CancelInvoiceDialog invoice={invoice} open={cancelling} onOpenChange={setCancelling} />
        ))}
    </div>
  );
}

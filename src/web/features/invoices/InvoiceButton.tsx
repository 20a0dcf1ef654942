import { useQuery } from '@tanstack/react-query';
import { FileText } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import type { InvoiceIssueInput } from '../../../domain/invoices';
import { ApiError } from '../../api/client';
import { Button, buttonClasses } from '../../components/ui/Button';
import { activeSaleInvoiceQuery, useGenerateInvoice } from './api';
import { RECEIVER_FIELDS, ReceiverDialog, type ReceiverField } from './ReceiverDialog';

/** The receiver's fields a 400 names as missing (a DTE's giro, address or comuna), if any. */
function missingReceiver(error: unknown): ReceiverField[] {
  if (!(error instanceof ApiError) || error.status !== 400) return [];
  const paths = error.errors.map((e) => e.path);
  return RECEIVER_FIELDS.map((field) => field.name).filter((name) => paths.includes(name));
}

/**
 * On a completed sale: 'Ver Factura' once the sale has an invoice that is not cancelled, otherwise
 * 'Generar Factura', which issues one and opens it. The server decides who may issue (admin and the
 * sale's seller) and says why not in the toast.
 */
export function InvoiceButton({ saleId }: { saleId: number }) {
  const { data: invoice, isPending } = useQuery(activeSaleInvoiceQuery(saleId));
  const generate = useGenerateInvoice();
  const navigate = useNavigate();
  const [asking, setAsking] = useState<{ missing: ReceiverField[]; message: string }>({
    missing: [],
    message: '',
  });

  // Until the answer is in, neither button: one would turn into the other under the user's pointer.
  if (isPending) return null;
  if (invoice) {
    return (
      <Link to={`/invoices/${invoice.id}`} className={buttonClasses('secondary')}>
        <FileText aria-hidden="true" className="size-4" />
        Ver Factura
      </Link>
    );
  }

  const run = (body?: InvoiceIssueInput) =>
    generate.mutate(
      { saleId, body },
      {
        onSuccess: ({ message, invoice: issued }) => {
          setAsking({ missing: [], message: '' });
          toast.success(message);
          navigate(`/invoices/${issued.id}`);
        },
        onError: (error) => {
          const missing = missingReceiver(error);
          // Asked once: a second refusal is shown in the dialog itself.
          if (missing.length && !body) {
            setAsking({ missing, message: error.message });
            // The dialog says what is missing: its error box is for a refusal of what it sends.
            generate.reset();
          } else if (!body) toast.error(error.message || 'Error al generar la factura');
        },
      },
    );

  return (
    <>
      <Button variant="secondary" onClick={() => run()} disabled={generate.isPending}>
        <FileText aria-hidden="true" className="size-4" />
        {generate.isPending ? 'Generando...' : 'Generar Factura'}
      </Button>
      <ReceiverDialog
        {...asking}
        pending={generate.isPending}
        error={generate.error}
        onSubmit={run}
        onClose={() => {
          setAsking({ missing: [], message: '' });
          generate.reset();
        }}
      />
    </>
  );
}

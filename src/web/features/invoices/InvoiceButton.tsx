import { useQuery, useQueryClient } from '@tanstack/react-query';
import { FileText } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { RECEIVER_FIELD_NAMES } from '../../../domain/invoice-preview';
import { refreshAgencyPreferences } from '../../api/agency-preferences';
import { ApiError } from '../../api/client';
import { Button, buttonClasses } from '../../components/ui/Button';
import { useElectronicInvoicing } from '../company';
import { activeSaleInvoiceQuery, useGenerateInvoice } from './api';
import { IssueInvoiceDialog } from './IssueInvoiceDialog';

/** Whether a refusal asks for the receiver's data, which only a DTE needs. */
const asksForReceiver = (error: unknown) =>
  error instanceof ApiError &&
  error.status === 400 &&
  error.errors.some((e) => (RECEIVER_FIELD_NAMES as readonly string[]).includes(e.path));

/**
 * On a completed sale: 'Ver Factura' once the sale has an invoice that is not cancelled, otherwise
 * 'Generar Factura'. When the company issues DTEs it opens the invoice's preview (decision 0071);
 * otherwise it issues the internal invoice at once and opens it. The server decides who may issue
 * (admin and the sale's seller) and says why not.
 */
export function InvoiceButton({ saleId }: { saleId: number }) {
  const { data: invoice, isPending } = useQuery(activeSaleInvoiceQuery(saleId));
  const electronic = useElectronicInvoicing();
  const generate = useGenerateInvoice();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [previewing, setPreviewing] = useState(false);

  // Until both answers are in, no button: one would turn into the other under the user's pointer.
  if (isPending || electronic === undefined) return null;
  if (invoice) {
    return (
      <Link to={`/invoices/${invoice.id}`} className={buttonClasses('secondary')}>
        <FileText aria-hidden="true" className="size-4" />
        Ver Factura
      </Link>
    );
  }

  const issueInternal = () =>
    generate.mutate(
      { saleId },
      {
        onSuccess: ({ message, invoice: issued }) => {
          toast.success(message);
          navigate(`/invoices/${issued.id}`);
        },
        onError: (error) => {
          // The tax data were saved a moment ago (another screen, another server): this is a DTE now.
          if (asksForReceiver(error)) {
            generate.reset();
            setPreviewing(true);
            void refreshAgencyPreferences(queryClient);
          } else toast.error(error.message || 'Error al generar la factura');
        },
      },
    );

  return (
    <>
      <Button
        variant="secondary"
        onClick={electronic ? () => setPreviewing(true) : issueInternal}
        disabled={generate.isPending}
      >
        <FileText aria-hidden="true" className="size-4" />
        {generate.isPending ? 'Generando...' : 'Generar Factura'}
      </Button>
      <IssueInvoiceDialog saleId={saleId} open={previewing} onClose={() => setPreviewing(false)} />
    </>
  );
}

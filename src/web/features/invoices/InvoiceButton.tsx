import { useQuery } from '@tanstack/react-query';
import { FileText } from 'lucide-react';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Button, buttonClasses } from '../../components/ui/Button';
import { activeSaleInvoiceQuery, useGenerateInvoice } from './api';

/**
 * On a completed sale: 'Ver Factura' once the sale has an invoice that is not cancelled, otherwise
 * 'Generar Factura', which issues one and opens it. The server decides who may issue (admin and the
 * sale's seller) and says why not in the toast.
 */
export function InvoiceButton({ saleId }: { saleId: number }) {
  const { data: invoice, isPending } = useQuery(activeSaleInvoiceQuery(saleId));
  const generate = useGenerateInvoice();
  const navigate = useNavigate();

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

  const run = () =>
    generate.mutate(saleId, {
      onSuccess: ({ message, invoice: issued }) => {
        toast.success(message);
        navigate(`/invoices/${issued.id}`);
      },
      onError: (error) => toast.error(error.message || 'Error al generar la factura'),
    });

  return (
    <Button variant="secondary" onClick={run} disabled={generate.isPending}>
      <FileText aria-hidden="true" className="size-4" />
      {generate.isPending ? 'Generando...' : 'Generar Factura'}
    </Button>
  );
}

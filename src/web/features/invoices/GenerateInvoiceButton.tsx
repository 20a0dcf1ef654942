import { FileText } from 'lucide-react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Button } from '../../components/ui/Button';
import { useGenerateInvoice } from './api';

/**
 * 'Generar Factura' on a completed sale: issues the invoice, or finds the sale's active one, and opens it.
 * The server decides who may (admin and the sale's seller) and says why not in the toast.
 */
export function GenerateInvoiceButton({ saleId }: { saleId: number }) {
  const generate = useGenerateInvoice();
  const navigate = useNavigate();

  const run = () =>
    generate.mutate(saleId, {
      onSuccess: ({ message, invoice }) => {
        toast.success(message);
        navigate(`/invoices/${invoice.id}`);
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

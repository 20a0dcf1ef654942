import { useQuery, useQueryClient } from '@tanstack/react-query';
import { CheckCircle2, Save } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { formatDateTime } from '../../../domain/agency-day';
import { formatDate } from '../../../domain/format';
import type { SaleSaved } from '../../../domain/sale-replies';
import type { SaleStatus } from '../../../domain/status';
import { refreshAfterChange } from '../../api/query-client';
import { Button } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { ConfirmDialog } from '../../components/ui/ConfirmDialog';
import { Input, Labelled } from '../../components/ui/Field';
import { SendDocumentButton } from '../emails';
import {
  acceptQuote,
  documentKeys,
  downloadItinerary,
  downloadQuotePreview,
  downloadQuoteVersion,
  saleQuotesQuery,
  useIssueQuote,
} from './api';
import { DocumentButton } from './DocumentButton';

interface SaleDocumentsProps {
  sale: { id: number; status: SaleStatus };
  /** Admin and sales keep versions and accept; finance only downloads. */
  canEdit: boolean;
  timeZone: string;
  /** The sales feature's own update of the sale after "Aceptar cotización" (it owns the sale's cache). */
  onAccepted: (saved: SaleSaved) => void;
}

/**
 * "Documentos para el cliente" of the sale detail: the quote (preview, kept versions, acceptance) of a
 * draft, the itinerary of a confirmed or completed sale. A cancelled sale has none.
 */
export function SaleDocuments({ sale, canEdit, timeZone, onAccepted }: SaleDocumentsProps) {
  if (sale.status === 'cancelled') return null;
  return (
    <section aria-labelledby="documents-title">
      <Card className="space-y-4">
        <h2 id="documents-title" className="text-lg font-semibold text-gray-900">
          Documentos para el cliente
        </h2>
        {sale.status === 'draft' ? (
          <QuoteDocuments saleId={sale.id} canEdit={canEdit} timeZone={timeZone} onAccepted={onAccepted} />
        ) : (
          <div className="flex flex-wrap gap-2">
            <DocumentButton download={() => downloadItinerary(sale.id)}>Itinerario (PDF)</DocumentButton>
            <SendDocumentButton label="Enviar itinerario" target={{ kind: 'itinerary', saleId: sale.id }} />
          </div>
        )}
      </Card>
    </section>
  );
}

function QuoteDocuments({
  saleId,
  canEdit,
  timeZone,
  onAccepted,
}: Omit<SaleDocumentsProps, 'sale'> & { saleId: number }) {
  const [validUntil, setValidUntil] = useState('');
  const [accepting, setAccepting] = useState(false);
  const issue = useIssueQuote(saleId);
  const queryClient = useQueryClient();
  const chosen = validUntil || undefined;

  const keep = () =>
    issue.mutate(chosen, {
      onSuccess: ({ message }) => toast.success(message),
      onError: (error) => toast.error(error.message || 'No se pudo guardar la cotización'),
    });

  return (
    <div className="space-y-4">
      <Labelled label="Válida hasta" hint="Vacía: hoy más los días de validez de Configuraciones">
        {(link) => (
          <Input
            {...link}
            type="date"
            className="max-w-48"
            value={validUntil}
            onChange={(event) => setValidUntil(event.target.value)}
          />
        )}
      </Labelled>
      <div className="flex flex-wrap gap-2">
        <DocumentButton download={() => downloadQuotePreview(saleId, chosen)}>
          Cotización (PDF)
        </DocumentButton>
        {canEdit && (
          <>
            <SendDocumentButton
              label="Enviar cotización"
              target={{ kind: 'quote', saleId }}
              onSent={() => refreshAfterChange(queryClient, { queryKey: documentKeys.quotes(saleId) })}
            />
            <Button variant="secondary" onClick={keep} disabled={issue.isPending}>
              <Save aria-hidden="true" className="size-4" />
              {issue.isPending ? 'Guardando...' : 'Guardar versión'}
            </Button>
            <Button onClick={() => setAccepting(true)}>
              <CheckCircle2 aria-hidden="true" className="size-4" />
              Aceptar cotización
            </Button>
          </>
        )}
      </div>
      <QuoteVersions saleId={saleId} timeZone={timeZone} />
      {accepting && (
        <ConfirmDialog
          open
          onOpenChange={(open) => !open && setAccepting(false)}
          title="Aceptar cotización"
          description={`El cliente aceptó la cotización: la venta #${saleId} pasa de borrador a confirmada.`}
          confirmLabel="Aceptar cotización"
          pendingLabel="Confirmando..."
          errorTitle="Error al aceptar la cotización"
          onConfirm={async () => {
            const saved = await acceptQuote(saleId);
            toast.success(saved.message);
            onAccepted(saved);
          }}
        />
      )}
    </div>
  );
}

function QuoteVersions({ saleId, timeZone }: { saleId: number; timeZone: string }) {
  const { data: quotes, error } = useQuery(saleQuotesQuery(saleId));
  if (error)
    return <p className="text-sm text-red-700">No se pudieron cargar las versiones de la cotización</p>;
  if (!quotes?.length) return <p className="text-sm text-gray-600">Aún no hay versiones guardadas.</p>;
  return (
    <div>
      <h3 className="text-sm font-semibold text-gray-900">Versiones</h3>
      <ul className="mt-2 divide-y divide-gray-200">
        {quotes.map((quote) => (
          <li key={quote.version} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
            <div className="min-w-0">
              <p className="font-medium text-gray-900">{quote.number}</p>
              <p className="text-gray-700">
                Válida hasta {formatDate(quote.validUntil)} · {formatDateTime(quote.createdAt, timeZone)}
                {quote.createdBy ? ` · ${quote.createdBy}` : ''}
              </p>
            </div>
            <DocumentButton
              size="sm"
              label={`Descargar ${quote.number}`}
              download={() => downloadQuoteVersion(saleId, quote.version, quote.number)}
            >
              PDF
            </DocumentButton>
          </li>
        ))}
      </ul>
    </div>
  );
}

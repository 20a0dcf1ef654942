import { RefreshCw, Send } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { SII_RETRY_ACTION, type SiiState } from '../../../domain/sii';
import { Button } from '../../components/ui/Button';
import { ConfirmDialog } from '../../components/ui/ConfirmDialog';
import { useSiiRetry } from './api';

/** What the button says for each action; the SII's acceptance is final: no button. */
const LABELS = {
  'send-now': 'Enviar ahora',
  'check-now': 'Consultar ahora',
  resend: 'Reintentar envío',
} as const;

/**
 * The admin's action on one document's submission (decision 0070). Sending a rejected document again
 * asks first: it is the same signed document, so it only helps once the cause is fixed.
 */
export function SiiRetryButton({ sii, document }: { sii: SiiState; document: string }) {
  const retry = useSiiRetry();
  const [confirming, setConfirming] = useState(false);
  const action = SII_RETRY_ACTION[sii.status];
  if (!action) return null;
  const label = LABELS[action];
  const run = () =>
    retry.mutateAsync(sii.id).then(({ message }) => {
      toast.success(message);
    });
  const Icon = sii.status === 'rejected' ? RefreshCw : Send;

  return (
    <>
      <Button
        variant="secondary"
        size="sm"
        aria-label={`${label}: ${document}`}
        disabled={retry.isPending}
        onClick={() =>
          sii.status === 'rejected'
            ? setConfirming(true)
            : run().catch((error: unknown) =>
                toast.error(error instanceof Error ? error.message : 'No se pudo enviar al SII'),
              )
        }
      >
        <Icon aria-hidden="true" className="size-4" />
        {retry.isPending ? 'Enviando...' : label}
      </Button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={`¿Reintentar el envío de ${document}?`}
        description={
          <>
            Se enviará al SII el mismo documento, sin cambios (el folio y su contenido no cambian). Sirve
            cuando la causa del rechazo ya se corrigió, por ejemplo subiendo un certificado nuevo; si no, el
            SII lo rechazará otra vez y habrá que emitir un documento nuevo.
          </>
        }
        confirmLabel="Reintentar envío"
        cancelLabel="Volver"
        pendingLabel="Enviando..."
        errorTitle="No se pudo reintentar el envío"
        onConfirm={run}
      />
    </>
  );
}

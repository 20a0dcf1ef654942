import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from 'sonner';
import { EMAIL_STATUS_LABELS, EMAIL_STATUSES, type EmailStatus } from '../../../domain/emails';
import { ConfirmDialog } from '../../components/ui/ConfirmDialog';
import { ErrorAlert } from '../../components/ui/ErrorAlert';
import { FilterButtons } from '../../components/ui/FilterButtons';
import { ListPage } from '../../components/ui/ListPage';
import { serverPages } from '../../components/ui/Pagination';
import { useAgencyPreferences } from '../company';
import { type EmailSummary, emailsQuery, useCancelEmail, useRetryEmail } from './api';
import { EmailPreview } from './EmailPreview';
import { EmailsTable } from './EmailsTable';

type StatusFilter = EmailStatus | 'all';
const FILTERS: { value: StatusFilter; label: string }[] = [
  { value: 'all', label: 'Todos' },
  ...EMAIL_STATUSES.map((status) => ({ value: status, label: EMAIL_STATUS_LABELS[status] })),
];

/**
 * Correos (admin, docs/decisions/0053-email-outbox.md): the outbox. Without SMTP_URL every message waits here
 * as Pendiente; the admin previews it, downloads the .eml, puts a failed one back in line or cancels one.
 */
export function EmailsPage() {
  const { timeZone } = useAgencyPreferences();
  const [status, setStatus] = useState<StatusFilter>('all');
  const [page, setPage] = useState(1);
  const list = useQuery(emailsQuery({ page, ...(status === 'all' ? {} : { status }) }));
  const [previewId, setPreviewId] = useState<number | null>(null);
  const [cancelling, setCancelling] = useState<EmailSummary | null>(null);
  const retry = useRetryEmail();
  const cancel = useCancelEmail();

  const onRetry = (email: EmailSummary) =>
    retry.mutate(email.id, { onSuccess: () => toast.success('Correo en la cola de envío') });

  return (
    <ListPage
      title="Correos"
      intro={
        <>
          <p className="text-gray-700">
            Cada correo que envía el sistema: cotizaciones, itinerarios, comprobantes, estados de cuenta y
            recordatorios. Si el servidor no tiene un servidor de correo configurado, quedan pendientes aquí.
          </p>
          {retry.error && <ErrorAlert title="No se pudo reintentar el correo" error={retry.error} />}
        </>
      }
      filters={
        <FilterButtons
          legend="Estado"
          options={FILTERS}
          value={status}
          onChange={(value) => {
            setStatus(value);
            setPage(1);
          }}
        />
      }
      list={{
        isPending: list.isPending,
        error: list.error,
        isEmpty: list.data?.emails.length === 0,
        loadingLabel: 'Cargando correos...',
        errorTitle: 'No se pudieron cargar los correos',
        emptyText: status === 'all' ? 'Aún no hay correos' : 'No hay correos con este estado',
      }}
      pagination={serverPages(list.data?.pagination, setPage)}
      dialogs={
        <>
          <EmailPreview id={previewId} timeZone={timeZone} onClose={() => setPreviewId(null)} />
          <ConfirmDialog
            open={cancelling !== null}
            onOpenChange={(open) => !open && setCancelling(null)}
            title="Cancelar correo"
            description={cancelling ? `El correo a ${cancelling.to.join(', ')} no se enviará.` : ''}
            confirmLabel="Cancelar correo"
            cancelLabel="Volver"
            pendingLabel="Cancelando..."
            errorTitle="No se pudo cancelar el correo"
            onConfirm={async () => {
              if (cancelling) await cancel.mutateAsync(cancelling.id);
              toast.success('Correo cancelado');
            }}
          />
        </>
      }
    >
      <EmailsTable
        caption="Correos"
        emails={list.data?.emails ?? []}
        timeZone={timeZone}
        onPreview={(email) => setPreviewId(email.id)}
        onRetry={onRetry}
        onCancel={setCancelling}
      />
    </ListPage>
  );
}

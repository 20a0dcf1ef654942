import { formatDateTime } from '../../../domain/agency-day';
import { EMAIL_KIND_LABELS } from '../../../domain/emails';
import { Button } from '../../components/ui/Button';
import { actionsColumn, DataTable, type DataTableColumn } from '../../components/ui/DataTable';
import type { EmailSummary } from './api';
import { EmailStatusBadge } from './EmailStatusBadge';

function StatusCell({ email }: { email: EmailSummary }) {
  return (
    <div>
      <EmailStatusBadge status={email.status} />
      {email.lastError && email.status !== 'sent' && (
        <p className="mt-1 max-w-xs text-sm text-red-800">{email.lastError}</p>
      )}
    </div>
  );
}

interface EmailsTableProps {
  caption: string;
  emails: EmailSummary[];
  timeZone: string;
  onPreview?: (email: EmailSummary) => void;
  onRetry?: (email: EmailSummary) => void;
  onCancel?: (email: EmailSummary) => void;
}

/** Messages, newest first: when, status (with the last error), what, to whom; the admin's actions. */
export function EmailsTable({ caption, emails, timeZone, onPreview, onRetry, onCancel }: EmailsTableProps) {
  const label = (email: EmailSummary) => `${EMAIL_KIND_LABELS[email.kind]} a ${email.to.join(', ')}`;
  const columns: DataTableColumn<EmailSummary>[] = [
    {
      key: 'createdAt',
      header: 'Fecha',
      rowHeader: true,
      cell: (e) => (
        <time dateTime={e.sentAt ?? e.createdAt}>{formatDateTime(e.sentAt ?? e.createdAt, timeZone)}</time>
      ),
    },
    // Second, so that a phone shows it without scrolling sideways.
    { key: 'status', header: 'Estado', wrap: true, cell: (e) => <StatusCell email={e} /> },
    { key: 'kind', header: 'Tipo', cell: (e) => EMAIL_KIND_LABELS[e.kind] },
    { key: 'to', header: 'Para', wrap: true, cell: (e) => e.to.join(', ') },
    { key: 'subject', header: 'Asunto', wrap: true, secondary: true, cell: (e) => e.subject },
  ];
  if (onPreview || onRetry || onCancel) {
    columns.push(
      actionsColumn((e) => (
        <div className="flex flex-wrap justify-end gap-2">
          {onPreview && (
            <Button variant="secondary" size="sm" onClick={() => onPreview(e)} aria-label={`Ver ${label(e)}`}>
              Ver
            </Button>
          )}
          {onRetry && e.status === 'failed' && (
            <Button
              variant="secondary"
              size="sm"
              onClick={() => onRetry(e)}
              aria-label={`Reintentar ${label(e)}`}
            >
              Reintentar
            </Button>
          )}
          {onCancel && (e.status === 'pending' || e.status === 'failed') && (
            <Button
              variant="danger"
              size="sm"
              onClick={() => onCancel(e)}
              aria-label={`Cancelar ${label(e)}`}
            >
              Cancelar
            </Button>
          )}
        </div>
      )),
    );
  }
  return (
    <DataTable
      caption={caption}
      columns={columns}
      rows={emails}
      rowKey={(e) => e.id}
      emptyText="No hay correos"
    />
  );
}

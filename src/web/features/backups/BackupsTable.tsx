import { useState } from 'react';
import { formatDateTime } from '../../../domain/agency-day';
import { totalRows } from '../../../domain/backups';
import { Button } from '../../components/ui/Button';
import { actionsColumn, DataTable, type DataTableColumn } from '../../components/ui/DataTable';
import { ErrorAlert } from '../../components/ui/ErrorAlert';
import { Badge } from '../../components/ui/StatusBadge';
import { type BackupDto, downloadBackup } from './api';
import { formatCount, formatMegabytes, STATUS_LABELS } from './format';

const STATUS_COLORS = { running: 'blue', verified: 'green', failed: 'red' } as const;

function StatusCell({ backup }: { backup: BackupDto }) {
  return (
    <div>
      <Badge color={STATUS_COLORS[backup.status]}>{STATUS_LABELS[backup.status]}</Badge>
      {backup.status === 'failed' && backup.error && (
        <p className="mt-1 max-w-md text-sm text-red-800">{backup.error}</p>
      )}
    </div>
  );
}

/** The backups, newest first; a verified one can be downloaded. */
export function BackupsTable({ backups, timeZone }: { backups: BackupDto[]; timeZone: string }) {
  const [downloadError, setDownloadError] = useState<unknown>(null);
  const download = async (backup: BackupDto) => {
    setDownloadError(null);
    try {
      await downloadBackup(backup);
    } catch (error) {
      setDownloadError(error);
    }
  };
  const columns: DataTableColumn<BackupDto>[] = [
    {
      key: 'createdAt',
      header: 'Fecha',
      rowHeader: true,
      cell: (b) => <time dateTime={b.createdAt}>{formatDateTime(b.createdAt, timeZone)}</time>,
    },
    // Second, so that a phone shows it without scrolling sideways.
    { key: 'status', header: 'Estado', wrap: true, cell: (b) => <StatusCell backup={b} /> },
    {
      key: 'bytes',
      header: 'Tamaño',
      align: 'right',
      cell: (b) => (b.bytes == null ? '—' : formatMegabytes(b.bytes)),
    },
    {
      key: 'rows',
      header: 'Registros',
      align: 'right',
      cell: (b) => (b.rowCounts ? formatCount(totalRows(b.rowCounts)) : '—'),
    },
    actionsColumn((b) =>
      b.status === 'verified' ? (
        <Button
          variant="secondary"
          size="sm"
          onClick={() => void download(b)}
          aria-label={`Descargar respaldo del ${formatDateTime(b.createdAt, timeZone)}`}
        >
          Descargar
        </Button>
      ) : null,
    ),
  ];
  return (
    <div className="space-y-3">
      {downloadError != null && <ErrorAlert title="No se pudo descargar el respaldo" error={downloadError} />}
      <DataTable
        caption="Respaldos"
        columns={columns}
        rows={backups}
        rowKey={(b) => b.id}
        emptyText="Aún no hay respaldos"
      />
    </div>
  );
}

import { useQuery } from '@tanstack/react-query';
import { Button } from '../../components/ui/Button';
import { ErrorAlert } from '../../components/ui/ErrorAlert';
import { ListStatus } from '../../components/ui/ListStatus';
import { PageHeader } from '../../components/ui/PageHeader';
import { useAgencyPreferences } from '../company';
import { anyRunning, backupsQuery, useCreateBackup } from './api';
import { BackupsTable } from './BackupsTable';

/**
 * Respaldos (admin, docs/decisions/0051-backup-file.md): every backup the app made, whether restoring it gave
 * back every row, one made now, and its file. Times in the agency's zone.
 */
export function BackupsPage() {
  const { timeZone } = useAgencyPreferences();
  const list = useQuery(backupsQuery());
  const create = useCreateBackup();
  const running = anyRunning(list.data) || create.isPending;

  return (
    <div className="space-y-6">
      <PageHeader
        title="Respaldos"
        actions={
          <Button onClick={() => create.mutate()} disabled={running || list.isPending}>
            {running ? 'Respaldo en curso...' : 'Crear respaldo ahora'}
          </Button>
        }
      />
      <p className="text-gray-700">
        Cada respaldo se verifica al terminar: se restaura en una base de datos de prueba y se comparan los
        registros de cada tabla.
      </p>
      {create.error && <ErrorAlert title="No se pudo iniciar el respaldo" error={create.error} />}
      <ListStatus
        isPending={list.isPending}
        error={list.error}
        isEmpty={list.data?.backups.length === 0}
        loadingLabel="Cargando respaldos..."
        errorTitle="No se pudieron cargar los respaldos"
        emptyText="Aún no hay respaldos"
      >
        <BackupsTable backups={list.data?.backups ?? []} timeZone={timeZone} />
      </ListStatus>
    </div>
  );
}

import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { backupsApi } from '../../../../domain/api/backups';
import type { BackupDto, BackupList } from '../../../../domain/backups';
import { call, queryCall } from '../../../api/client';
import { downloadFile } from '../../../api/download';
import { refreshAfterChange } from '../../../api/query-client';

export type { BackupDto, BackupList };

/** While a backup is being written and verified the list is read again every 2 s, to show how it ended. */
export const POLL_WHILE_RUNNING_MS = 2000;

export const anyRunning = (list: BackupList | undefined) =>
  list?.backups.some((backup) => backup.status === 'running') ?? false;

export const backupsQuery = () =>
  queryOptions({
    queryKey: ['backups'],
    queryFn: queryCall(backupsApi.list),
    refetchInterval: (query: { state: { data?: BackupList } }) =>
      anyRunning(query.state.data) ? POLL_WHILE_RUNNING_MS : false,
  });

/** "Crear respaldo ahora": the server answers at once with the running backup; the list then polls. */
export function useCreateBackup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(backupsApi.create),
    onSuccess: () => refreshAfterChange(queryClient, { queryKey: ['backups'] }),
  });
}

/** The backup's file, downloaded with the session's token. */
export const downloadBackup = (backup: Pick<BackupDto, 'id' | 'fileName'>) =>
  downloadFile(backup.fileName, backupsApi.download, { params: { id: backup.id } });

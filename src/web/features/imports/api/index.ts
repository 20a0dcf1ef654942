import { useMutation } from '@tanstack/react-query';
import { importsApi } from '../../../../domain/api/imports';
import type { ImportKind, ImportResult } from '../../../../domain/imports';
import { ApiError, uploadFile } from '../../../api/client';
import { downloadFile } from '../../../api/download';

export type { ImportKind, ImportResult };

/** The kind's file to fill, downloaded with the session's token. */
export const downloadTemplate = (kind: ImportKind, format: 'xlsx' | 'csv') =>
  downloadFile(`plantilla-${kind}.${format}`, importsApi.template, { params: { kind }, query: { format } });

/** What a check or an import answered: the counts, or (422) the counts with every row's error. */
export type ImportOutcome = { result: ImportResult; dryRun: boolean };

async function sendFile(kind: ImportKind, file: File, dryRun: boolean): Promise<ImportOutcome> {
  try {
    const result = await uploadFile(importsApi.run, file, {
      params: { kind },
      query: { dryRun: String(dryRun) },
    });
    return { result, dryRun };
  } catch (error) {
    // A file with errors is an answer to show, not a failure of the call.
    if (error instanceof ApiError && error.status === 422 && error.body) {
      return { result: error.body as ImportResult, dryRun };
    }
    throw error;
  }
}

/** "Revisar" (dryRun) and "Importar": the file checked, or checked and written. */
export function useImportFile() {
  return useMutation({
    mutationFn: ({ kind, file, dryRun }: { kind: ImportKind; file: File; dryRun: boolean }) =>
      sendFile(kind, file, dryRun),
  });
}

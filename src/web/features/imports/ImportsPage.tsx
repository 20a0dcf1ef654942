import { useState } from 'react';
import { IMPORT_KINDS, IMPORT_LABELS, type ImportKind, MAX_IMPORT_ROWS } from '../../../domain/imports';
import { Button } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { ErrorAlert } from '../../components/ui/ErrorAlert';
import { PageHeader } from '../../components/ui/PageHeader';
import { SelectField } from '../../components/ui/SelectField';
import { downloadTemplate, type ImportOutcome, useImportFile } from './api';

const KIND_OPTIONS = IMPORT_KINDS.map((kind) => ({ value: kind, label: IMPORT_LABELS[kind] }));

/**
 * Importar (admin, docs/decisions/0095-imports.md): the kind's template, a filled file checked with
 * "Revisar" (every error by row and column, or what would be created and updated), then "Importar".
 */
export function ImportsPage() {
  const [kind, setKind] = useState<ImportKind>('clients');
  const [file, setFile] = useState<File | null>(null);
  const [outcome, setOutcome] = useState<ImportOutcome | null>(null);
  const send = useImportFile();
  const run = (dryRun: boolean) => {
    if (!file) return;
    send.mutate({ kind, file, dryRun }, { onSuccess: setOutcome });
  };
  const reviewed = outcome?.dryRun && outcome.result.errors.length === 0;

  return (
    <div className="space-y-6">
      <PageHeader title="Importar" />
      <Card className="space-y-4 p-4">
        <SelectField
          label="Qué importar"
          value={kind}
          options={KIND_OPTIONS}
          onChange={(e) => {
            setKind(IMPORT_KINDS.find((k) => k === e.target.value) ?? 'clients');
            setOutcome(null);
          }}
        />
        <div className="flex flex-wrap items-center gap-2">
          <span className="text-gray-700">Plantilla:</span>
          <Button variant="secondary" size="sm" onClick={() => downloadTemplate(kind, 'xlsx')}>
            Descargar .xlsx
          </Button>
          <Button variant="secondary" size="sm" onClick={() => downloadTemplate(kind, 'csv')}>
            Descargar CSV
          </Button>
        </div>
        <label className="block">
          <span className="mb-1 block text-sm font-medium text-gray-700">Archivo (.xlsx o CSV)</span>
          <input
            type="file"
            accept=".xlsx,.csv,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            onChange={(e) => {
              setFile(e.target.files?.[0] ?? null);
              setOutcome(null);
            }}
          />
        </label>
        <p className="text-sm text-gray-600">
          Hasta {MAX_IMPORT_ROWS.toLocaleString('es-CL')} filas. Si alguna fila tiene errores no se importa
          nada.
        </p>
        {kind === 'sales' && (
          // The one rule of a sales CSV that a person typing it by hand would not guess.
          <p className="text-sm text-gray-600">
            Ventas: una fila por ítem, juntadas por «Venta». En un CSV separado por ; la celda «Pasajeros» con
            varios documentos va entre comillas dobles ("11.111.111-1; F1234567").
          </p>
        )}
        <div className="flex gap-2">
          <Button variant="secondary" disabled={!file || send.isPending} onClick={() => run(true)}>
            Revisar
          </Button>
          <Button disabled={!file || !reviewed || send.isPending} onClick={() => run(false)}>
            Importar
          </Button>
        </div>
      </Card>
      {send.error && <ErrorAlert title="No se pudo leer el archivo" error={send.error} />}
      {outcome && <ImportOutcomeView outcome={outcome} />}
    </div>
  );
}

function ImportOutcomeView({ outcome: { result, dryRun } }: { outcome: ImportOutcome }) {
  if (result.errors.length) {
    return (
      <Card className="p-4">
        <h2 className="mb-2 font-semibold text-red-700">
          El archivo tiene {result.errors.length} error(es): corríjalos y vuelva a revisar (no se importó
          nada)
        </h2>
        <table className="w-full text-left text-sm">
          <thead>
            <tr>
              <th className="py-1 pr-4">Fila</th>
              <th className="py-1 pr-4">Columna</th>
              <th className="py-1">Error</th>
            </tr>
          </thead>
          <tbody>
            {result.errors.map((e) => (
              <tr key={`${e.row}-${e.column}-${e.message}`} className="border-t">
                <td className="py-1 pr-4">{e.row}</td>
                <td className="py-1 pr-4">{e.column}</td>
                <td className="py-1">{e.message}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </Card>
    );
  }
  return (
    <Card className="p-4" role="status">
      <h2 className="mb-2 font-semibold">{dryRun ? 'Revisión sin errores' : 'Importación terminada'}</h2>
      <p>
        {result.rows} filas: {result.created} {dryRun ? 'por crear' : 'creados'}, {result.updated}{' '}
        {dryRun ? 'por actualizar' : 'actualizados'}, {result.unchanged} sin cambios.
      </p>
    </Card>
  );
}

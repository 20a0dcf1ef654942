import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { toast } from 'sonner';
import { CAF_WARNING_SHARE, DTE_TYPE_LABELS } from '../../../domain/dte';
import { formatDate } from '../../../domain/format';
import { Card } from '../../components/ui/Card';
import { DataTable, type DataTableColumn } from '../../components/ui/DataTable';
import { ErrorAlert } from '../../components/ui/ErrorAlert';
import { Field } from '../../components/ui/Field';
import { FormActions } from '../../components/ui/FormActions';
import { cafsQuery, type StoredCaf, useUploadCaf } from './api';
import { cafTextOf } from './files';

const typeLabel = (type: number) => `${type} · ${DTE_TYPE_LABELS[type] ?? 'Otro documento'}`;

const columns: DataTableColumn<StoredCaf>[] = [
  { key: 'type', header: 'Documento', cell: (caf) => typeLabel(caf.type), rowHeader: true, wrap: true },
  { key: 'range', header: 'Folios', cell: (caf) => `${caf.from} a ${caf.to}`, align: 'right' },
  { key: 'left', header: 'Disponibles', cell: (caf) => caf.left, align: 'right' },
  { key: 'authorizedOn', header: 'Autorizado', cell: (caf) => formatDate(caf.authorizedOn) },
];

/** The types whose folios left, over all their CAFs, are under 10 % of what was authorised. */
function lowTypes(cafs: StoredCaf[]): number[] {
  const totals = new Map<number, { left: number; all: number }>();
  for (const caf of cafs) {
    const total = totals.get(caf.type) ?? { left: 0, all: 0 };
    totals.set(caf.type, { left: total.left + caf.left, all: total.all + caf.to - caf.from + 1 });
  }
  return [...totals].filter(([, t]) => t.left < t.all * CAF_WARNING_SHARE).map(([type]) => type);
}

/** Configuraciones > Facturación electrónica: the SII's folio files (CAF) and the folios left. */
export function CafsCard() {
  const query = useQuery(cafsQuery());
  const upload = useUploadCaf();
  const [file, setFile] = useState<File | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!file) return;
    upload.mutate(await cafTextOf(file), {
      onSuccess: (caf) =>
        toast.success(`CAF cargado: folios ${caf.from} a ${caf.to} (${typeLabel(caf.type)})`),
    });
  };

  return (
    <Card className="space-y-4">
      <h3 className="text-lg font-semibold text-gray-900">Folios autorizados (CAF)</h3>
      {query.error && <ErrorAlert title="Error al cargar los CAF" error={query.error} />}
      {lowTypes(query.data ?? []).map((type) => (
        <p key={type} role="alert" className="rounded-md bg-yellow-50 p-2 text-sm text-yellow-900">
          Quedan menos del 10 % de los folios de {typeLabel(type)}: pide un nuevo CAF al SII.
        </p>
      ))}
      <DataTable
        caption="CAF cargados"
        columns={columns}
        rows={query.data ?? []}
        rowKey={(caf) => caf.id}
        isPending={query.isPending}
        loadingLabel="Cargando CAF..."
        emptyText="Aún no hay CAF cargados."
      />
      <form noValidate className="grid gap-4" onSubmit={submit}>
        <Field
          label="Archivo CAF del SII (.xml)"
          type="file"
          accept=".xml,text/xml"
          onChange={(event) => setFile(event.currentTarget.files?.[0] ?? null)}
        />
        <FormActions
          save={upload}
          errorTitle="Error al cargar el CAF"
          submitLabel="Cargar CAF"
          pendingLabel="Cargando..."
          disabled={!file}
        />
      </form>
    </Card>
  );
}

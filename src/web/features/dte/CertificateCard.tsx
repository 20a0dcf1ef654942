import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { toast } from 'sonner';
import { CERTIFICATE_WARNING_DAYS } from '../../../domain/dte';
import { formatDate } from '../../../domain/format';
import { Card } from '../../components/ui/Card';
import { ErrorAlert } from '../../components/ui/ErrorAlert';
import { Field } from '../../components/ui/Field';
import { FormActions } from '../../components/ui/FormActions';
import { Spinner } from '../../components/ui/Spinner';
import { type CertificateStatus, certificateQuery, useUploadCertificate } from './api';
import { base64Of, daysUntil } from './files';

function CertificateState({ status }: { status: CertificateStatus | null }) {
  if (!status) return <p className="text-sm text-gray-700">Aún no se ha subido el certificado digital.</p>;
  const days = daysUntil(status.validTo);
  return (
    <div className="space-y-2 text-sm text-gray-800">
      <p>
        Titular: <strong>{status.holderRut}</strong> · vence el <strong>{formatDate(status.validTo)}</strong>
      </p>
      {!status.usable && (
        <p role="alert" className="rounded-md bg-red-50 p-2 text-red-800">
          La clave del certificado no se puede abrir en este servidor (por ejemplo, tras restaurar un respaldo
          en otro equipo): súbelo de nuevo.
        </p>
      )}
      {days <= CERTIFICATE_WARNING_DAYS && (
        <p role="alert" className="rounded-md bg-yellow-50 p-2 text-yellow-900">
          {days < 0
            ? 'El certificado está vencido.'
            : `El certificado vence en ${days} días: renuévalo y súbelo.`}
        </p>
      )}
    </div>
  );
}

/** Configuraciones > Facturación electrónica: the company's signing certificate (.p12/.pfx). */
export function CertificateCard() {
  const query = useQuery(certificateQuery());
  const upload = useUploadCertificate();
  const [file, setFile] = useState<File | null>(null);
  const [password, setPassword] = useState('');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!file) return;
    upload.mutate(
      { file: await base64Of(file), password },
      {
        onSuccess: () => {
          setPassword('');
          toast.success('Certificado digital guardado');
        },
      },
    );
  };

  return (
    <Card className="space-y-4">
      <h3 className="text-lg font-semibold text-gray-900">Certificado digital</h3>
      {query.error ? (
        <ErrorAlert title="Error al cargar el certificado" error={query.error} />
      ) : query.isPending ? (
        <Spinner label="Cargando certificado..." className="py-4" />
      ) : (
        <CertificateState status={query.data} />
      )}
      <form noValidate className="grid gap-4 sm:grid-cols-2" onSubmit={submit}>
        <Field
          label="Archivo del certificado (.p12 o .pfx)"
          type="file"
          accept=".p12,.pfx,application/x-pkcs12"
          onChange={(event) => setFile(event.currentTarget.files?.[0] ?? null)}
        />
        <Field
          label="Contraseña del certificado"
          type="password"
          autoComplete="off"
          value={password}
          onChange={(event) => setPassword(event.currentTarget.value)}
        />
        <FormActions
          save={upload}
          errorTitle="Error al subir el certificado"
          submitLabel="Subir certificado"
          pendingLabel="Subiendo..."
          disabled={!file}
          className="sm:col-span-2"
        />
      </form>
    </Card>
  );
}

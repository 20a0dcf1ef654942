import { useState } from 'react';
import { formatDateTime } from '../../../domain/agency-day';
import { EMAIL_KIND_LABELS } from '../../../domain/emails';
import { Button, FOCUS_RING } from '../../components/ui/Button';
import { ErrorAlert } from '../../components/ui/ErrorAlert';
import { Modal, whenClosed } from '../../components/ui/Modal';
import { Spinner } from '../../components/ui/Spinner';
import { cn } from '../../lib/cn';
import { downloadEml, type EmailDetail, useEmail } from './api';
import { EmailStatusBadge } from './EmailStatusBadge';

const kilobytes = (bytes: number) =>
  `${new Intl.NumberFormat('es-CL', { maximumFractionDigits: 1 }).format(bytes / 1024)} KB`;

function Header({ term, children }: { term: string; children: React.ReactNode }) {
  return (
    <div className="grid grid-cols-[6rem_1fr] gap-2">
      <dt className="font-medium text-gray-700">{term}</dt>
      <dd className="min-w-0 break-words text-gray-900">{children}</dd>
    </div>
  );
}

function Preview({ email, timeZone }: { email: EmailDetail; timeZone: string }) {
  const [error, setError] = useState<unknown>(null);
  const download = () => {
    setError(null);
    downloadEml(email.id).catch(setError);
  };
  return (
    <div className="space-y-4 text-sm">
      <dl className="space-y-1">
        <Header term="Estado">
          <EmailStatusBadge status={email.status} />
        </Header>
        <Header term="Tipo">{EMAIL_KIND_LABELS[email.kind]}</Header>
        <Header term="De">{email.from}</Header>
        <Header term="Para">{email.to.join(', ')}</Header>
        {email.cc.length > 0 && <Header term="CC">{email.cc.join(', ')}</Header>}
        <Header term="Asunto">{email.subject}</Header>
        <Header term="Creado">{formatDateTime(email.createdAt, timeZone)}</Header>
        {email.sentAt && <Header term="Enviado">{formatDateTime(email.sentAt, timeZone)}</Header>}
      </dl>
      <section
        aria-label="Mensaje"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a long message scrolls; a keyboard must reach it.
        tabIndex={0}
        className={cn('max-h-64 overflow-auto rounded-md bg-gray-50 p-3', FOCUS_RING)}
      >
        <p className="whitespace-pre-wrap text-gray-900">{email.body}</p>
      </section>
      {email.attachments.length > 0 && (
        <div>
          <h3 className="font-medium text-gray-900">Adjuntos</h3>
          <ul className="mt-1 list-inside list-disc text-gray-800">
            {email.attachments.map((file) => (
              <li key={file.id}>
                {file.filename} ({kilobytes(file.size)})
              </li>
            ))}
          </ul>
        </div>
      )}
      {email.attemptLog.length > 0 && (
        <div>
          <h3 className="font-medium text-gray-900">Intentos de envío</h3>
          <ol className="mt-1 space-y-1 text-gray-800">
            {email.attemptLog.map((attempt, index) => (
              // The log only grows: a try's place in it is its identity.
              // biome-ignore lint/suspicious/noArrayIndexKey: see above
              <li key={index} className={attempt.ok ? '' : 'text-red-800'}>
                {formatDateTime(attempt.at, timeZone)}: {attempt.ok ? 'aceptado' : 'falló'} — {attempt.detail}
              </li>
            ))}
          </ol>
        </div>
      )}
      {error !== null && <ErrorAlert title="No se pudo descargar el correo" error={error} />}
      <div className="flex justify-end">
        <Button variant="secondary" onClick={download}>
          Descargar .eml
        </Button>
      </div>
    </div>
  );
}

/** A message's headers, body, attachments and tries, with its .eml. */
export function EmailPreview({
  id,
  timeZone,
  onClose,
}: {
  id: number | null;
  timeZone: string;
  onClose: () => void;
}) {
  const email = useEmail(id);
  return (
    <Modal open={id !== null} onOpenChange={whenClosed(onClose)} title="Vista previa del correo">
      {email.error ? (
        <ErrorAlert title="No se pudo cargar el correo" error={email.error} />
      ) : email.data ? (
        <Preview email={email.data.email} timeZone={timeZone} />
      ) : (
        <Spinner label="Cargando correo..." className="py-8" />
      )}
    </Modal>
  );
}

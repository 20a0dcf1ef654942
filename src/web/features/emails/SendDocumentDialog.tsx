import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { toast } from 'sonner';
import { PLACEHOLDER_HINT } from '../../../domain/document-emails';
import { EMAIL_KIND_LABELS } from '../../../domain/emails';
import { ApiError } from '../../api/client';
import { ErrorAlert } from '../../components/ui/ErrorAlert';
import { Field, TextareaField } from '../../components/ui/Field';
import { FormActions } from '../../components/ui/FormActions';
import { Modal } from '../../components/ui/Modal';
import { Spinner } from '../../components/ui/Spinner';
import { useBoundForm } from '../../lib/form';
import { useDocumentDraft, useSendDocument } from './api';
import {
  type DocumentTarget,
  formValuesOf,
  OF_DOCUMENT,
  type SendForm,
  type SendFormValues,
  sendBody,
  sendFormSchema,
} from './send-form';

interface SendDocumentDialogProps {
  target: DocumentTarget;
  open: boolean;
  onClose: () => void;
  /** After the message is queued (the owner refreshes what it shows, e.g. the quote's versions). */
  onSent?: () => void;
}

const FIELDS = ['to', 'cc', 'message', 'validUntil'] as const;

/**
 * "Enviar" of a document: To (the client's e-mail, editable, several addresses), Cc, the message
 * (the company's template) and, for a quote, "Válida hasta". The server makes the PDF, attaches it
 * and queues the e-mail; a refusal is shown on its field or above the buttons, and what was typed
 * stays, also when Escape or a click outside would have closed the dialog.
 */
export function SendDocumentDialog({ target, open, onClose, onSent }: SendDocumentDialogProps) {
  const title = `Enviar ${EMAIL_KIND_LABELS[target.kind].toLowerCase()}`;
  return (
    <Modal
      open={open}
      onOpenChange={(next) => !next && onClose()}
      title={title}
      description={`El PDF ${OF_DOCUMENT[target.kind]} va adjunto; el asunto lleva el documento y el nombre de la empresa.`}
      // Only the close button and Cancelar close it: nothing typed is lost to a stray Escape or click.
      onDismissHeld={() => undefined}
    >
      {open && <DraftedForm target={target} onClose={onClose} onSent={onSent} />}
    </Modal>
  );
}

function DraftedForm({ target, onClose, onSent }: Omit<SendDocumentDialogProps, 'open'>) {
  const draft = useDocumentDraft(target);
  if (draft.isPending) return <Spinner label="Preparando el correo..." />;
  if (draft.error)
    return (
      <div className="space-y-4">
        <ErrorAlert title="No se pudo preparar el correo" error={draft.error} />
        <FormActions onCancel={onClose} disabled submitLabel="Enviar" />
      </div>
    );
  return (
    <MessageForm
      target={target}
      defaults={formValuesOf(draft.data.draft)}
      onClose={onClose}
      onSent={onSent}
    />
  );
}

function MessageForm({
  target,
  defaults,
  onClose,
  onSent,
}: Omit<SendDocumentDialogProps, 'open'> & { defaults: SendFormValues }) {
  const send = useSendDocument();
  const { handleSubmit, bind, setError, setFocus } = useBoundForm<SendFormValues, SendForm>({
    resolver: zodResolver(sendFormSchema),
    defaultValues: defaults,
  });
  // The dialog opened on its close button while the draft loaded: typing starts at Para.
  useEffect(() => setFocus('to'), [setFocus]);

  const submit = (form: SendForm) =>
    send.mutate(sendBody(target, form), {
      onSuccess: () => {
        toast.success(`${EMAIL_KIND_LABELS[target.kind]} en la cola de envío a ${form.to.join(', ')}`);
        onSent?.();
        onClose();
      },
      // A refusal naming a field is shown on it; the fields keep what was typed either way.
      onError: (error) => {
        if (!(error instanceof ApiError)) return;
        for (const { path, message } of error.errors) {
          const field = FIELDS.find((name) => path === name || path.startsWith(`${name}.`));
          if (field) setError(field, { type: 'server', message });
        }
      },
    });

  return (
    <form noValidate className="space-y-4" onSubmit={handleSubmit(submit)}>
      <Field
        label="Para"
        hint="Uno o más emails, separados por coma."
        type="text"
        inputMode="email"
        autoComplete="off"
        {...bind('to')}
      />
      <Field label="CC" hint="Opcional." type="text" inputMode="email" autoComplete="off" {...bind('cc')} />
      <TextareaField label="Mensaje" hint={PLACEHOLDER_HINT} rows={6} {...bind('message')} />
      {target.kind === 'quote' && (
        <Field
          label="Válida hasta"
          hint="La fecha que imprime la cotización."
          type="date"
          className="max-w-56"
          {...bind('validUntil')}
        />
      )}
      <FormActions
        save={send}
        errorTitle="No se pudo enviar el correo"
        onCancel={onClose}
        submitLabel="Enviar"
        pendingLabel="Enviando..."
      />
    </form>
  );
}

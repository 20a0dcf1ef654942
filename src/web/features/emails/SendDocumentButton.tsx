import { Mail } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../components/ui/Button';
import { SendDocumentDialog } from './SendDocumentDialog';
import type { DocumentTarget } from './send-form';

interface SendDocumentButtonProps {
  target: DocumentTarget;
  /** The button's accessible name when "Enviar" alone would be ambiguous (a payment's receipt). */
  label?: string;
  size?: 'sm' | 'md';
  onSent?: () => void;
}

/** "Enviar" beside a document's download: opens the dialog that e-mails it to the client. */
export function SendDocumentButton({ target, label, size, onSent }: SendDocumentButtonProps) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="secondary" size={size} onClick={() => setOpen(true)} aria-label={label}>
        <Mail aria-hidden="true" className="size-4" />
        Enviar
      </Button>
      <SendDocumentDialog target={target} open={open} onClose={() => setOpen(false)} onSent={onSent} />
    </>
  );
}

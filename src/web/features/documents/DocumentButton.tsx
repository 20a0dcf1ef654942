import { FileDown } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../components/ui/Button';

interface DocumentButtonProps {
  /** Fetches and saves the file; its error's message (Spanish, from the server) is shown. */
  download: () => Promise<void>;
  children: ReactNode;
  label?: string;
  variant?: 'primary' | 'secondary';
  size?: 'sm' | 'md';
}

/** A button that downloads a document, disabled (and saying so) while the file is being made. */
export function DocumentButton({
  download,
  children,
  label,
  variant = 'secondary',
  size,
}: DocumentButtonProps) {
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      await download();
    } catch (error) {
      toast.error(error instanceof Error ? error.message : 'No se pudo descargar el documento');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant={variant} size={size} onClick={run} disabled={busy} aria-label={label}>
      <FileDown aria-hidden="true" className="size-4" />
      {busy ? 'Generando...' : children}
    </Button>
  );
}

import { FileSpreadsheet } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../components/ui/Button';
import { Field } from '../../components/ui/Field';
import { Modal } from '../../components/ui/Modal';
import { SendDocumentButton } from '../emails';
import { downloadStatement } from './api';
import { DocumentButton } from './DocumentButton';

/**
 * "Estado de cuenta" of a client: a date range (either end may stay open) and the file as PDF or Excel.
 * The server checks the range and says why in Spanish when it is wrong.
 */
export function StatementButton({ client }: { client: { id: number; name: string } }) {
  const [open, setOpen] = useState(false);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const wrongOrder = Boolean(from && to && from > to);
  const range = { from: from || undefined, to: to || undefined };
  return (
    <>
      <Button
        variant="secondary"
        size="sm"
        onClick={() => setOpen(true)}
        aria-label={`Estado de cuenta de ${client.name}`}
      >
        <FileSpreadsheet aria-hidden="true" className="size-4" />
        Estado de cuenta
      </Button>
      <Modal
        open={open}
        onOpenChange={setOpen}
        title="Estado de cuenta"
        description={`Ventas y pagos de ${client.name} en el período, con el saldo y su antigüedad de hoy.`}
      >
        <div className="space-y-4">
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label="Desde" type="date" value={from} onChange={(e) => setFrom(e.target.value)} />
            <Field
              label="Hasta"
              type="date"
              value={to}
              onChange={(e) => setTo(e.target.value)}
              error={wrongOrder ? 'La fecha Desde no puede ser posterior a Hasta' : undefined}
            />
          </div>
          <div className="flex flex-wrap justify-end gap-2">
            <Button variant="secondary" onClick={() => setOpen(false)}>
              Cerrar
            </Button>
            {!wrongOrder && (
              <>
                <DocumentButton download={() => downloadStatement(client.id, 'xlsx', range)}>
                  Excel
                </DocumentButton>
                <DocumentButton variant="primary" download={() => downloadStatement(client.id, 'pdf', range)}>
                  PDF
                </DocumentButton>
                <SendDocumentButton
                  label="Enviar estado de cuenta"
                  target={{
                    kind: 'statement',
                    clientId: client.id,
                    ...(range.from && { periodFrom: range.from }),
                    ...(range.to && { periodTo: range.to }),
                  }}
                />
              </>
            )}
          </div>
        </div>
      </Modal>
    </>
  );
}

import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '../../components/ui/Button';
import { ConfirmDialog } from '../../components/ui/ConfirmDialog';
import { companySetupQuery, useRemoveDemoData } from './api/setup';

/**
 * Configuraciones > Información de la Empresa, while the demo agency is there: the way to start with
 * the agency's own data (decision 0093). The server makes and verifies a backup before removing anything.
 */
export function DemoDataCard({ onRemoved }: { onRemoved: () => void }) {
  const demoData = useQuery(companySetupQuery()).data?.demoData;
  const remove = useRemoveDemoData();
  const [open, setOpen] = useState(false);
  const [done, setDone] = useState<string | null>(null);

  if (done) {
    return (
      <p role="status" className="rounded-lg border border-green-300 bg-green-50 px-4 py-3 text-green-800">
        {done}
      </p>
    );
  }
  if (!demoData) return null;
  return (
    <section
      aria-labelledby="demo-data-title"
      className="rounded-lg border border-amber-300 bg-amber-50 px-4 py-4 text-amber-900"
    >
      <h2 id="demo-data-title" className="font-semibold">
        Datos de demostración
      </h2>
      <p className="mt-1 text-sm">
        Esta agencia tiene las ventas, clientes, proveedores y usuarios de la demostración. Cuando quiera
        empezar con los suyos, elimínelos: antes se hace una copia de seguridad verificada.
      </p>
      <Button className="mt-3" variant="danger" onClick={() => setOpen(true)}>
        Empezar con mis datos
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title="Empezar con mis datos"
        description={
          <>
            Se eliminarán todas las ventas, pagos, facturas, correos, clientes, pasajeros, proveedores,
            operadores y clasificaciones, también los que haya agregado sobre la demostración, y las cuentas
            de demostración salvo la suya. Antes se guarda una copia de seguridad verificada en Respaldos.
          </>
        }
        confirmLabel="Eliminar datos de demostración"
        pendingLabel="Haciendo la copia y eliminando..."
        errorTitle="No se eliminaron los datos de demostración"
        onConfirm={async () => {
          const reply = await remove.mutateAsync();
          setDone(`${reply.message} Copia de seguridad previa: ${reply.data.backupFileName}.`);
          onRemoved();
        }}
      />
    </section>
  );
}

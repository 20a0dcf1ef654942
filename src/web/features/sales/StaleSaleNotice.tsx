import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { STALE_SALE_MESSAGE } from '../../../domain/sales';
import { Button } from '../../components/ui/Button';
import { ConfirmDialog } from '../../components/ui/ConfirmDialog';
import { saleQuery } from './api';

/**
 * Shown when a save is refused because someone else saved the sale meanwhile. What was typed stays in
 * the form; "Cargar la última versión" reloads the saved sale after a confirmation, and the edit page
 * (keyed by version) starts a fresh form from it, so the user can apply the changes again.
 */
export function StaleSaleNotice({ saleId }: { saleId: number }) {
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState(false);
  return (
    <div role="alert" className="rounded-md border border-yellow-300 bg-yellow-50 px-4 py-3 text-sm">
      <p className="font-medium text-yellow-900">Error al actualizar la venta</p>
      <p className="mt-1 text-yellow-900">{STALE_SALE_MESSAGE}</p>
      <p className="mt-1 text-yellow-900">
        Tus cambios siguen en el formulario y no se guardaron. Carga la última versión para revisarla y volver
        a aplicarlos.
      </p>
      <Button variant="secondary" size="sm" className="mt-3" onClick={() => setAsking(true)}>
        Cargar la última versión
      </Button>
      <ConfirmDialog
        open={asking}
        onOpenChange={setAsking}
        title="Cargar la última versión"
        description="Los cambios que escribiste se reemplazarán por la versión guardada de la venta."
        confirmLabel="Cargar la última versión"
        cancelLabel="Volver"
        pendingLabel="Cargando..."
        errorTitle="Error al cargar la venta"
        onConfirm={() => queryClient.fetchQuery({ ...saleQuery(saleId), staleTime: 0 })}
      />
    </div>
  );
}

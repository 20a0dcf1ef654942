import { canEditSale } from '../../../domain/sales';
import { PageHeader } from '../../components/ui/PageHeader';
import { RecordLoader } from '../../components/ui/RecordLoader';
import { useRouteId } from '../../lib/route-id';
import { useSale } from './api';
import { SaleForm } from './SaleForm';

/** /sales/new */
export function NewSalePage() {
  return (
    <div className="space-y-6">
      <PageHeader title="Nuevo Registro de Venta" />
      <SaleForm />
    </div>
  );
}

/** /sales/:id/edit */
export function EditSalePage() {
  const id = useRouteId();
  return (
    <div className="space-y-6">
      <PageHeader title="Editar Venta" backTo={id === null ? '/sales' : `/sales/${id}`} />
      {id === null ? (
        <p role="alert" className="text-gray-800">
          No se encontraron datos de la venta
        </p>
      ) : (
        <EditSaleLoader id={id} />
      )}
    </div>
  );
}

function EditSaleLoader({ id }: { id: number }) {
  const query = useSale(id);
  return (
    <RecordLoader
      query={query}
      loadingLabel="Cargando venta..."
      notFound="No se encontraron datos de la venta"
      loadError="Error al cargar datos"
      backTo="/sales"
    >
      {(sale) =>
        canEditSale(sale.status) ? (
          // Keyed by version: a sale changed elsewhere and reloaded starts a fresh edit.
          <SaleForm key={sale.version} sale={sale} />
        ) : (
          <p role="alert" className="rounded-md bg-yellow-50 px-4 py-3 text-yellow-900">
            Una venta liquidada no se puede modificar
          </p>
        )
      }
    </RecordLoader>
  );
}

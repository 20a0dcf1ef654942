import type { ReactNode } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { errorStatus } from '../../api/client';
import { Card } from '../../components/ui/Card';
import { ErrorAlert } from '../../components/ui/ErrorAlert';
import { PageHeader } from '../../components/ui/PageHeader';
import { Spinner } from '../../components/ui/Spinner';
import { parseId } from '../../lib/route-id';
import { useSupplierSummary } from './api';
import { SupplierPaymentForm } from './SupplierPaymentForm';

/** /supplier-payments/new, with ?supplierId= choosing the supplier beforehand. */
export function NewSupplierPaymentPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const supplierId = parseId(params.get('supplierId'));
  // The prefilled supplier's name comes with its sales, which the form lists anyway (same cache entry).
  const prefill = useSupplierSummary(supplierId);
  const backTo = supplierId === null ? '/supplier-payments' : `/supplier-payments/supplier/${supplierId}`;

  let content: ReactNode;
  if (supplierId !== null && prefill.isPending) {
    content = <Spinner label="Cargando proveedor..." className="py-8" />;
  } else {
    const initial = prefill.data ? { id: prefill.data.supplierId, name: prefill.data.supplierName } : null;
    content = (
      <>
        {prefill.error && (
          <ErrorAlert
            className="mb-4"
            title={
              errorStatus(prefill.error) === 404
                ? 'Proveedor no encontrado'
                : 'Error al cargar datos del proveedor'
            }
          />
        )}
        <SupplierPaymentForm
          initialSupplier={initial}
          onCancel={() => navigate(backTo)}
          onCreated={(payment, message) => {
            toast.success(message);
            navigate(`/supplier-payments/supplier/${payment.supplierId}`);
          }}
        />
      </>
    );
  }

  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <PageHeader title="Nuevo Pago a Proveedor" backTo={backTo} />
      <Card>{content}</Card>
    </div>
  );
}

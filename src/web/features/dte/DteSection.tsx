import { useQuery } from '@tanstack/react-query';
import { Card } from '../../components/ui/Card';
import { ErrorAlert } from '../../components/ui/ErrorAlert';
import { Spinner } from '../../components/ui/Spinner';
import { companyTaxQuery } from './api';
import { CafsCard } from './CafsCard';
import { CertificateCard } from './CertificateCard';
import { TaxDataForm } from './TaxDataForm';

/**
 * Configuraciones > Facturación Electrónica (docs/decisions/0065-dte-invoices.md): what the SII needs before
 * the first DTE.
 */
export function DteSection() {
  const tax = useQuery(companyTaxQuery());
  return (
    <section aria-labelledby="dte-title" className="space-y-4">
      <h2 id="dte-title" className="text-xl font-semibold text-gray-900">
        Facturación Electrónica
      </h2>
      <Card className="space-y-4">
        <h3 className="text-lg font-semibold text-gray-900">Datos tributarios</h3>
        {tax.error ? (
          <ErrorAlert title="Error al cargar los datos tributarios" error={tax.error} />
        ) : tax.isPending ? (
          <Spinner label="Cargando datos tributarios..." className="py-8" />
        ) : (
          <TaxDataForm tax={tax.data} />
        )}
      </Card>
      <CertificateCard />
      <CafsCard />
    </section>
  );
}

import { Card } from '../../components/ui/Card';
import { ListPage } from '../../components/ui/ListPage';
import { AuditEntryList, useAuditPage } from './use-audit-page';

const TEXTS = {
  loadingLabel: 'Cargando historial...',
  errorTitle: 'No se pudo cargar el historial',
  emptyText: 'Sin cambios registrados',
};

/** "Historial de cambios" of the sale detail: who changed what and when, newest first, with its payments and invoice. */
export function SaleHistory({ saleId, timeZone }: { saleId: number; timeZone: string }) {
  const audit = useAuditPage({ entity: 'sale', entityId: saleId });
  return (
    <Card>
      <ListPage
        title="Historial de cambios"
        level={2}
        className="space-y-4"
        list={{ ...audit.status, ...TEXTS }}
        pagination={audit.pagination}
      >
        <AuditEntryList
          label="Historial de cambios"
          entries={audit.entries}
          saleId={saleId}
          timeZone={timeZone}
        />
      </ListPage>
    </Card>
  );
}

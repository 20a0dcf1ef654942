import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Card } from '../../components/ui/Card';
import { ListStatus } from '../../components/ui/ListStatus';
import { Pagination } from '../../components/ui/Pagination';
import { AuditEntryItem } from './AuditEntryItem';
import { auditQuery } from './api';

const PAGE_SIZE = 20;

/** "Historial de cambios" of the sale detail: who changed what and when, newest first (issue 18). */
export function SaleHistory({ saleId }: { saleId: number }) {
  const [page, setPage] = useState(1);
  const query = useQuery(auditQuery({ entity: 'sale', entityId: saleId, page, limit: PAGE_SIZE }));
  const entries = query.data?.entries ?? [];
  return (
    <Card>
      <h2 className="text-lg font-semibold text-gray-900">Historial de cambios</h2>
      <div className="mt-4 space-y-4">
        <ListStatus
          isPending={query.isPending}
          error={query.error}
          isEmpty={entries.length === 0}
          loadingLabel="Cargando historial..."
          errorTitle="No se pudo cargar el historial"
          emptyText="Sin cambios registrados"
        >
          <ol
            aria-label="Historial de cambios"
            className="divide-y divide-gray-200 rounded-md border border-gray-200"
          >
            {entries.map((entry) => (
              <AuditEntryItem key={entry.id} entry={entry} />
            ))}
          </ol>
        </ListStatus>
        <Pagination page={page} totalPages={query.data?.pagination.totalPages ?? 0} onPageChange={setPage} />
      </div>
    </Card>
  );
}

import { useQuery } from '@tanstack/react-query';
import { type ComponentProps, useId, useState } from 'react';
import { auditApi } from '../../../domain/api/audit';
import {
  AUDIT_ACTION_LABELS,
  AUDIT_ACTIONS,
  AUDIT_ENTITIES,
  AUDIT_ENTITY_LABELS,
} from '../../../domain/audit';
import { ExportMenu } from '../../components/ui/ExportMenu';
import { CONTROL, Field } from '../../components/ui/Field';
import { ListPage } from '../../components/ui/ListPage';
import { userListQuery } from '../users';
import { AuditEntryList, type AuditListFilters, useAuditPage } from './use-audit-page';

const TEXTS = {
  loadingLabel: 'Cargando auditoría...',
  errorTitle: 'No se pudo cargar la auditoría',
  emptyText: 'No hay registros con estos filtros',
};

interface SelectProps extends Omit<ComponentProps<'select'>, 'className'> {
  label: string;
  options: { value: string; label: string }[];
}

function FilterSelect({ label, options, ...props }: SelectProps) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-gray-800">
        {label}
      </label>
      <select id={id} className={CONTROL} {...props}>
        <option value="">Todos</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/**
 * Configuraciones > Auditoría (admin): the whole trail, filtered by user, entity, action and dates;
 * times in `timeZone` (the agency's, given by Configuraciones).
 */
export function AuditSection({ timeZone }: { timeZone: string }) {
  const [filters, setFilters] = useState<AuditListFilters>({});
  const set = (patch: AuditListFilters) => setFilters({ ...filters, ...patch });
  const audit = useAuditPage(filters);
  const users = useQuery(userListQuery('')({ q: '', page: 1, limit: 100 }));
  const text = (value: string) => value || undefined;

  return (
    <ListPage
      title="Auditoría"
      level={2}
      className="space-y-4"
      exportMenu={
        <ExportMenu
          endpoint={auditApi.export}
          // The screen's filters are text until the audit screen is typed; the server checks each.
          query={filters}
          fileName="auditoria"
        />
      }
      filters={
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-5">
          <FilterSelect
            label="Usuario"
            value={filters.userId ?? ''}
            onChange={(e) => set({ userId: e.target.value ? Number(e.target.value) : undefined })}
            options={(users.data?.data ?? []).map((u) => ({ value: String(u.id), label: u.username }))}
          />
          <FilterSelect
            label="Entidad"
            value={filters.entity ?? ''}
            onChange={(e) => set({ entity: AUDIT_ENTITIES.find((entity) => entity === e.target.value) })}
            options={AUDIT_ENTITIES.map((e) => ({ value: e, label: AUDIT_ENTITY_LABELS[e] }))}
          />
          <FilterSelect
            label="Acción"
            value={filters.action ?? ''}
            onChange={(e) => set({ action: AUDIT_ACTIONS.find((action) => action === e.target.value) })}
            options={AUDIT_ACTIONS.map((a) => ({ value: a, label: AUDIT_ACTION_LABELS[a] }))}
          />
          <Field
            label="Desde"
            type="date"
            value={filters.from ?? ''}
            onChange={(e) => set({ from: text(e.target.value) })}
          />
          <Field
            label="Hasta"
            type="date"
            value={filters.to ?? ''}
            onChange={(e) => set({ to: text(e.target.value) })}
          />
        </div>
      }
      list={{ ...audit.status, ...TEXTS }}
      pagination={audit.pagination}
    >
      <AuditEntryList label="Registros de auditoría" entries={audit.entries} showIp timeZone={timeZone} />
    </ListPage>
  );
}

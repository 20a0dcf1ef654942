import { and, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditApi } from '../../../domain/api/audit';
import {
  AUDIT_ACTION_LABELS,
  AUDIT_ENTITY_LABELS,
  type AuditAction,
  type AuditEntity,
  type AuditEntryDto,
  auditSubjectLabel,
} from '../../../domain/audit';
import { paginationOf } from '../../../domain/pagination';
import type { Database } from '../../db/client';
import { sales } from '../../db/schema';
import { type ExportColumn, keysetBatches, sendExport } from '../../lib/export';
import { forbidden, notFound } from '../../lib/http-errors';
import { routeOf } from '../../lib/route';
import { type AuthUser, currentUser } from '../../plugins/current-user';
import { type AuditFilters, auditBatch, listAudit } from './queries';
import { verifyAudit } from './verify';

const SELLER_SCOPE_MESSAGE = 'Solo puedes consultar el historial de tus propias ventas';

/**
 * A seller reads one thing: the history of a sale they own. Another seller's sale is
 * 404, as everywhere else, so its existence is not revealed.
 */
async function assertScope(db: Database, me: AuthUser, query: AuditFilters) {
  if (me.role !== 'sales') return;
  if (query.entity !== 'sale' || query.entityId === undefined) throw forbidden(SELLER_SCOPE_MESSAGE);
  const [own] = await db
    .select({ id: sales.id })
    .from(sales)
    .where(and(eq(sales.id, query.entityId), eq(sales.sellerId, me.id)));
  if (!own) throw notFound('Sale not found');
}

/** Auditoría: one row per entry; the changes of an update in one cell, "campo: antes → después". */
const auditColumns: ExportColumn<AuditEntryDto>[] = [
  { header: 'N°', kind: 'number', value: (e) => e.id },
  { header: 'Fecha', kind: 'datetime', value: (e) => e.at },
  { header: 'Usuario', kind: 'text', value: (e) => e.user.username },
  { header: 'Dirección IP', kind: 'text', value: (e) => e.ip },
  { header: 'Acción', kind: 'text', value: (e) => AUDIT_ACTION_LABELS[e.action as AuditAction] ?? e.action },
  { header: 'Entidad', kind: 'text', value: (e) => AUDIT_ENTITY_LABELS[e.entity as AuditEntity] ?? e.entity },
  { header: 'ID entidad', kind: 'number', value: (e) => e.entityId },
  // As the audit screen names it: "Venta #123, Juan Pérez".
  { header: 'Registro', kind: 'text', value: (e) => auditSubjectLabel(e) ?? null },
  {
    header: 'Cambios',
    kind: 'text',
    value: (e) => e.changes.map((c) => `${c.field}: ${c.from ?? '—'} → ${c.to ?? '—'}`).join('; '),
  },
];

export const auditRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  const tags = ['audit'];

  app.route({
    ...routeOf(auditApi.list, tags),
    handler: async (request) => {
      const query = request.query;
      await assertScope(db, currentUser(request), query);
      const { entries, total } = await listAudit(db, query);
      return { entries, pagination: paginationOf(query.page, query.limit, total) };
    },
  });

  app.route({
    ...routeOf(auditApi.export, tags),
    handler: async (request, reply) => {
      const { format, ...filters } = request.query;
      await assertScope(db, currentUser(request), filters);
      return sendExport(request, reply, {
        format,
        fileName: 'auditoria',
        columns: auditColumns,
        batches: keysetBatches((after: AuditEntryDto | undefined, limit: number) =>
          auditBatch(db, filters, after, limit),
        ),
      });
    },
  });

  app.route({
    ...routeOf(auditApi.verify, tags),
    handler: async () => verifyAudit(db),
  });
};

import { and, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AUDIT_ACTION_LABELS,
  AUDIT_ENTITY_LABELS,
  type AuditAction,
  type AuditEntity,
  type AuditEntryDto,
  auditPageSchema,
  auditQuerySchema,
  auditSubjectLabel,
  auditVerifySchema,
} from '../../../domain/audit';
import { paginationOf } from '../../../domain/pagination';
import type { Database } from '../../db/client';
import { sales } from '../../db/schema';
import { type ExportColumn, exportQuery, exportReplies, keysetBatches, sendExport } from '../../lib/export';
import { forbidden, notFound } from '../../lib/http-errors';
import { errorReplies } from '../../lib/schemas';
import { type AuthUser, currentUser } from '../../plugins/access';
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

const { page: _page, limit: _limit, ...auditFilterFields } = auditQuerySchema.shape;
const auditExportQuery = exportQuery(auditFilterFields);

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

  app.get(
    '/api/audit',
    {
      config: { access: ['admin', 'sales', 'finance'] },
      schema: {
        tags,
        querystring: auditQuerySchema,
        response: { 200: auditPageSchema, ...errorReplies },
      },
    },
    async (request) => {
      const query = request.query;
      await assertScope(db, currentUser(request), query);
      const { entries, total } = await listAudit(db, query);
      return { entries, pagination: paginationOf(query.page, query.limit, total) };
    },
  );

  app.get(
    '/api/audit/export',
    {
      config: { access: ['admin', 'sales', 'finance'] },
      schema: { tags, querystring: auditExportQuery, response: exportReplies },
    },
    async (request, reply) => {
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
  );

  app.get(
    '/api/audit/verify',
    {
      config: { access: ['admin'] },
      schema: { tags, response: { 200: auditVerifySchema, ...errorReplies } },
    },
    async () => verifyAudit(db),
  );
};

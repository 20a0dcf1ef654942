import { and, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditEntrySchema, auditQuerySchema, auditVerifySchema } from '../../../domain/audit';
import { paginationOf } from '../../../domain/pagination';
import type { Database } from '../../db/client';
import { sales } from '../../db/schema';
import { forbidden, notFound } from '../../lib/http-errors';
import { paginationResponse } from '../../lib/schemas';
import { currentUser } from '../../plugins/access';
import { listAudit, verifyAudit } from './queries';

const SELLER_SCOPE_MESSAGE = 'Solo puedes consultar el historial de tus propias ventas';

export const auditRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  const tags = ['audit'];

  app.get(
    '/api/audit',
    {
      config: { access: ['admin', 'sales', 'finance'] },
      schema: {
        tags,
        querystring: auditQuerySchema,
        response: { 200: z.object({ entries: z.array(auditEntrySchema), pagination: paginationResponse }) },
      },
    },
    async (request) => {
      const me = currentUser(request);
      const query = request.query;
      // A seller reads one thing: the history of a sale they own (DESIGN.md 7). Another seller's sale
      // is 404, as everywhere else, so its existence is not revealed.
      if (me.role === 'sales') {
        if (query.entity !== 'sale' || query.entityId === undefined) throw forbidden(SELLER_SCOPE_MESSAGE);
        const [own] = await db
          .select({ id: sales.id })
          .from(sales)
          .where(and(eq(sales.id, query.entityId), eq(sales.sellerId, me.id)));
        if (!own) throw notFound('Sale not found');
      }
      const { entries, total } = await listAudit(db, query);
      return { entries, pagination: paginationOf(query.page, query.limit, total) };
    },
  );

  app.get(
    '/api/audit/verify',
    { config: { access: ['admin'] }, schema: { tags, response: { 200: auditVerifySchema } } },
    async () => verifyAudit(db),
  );
};

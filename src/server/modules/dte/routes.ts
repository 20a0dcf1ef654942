import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dteApi } from '../../../domain/api/dte';
import { taxMonthApi } from '../../../domain/api/tax-month';
import type { Database } from '../../db/client';
import { oneBatch, sendExport } from '../../lib/export';
import { routeOf } from '../../lib/route';
import { auditActor } from '../audit';
import { addCaf, listCafs } from './cafs';
import { registerColumns, salesRegister } from './register';
import { secretBox } from './secret-box';
import { certificateStatus, getCompanyTax, saveCertificate, saveCompanyTax } from './setup';
import { taxMonth, taxMonthColumns, taxMonthLines } from './tax-month';

export const dteRoutes: FastifyPluginAsyncZod<{ db: Database; secretKey: string }> = async (
  app,
  { db, secretKey },
) => {
  const tags = ['dte'];
  const box = secretBox(secretKey);

  app.route({
    ...routeOf(dteApi.tax, tags),
    handler: async () => ({ data: await getCompanyTax(db) }),
  });

  app.route({
    ...routeOf(dteApi.saveTax, tags),
    handler: async (request) => ({ data: await saveCompanyTax(db, request.body, auditActor(request)) }),
  });

  app.route({
    ...routeOf(dteApi.certificate, tags),
    handler: async () => ({ data: await certificateStatus(db, box) }),
  });

  app.route({
    ...routeOf(dteApi.uploadCertificate, tags),
    handler: async (request) => ({ data: await saveCertificate(db, box, request.body, auditActor(request)) }),
  });

  app.route({
    ...routeOf(dteApi.cafs, tags),
    handler: async () => ({ data: await listCafs(db) }),
  });

  app.route({
    ...routeOf(dteApi.uploadCaf, tags),
    handler: async (request, reply) =>
      reply.status(201).send({ data: await addCaf(db, request.body.xml, auditActor(request)) }),
  });

  app.route({
    ...routeOf(dteApi.salesRegister, tags),
    handler: async (request, reply) =>
      sendExport(request, reply, {
        format: request.query.format,
        fileName: `libro-de-ventas-${request.query.month}`,
        columns: registerColumns,
        batches: oneBatch(salesRegister(db, request.query.month)),
      }),
  });

  app.route({
    ...routeOf(taxMonthApi.month, tags),
    handler: async (request, reply) => {
      const { month, format } = request.query;
      const figures = await taxMonth(db, month);
      if (format === 'json') return { data: figures };
      // The file holds the very figures the JSON gives (docs/decisions/0103-the-tax-month.md).
      return sendExport(request, reply, {
        format,
        fileName: `mes-tributario-${month}`,
        columns: taxMonthColumns,
        batches: oneBatch(taxMonthLines(figures)),
      });
    },
  });
};

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dteApi } from '../../../domain/api/dte';
import type { Database } from '../../db/client';
import { routeOf } from '../../lib/route';
import { auditActor } from '../audit';
import { addCaf, listCafs } from './cafs';
import { secretBox } from './secret-box';
import { certificateStatus, getCompanyTax, saveCertificate, saveCompanyTax } from './setup';

/** The SII setup is Configuraciones: admins only. */
const ADMIN = ['admin'] as const;

export const dteRoutes: FastifyPluginAsyncZod<{ db: Database; secretKey: string }> = async (
  app,
  { db, secretKey },
) => {
  const tags = ['dte'];
  const box = secretBox(secretKey);

  app.route({
    ...routeOf(dteApi.tax, tags),
    config: { access: ADMIN },
    handler: async () => ({ data: await getCompanyTax(db) }),
  });

  app.route({
    ...routeOf(dteApi.saveTax, tags),
    config: { access: ADMIN },
    handler: async (request) => ({ data: await saveCompanyTax(db, request.body, auditActor(request)) }),
  });

  app.route({
    ...routeOf(dteApi.certificate, tags),
    config: { access: ADMIN },
    handler: async () => ({ data: await certificateStatus(db, box) }),
  });

  app.route({
    ...routeOf(dteApi.uploadCertificate, tags),
    config: { access: ADMIN },
    handler: async (request) => ({ data: await saveCertificate(db, box, request.body, auditActor(request)) }),
  });

  app.route({
    ...routeOf(dteApi.cafs, tags),
    config: { access: ADMIN },
    handler: async () => ({ data: await listCafs(db) }),
  });

  app.route({
    ...routeOf(dteApi.uploadCaf, tags),
    config: { access: ADMIN },
    handler: async (request, reply) =>
      reply.status(201).send({ data: await addCaf(db, request.body.xml, auditActor(request)) }),
  });
};

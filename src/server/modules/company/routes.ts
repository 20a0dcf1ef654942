import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { companyApi } from '../../../domain/api/company';
import type { CurrencyRate } from '../../../domain/company';
import type { Database } from '../../db/client';
import { type ExportColumn, oneBatch, sendExport } from '../../lib/export';
import { routeOf } from '../../lib/route';
import { auditActor } from '../audit';
import { createRate, deleteRate, listRates, saveRates, toggleRate, updateRate } from './rates';
import { agencyPreferences, getCompanySettings, saveCompanySettings } from './settings';

/**
 * Tasas de cambio as Configuraciones lists them: USD per unit of each currency, and the units one USD
 * buys (the way Chile says it, decision 0086), last so the spec's columns keep their places.
 */
const rateColumns: ExportColumn<CurrencyRate>[] = [
  { header: 'Moneda', kind: 'text', value: (r) => r.currency },
  { header: 'Tasa a USD', kind: 'number', value: (r) => r.rate },
  { header: 'Activa', kind: 'text', value: (r) => (r.isActive ? 'Sí' : 'No') },
  { header: 'Última actualización', kind: 'datetime', value: (r) => r.lastUpdated },
  { header: 'Unidades por USD', kind: 'number', value: (r) => r.unitsPerUsd },
];

export const companyRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  const tags = ['company'];

  app.route({
    ...routeOf(companyApi.settings, tags),
    handler: async () => ({ data: await getCompanySettings(db) }),
  });

  app.route({
    ...routeOf(companyApi.saveSettings, tags),
    handler: async (request) => ({ data: await saveCompanySettings(db, request.body, auditActor(request)) }),
  });

  app.route({
    ...routeOf(companyApi.preferences, tags),
    handler: async () => ({ data: await agencyPreferences(db) }),
  });

  app.route({
    ...routeOf(companyApi.rates, tags),
    handler: async () => ({ data: await listRates(db) }),
  });

  app.route({
    ...routeOf(companyApi.exportRates, tags),
    handler: async (request, reply) =>
      sendExport(request, reply, {
        format: request.query.format,
        fileName: 'tasas-de-cambio',
        columns: rateColumns,
        batches: oneBatch(listRates(db)),
      }),
  });

  app.route({
    ...routeOf(companyApi.saveRates, tags),
    handler: async (request) => ({ data: await saveRates(db, request.body.rates, auditActor(request)) }),
  });

  app.route({
    ...routeOf(companyApi.createRate, tags),
    handler: async (request, reply) =>
      reply.status(201).send({ data: await createRate(db, request.body, auditActor(request)) }),
  });

  app.route({
    ...routeOf(companyApi.updateRate, tags),
    handler: async (request) => ({
      data: await updateRate(db, request.params.id, request.body, auditActor(request)),
    }),
  });

  app.route({
    ...routeOf(companyApi.toggleRate, tags),
    handler: async (request) => ({ data: await toggleRate(db, request.params.id, auditActor(request)) }),
  });

  app.route({
    ...routeOf(companyApi.removeRate, tags),
    handler: async (request) => {
      await deleteRate(db, request.params.id, auditActor(request));
      return { message: 'Tasa de cambio eliminada' };
    },
  });
};

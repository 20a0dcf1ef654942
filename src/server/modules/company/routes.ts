import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  type CurrencyRate,
  companySettingsSchema,
  currencyRateListItemSchema,
  currencyRateSchema,
  currencyRateUpdateSchema,
} from '../../../domain/company';
import {
  agencyPreferencesDataReplySchema,
  companySettingsDataReplySchema,
  currencyRateDataReplySchema,
  currencyRatesDataReplySchema,
} from '../../../domain/company-replies';
import { messageReplySchema } from '../../../domain/replies';
import type { Database } from '../../db/client';
import { type ExportColumn, exportQuery, exportReplies, oneBatch, sendExport } from '../../lib/export';
import { errorReplies, idParams } from '../../lib/schemas';
import { auditActor } from '../audit';
import { createRate, deleteRate, listRates, saveRates, toggleRate, updateRate } from './rates';
import { agencyPreferences, getCompanySettings, saveCompanySettings } from './settings';

/** Configuraciones is an admin screen; the server refuses every other role. */
const ADMIN = ['admin'] as const;
/** The agency's zone and warning threshold: every signed-in screen needs them. */
const ALL = ['admin', 'sales', 'finance'] as const;

/** Tasas de cambio as Configuraciones lists them: USD per unit of each currency. */
const rateColumns: ExportColumn<CurrencyRate>[] = [
  { header: 'Moneda', kind: 'text', value: (r) => r.currency },
  { header: 'Tasa a USD', kind: 'number', value: (r) => r.rate },
  { header: 'Activa', kind: 'text', value: (r) => (r.isActive ? 'Sí' : 'No') },
  { header: 'Última actualización', kind: 'datetime', value: (r) => r.lastUpdated },
];

export const companyRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  const tags = ['company'];

  const settingsReplies = { 200: companySettingsDataReplySchema, ...errorReplies };
  const rateReplies = { 200: currencyRateDataReplySchema, ...errorReplies };
  const ratesReplies = { 200: currencyRatesDataReplySchema, ...errorReplies };

  app.get(
    '/api/company/settings',
    { config: { access: ADMIN }, schema: { tags, response: settingsReplies } },
    async () => ({ data: await getCompanySettings(db) }),
  );

  app.put(
    '/api/company/settings',
    { config: { access: ADMIN }, schema: { tags, body: companySettingsSchema, response: settingsReplies } },
    async (request) => ({ data: await saveCompanySettings(db, request.body, auditActor(request)) }),
  );

  app.get(
    '/api/company/preferences',
    {
      config: { access: ALL },
      schema: { tags, response: { 200: agencyPreferencesDataReplySchema, ...errorReplies } },
    },
    async () => ({ data: await agencyPreferences(db) }),
  );

  app.get(
    '/api/company/currency-rates',
    { config: { access: ADMIN }, schema: { tags, response: ratesReplies } },
    async () => ({ data: await listRates(db) }),
  );

  app.get(
    '/api/company/currency-rates/export',
    { config: { access: ADMIN }, schema: { tags, querystring: exportQuery({}), response: exportReplies } },
    async (request, reply) =>
      sendExport(request, reply, {
        format: request.query.format,
        fileName: 'tasas-de-cambio',
        columns: rateColumns,
        batches: oneBatch(listRates(db)),
      }),
  );

  app.put(
    '/api/company/currency-rates',
    {
      config: { access: ADMIN },
      schema: {
        tags,
        body: z.strictObject({ rates: z.array(currencyRateListItemSchema).min(1).max(200) }),
        response: ratesReplies,
      },
    },
    async (request) => ({ data: await saveRates(db, request.body.rates, auditActor(request)) }),
  );

  app.post(
    '/api/company/currency-rates',
    {
      config: { access: ADMIN },
      schema: {
        tags,
        body: currencyRateSchema,
        response: { 201: currencyRateDataReplySchema, ...errorReplies },
      },
    },
    async (request, reply) =>
      reply.status(201).send({ data: await createRate(db, request.body, auditActor(request)) }),
  );

  app.put(
    '/api/company/currency-rates/:id',
    {
      config: { access: ADMIN },
      schema: { tags, params: idParams, body: currencyRateUpdateSchema, response: rateReplies },
    },
    async (request) => ({ data: await updateRate(db, request.params.id, request.body, auditActor(request)) }),
  );

  app.patch(
    '/api/company/currency-rates/:id/toggle',
    { config: { access: ADMIN }, schema: { tags, params: idParams, response: rateReplies } },
    async (request) => ({ data: await toggleRate(db, request.params.id, auditActor(request)) }),
  );

  app.delete(
    '/api/company/currency-rates/:id',
    {
      config: { access: ADMIN },
      schema: { tags, params: idParams, response: { 200: messageReplySchema, ...errorReplies } },
    },
    async (request) => {
      await deleteRate(db, request.params.id, auditActor(request));
      return { message: 'Tasa de cambio eliminada' };
    },
  );
};

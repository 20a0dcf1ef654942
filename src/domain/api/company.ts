import { z } from 'zod';
import { ADMINS, STAFF } from '../access';
import {
  companySettingsSchema,
  currencyRateListItemSchema,
  currencyRateSchema,
  currencyRateUpdateSchema,
} from '../company';
import {
  agencyPreferencesDataReplySchema,
  companySettingsDataReplySchema,
  currencyRateDataReplySchema,
  currencyRatesDataReplySchema,
} from '../company-replies';
import { companySetupReplySchema, removeDemoDataReplySchema } from '../company-setup';
import { messageReplySchema } from '../replies';
import { endpoint, ON_RECORD, ON_RECORD_WITH_BODY, SIGNED_IN, WITH_BODY } from './endpoint';
import { exportFileReply, exportQuery } from './files';
import { idParams } from './params';

/** Configuraciones: the agency's settings and its currency rates, and the preferences every screen reads. */
export const companyApi = {
  settings: endpoint({
    method: 'GET',
    path: '/api/company/settings',
    access: ADMINS,
    replies: { 200: companySettingsDataReplySchema },
    errors: SIGNED_IN,
  }),
  saveSettings: endpoint({
    method: 'PUT',
    path: '/api/company/settings',
    access: ADMINS,
    body: companySettingsSchema,
    replies: { 200: companySettingsDataReplySchema },
    errors: WITH_BODY,
  }),
  preferences: endpoint({
    method: 'GET',
    path: '/api/company/preferences',
    access: STAFF,
    replies: { 200: agencyPreferencesDataReplySchema },
    errors: SIGNED_IN,
  }),
  rates: endpoint({
    method: 'GET',
    path: '/api/company/currency-rates',
    access: ADMINS,
    replies: { 200: currencyRatesDataReplySchema },
    errors: SIGNED_IN,
  }),
  exportRates: endpoint({
    method: 'GET',
    path: '/api/company/currency-rates/export',
    access: ADMINS,
    query: exportQuery({}),
    replies: { 200: exportFileReply },
    errors: SIGNED_IN,
  }),
  saveRates: endpoint({
    method: 'PUT',
    path: '/api/company/currency-rates',
    access: ADMINS,
    body: z.strictObject({ rates: z.array(currencyRateListItemSchema).min(1).max(200) }),
    replies: { 200: currencyRatesDataReplySchema },
    errors: WITH_BODY,
  }),
  createRate: endpoint({
    method: 'POST',
    path: '/api/company/currency-rates',
    access: ADMINS,
    body: currencyRateSchema,
    replies: { 201: currencyRateDataReplySchema },
    // 409: the currency has a rate already.
    errors: [...WITH_BODY, 409],
  }),
  updateRate: endpoint({
    method: 'PUT',
    path: '/api/company/currency-rates/:id',
    access: ADMINS,
    params: idParams,
    body: currencyRateUpdateSchema,
    replies: { 200: currencyRateDataReplySchema },
    errors: ON_RECORD_WITH_BODY,
  }),
  toggleRate: endpoint({
    method: 'PATCH',
    path: '/api/company/currency-rates/:id/toggle',
    access: ADMINS,
    params: idParams,
    replies: { 200: currencyRateDataReplySchema },
    // 409: the base currency (USD) stays active.
    errors: [...ON_RECORD, 409],
  }),
  removeRate: endpoint({
    method: 'DELETE',
    path: '/api/company/currency-rates/:id',
    access: ADMINS,
    params: idParams,
    replies: { 200: messageReplySchema },
    // 409: the base currency (USD) is never removed.
    errors: [...ON_RECORD, 409],
  }),
  setup: endpoint({
    method: 'GET',
    path: '/api/company/setup',
    access: ADMINS,
    replies: { 200: companySetupReplySchema },
    errors: SIGNED_IN,
  }),
  removeDemoData: endpoint({
    method: 'POST',
    path: '/api/company/remove-demo-data',
    access: ADMINS,
    body: z.strictObject({}),
    replies: { 200: removeDemoDataReplySchema },
    // 409: no demo data, or documents already sent to the SII. 503: the backup of before failed.
    errors: [...WITH_BODY, 409, 503],
  }),
};

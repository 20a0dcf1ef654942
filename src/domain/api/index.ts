import { alertsApi } from './alerts';
import { auditApi } from './audit';
import { authApi } from './auth';
import { backupsApi } from './backups';
import { commissionsApi } from './commissions';
import { companyApi } from './company';
import { dashboardApi } from './dashboard';
import { documentsApi } from './documents';
import { dteApi } from './dte';
import { emailsApi } from './emails';
import type { EndpointShape } from './endpoint';
import { healthApi } from './health';
import { importsApi } from './imports';
import { invoicesApi } from './invoices';
import { classificationsApi, clientsApi, operatorsApi, passengersApi, suppliersApi } from './master-data';
import { metricsApi } from './metrics';
import { paymentsApi } from './payments';
import { reportsApi } from './reports';
import { salesApi } from './sales';
import { searchApi } from './search';
import { siiApi } from './sii';
import { supplierPaymentsApi } from './supplier-payments';
import { taxMonthApi } from './tax-month';
import { usersApi } from './users';

/** Every endpoint of the API, by feature: the server registers exactly these (tests/api/platform/api-contract.test.ts). */
export const API = {
  alerts: alertsApi,
  audit: auditApi,
  auth: authApi,
  backups: backupsApi,
  commissions: commissionsApi,
  company: companyApi,
  dashboard: dashboardApi,
  emails: emailsApi,
  dte: dteApi,
  health: healthApi,
  imports: importsApi,
  metrics: metricsApi,
  payments: paymentsApi,
  sales: salesApi,
  search: searchApi,
  users: usersApi,
  clients: clientsApi,
  passengers: passengersApi,
  suppliers: suppliersApi,
  operators: operatorsApi,
  classifications: classificationsApi,
  reports: reportsApi,
  supplierPayments: supplierPaymentsApi,
  invoices: invoicesApi,
  sii: siiApi,
  documents: documentsApi,
  taxMonth: taxMonthApi,
} satisfies Record<string, Record<string, EndpointShape>>;

/** All endpoints in one list. */
export const allEndpoints = (): EndpointShape[] =>
  Object.values(API).flatMap((group) => Object.values(group) as EndpointShape[]);

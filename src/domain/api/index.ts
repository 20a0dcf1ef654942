import type { EndpointShape } from './endpoint';
import { invoicesApi } from './invoices';
import { classificationsApi, clientsApi, operatorsApi, passengersApi, suppliersApi } from './master-data';
import { paymentsApi } from './payments';
import { reportsApi } from './reports';
import { supplierPaymentsApi } from './supplier-payments';

/** Every endpoint of the API, by feature: the server registers exactly these (tests/api/api-contract.test.ts). */
export const API = {
  payments: paymentsApi,
  clients: clientsApi,
  passengers: passengersApi,
  suppliers: suppliersApi,
  operators: operatorsApi,
  classifications: classificationsApi,
  reports: reportsApi,
  supplierPayments: supplierPaymentsApi,
  invoices: invoicesApi,
} satisfies Record<string, Record<string, EndpointShape>>;

/** All endpoints in one list. */
export const allEndpoints = (): EndpointShape[] =>
  Object.values(API).flatMap((group) => Object.values(group) as EndpointShape[]);

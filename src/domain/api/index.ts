import type { EndpointShape } from './endpoint';
import {
  classificationsApi,
  clientsApi,
  operatorsApi,
  passengersApi,
  suppliersApi,
} from './master-data';
import { paymentsApi } from './payments';

/** Every endpoint of the API, by feature: the server registers exactly these (tests/api/api-contract.test.ts). */
export const API = {
  payments: paymentsApi,
  clients: clientsApi,
  passengers: passengersApi,
  suppliers: suppliersApi,
  operators: operatorsApi,
  classifications: classificationsApi,
} satisfies Record<string, Record<string, EndpointShape>>;

/** All endpoints in one list. */
export const allEndpoints = (): EndpointShape[] =>
  Object.values(API).flatMap((group) => Object.values(group) as EndpointShape[]);

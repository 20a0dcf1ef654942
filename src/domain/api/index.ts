import type { EndpointShape } from './endpoint';
import { paymentsApi } from './payments';

/** Every endpoint of the API, by feature: the server registers exactly these (tests/api/api-contract.test.ts). */
export const API = {
  payments: paymentsApi,
} satisfies Record<string, Record<string, EndpointShape>>;

/** All endpoints in one list. */
export const allEndpoints = (): EndpointShape[] =>
  Object.values(API).flatMap((group) => Object.values(group) as EndpointShape[]);

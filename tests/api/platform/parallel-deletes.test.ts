import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  classificationsApi,
  clientsApi,
  operatorsApi,
  passengersApi,
  suppliersApi,
} from '../../../src/domain/api/master-data';
import { paymentsApi } from '../../../src/domain/api/payments';
import { supplierPaymentsApi } from '../../../src/domain/api/supplier-payments';
import { exampleCall, type RouteExamples, routeExamples, routeName } from '../../helpers/route-examples';
import { createTestContext, type TestContext } from '../../helpers/test-app';

/**
 * docs/decisions/0042-server-refuses-wrong-input.md: five DELETEs of one record at once are one 200 and four
 * 404s, on both databases. A delete that finds nothing left to delete (a parallel call got there first) says
 * so.
 */
let ctx: TestContext;
let examples: RouteExamples;
let admin: Record<string, string>;

beforeAll(async () => {
  ctx = await createTestContext();
  examples = await routeExamples(ctx);
  admin = await ctx.auth('admin');
});
afterAll(() => ctx.close());

const ENDPOINTS = [
  clientsApi.remove,
  passengersApi.remove,
  suppliersApi.remove,
  operatorsApi.remove,
  classificationsApi.remove,
  paymentsApi.remove,
  supplierPaymentsApi.remove,
];

describe('parallel deletes of one record', () => {
  for (const endpoint of ENDPOINTS) {
    it(`${routeName(endpoint)}: one 200, four 404`, async () => {
      const { url } = await exampleCall(examples, endpoint);
      const replies = await Promise.all(
        Array.from({ length: 5 }, () => ctx.app.inject({ method: 'DELETE', url, headers: admin })),
      );
      const statuses = replies.map((r) => r.statusCode).sort();
      expect(statuses, replies.map((r) => r.body).join('\n')).toEqual([200, 404, 404, 404, 404]);
      for (const reply of replies.filter((r) => r.statusCode === 404)) {
        expect(reply.json().message).toMatch(/no encontrad/i);
      }
      expect((await ctx.app.inject({ method: 'GET', url, headers: admin })).statusCode).toBe(404);
    });
  }
});

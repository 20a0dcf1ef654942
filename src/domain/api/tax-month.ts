import { BOOKKEEPERS } from '../access';
import { taxMonthQuerySchema, taxMonthReplySchema } from '../tax-month';
import { endpoint, SIGNED_IN } from './endpoint';

/** The accountant's month (docs/decisions/0103-the-tax-month.md). */
export const taxMonthApi = {
  /**
   * The month's figures as JSON, or with `format=xlsx|csv` the same figures as the export's file (a
   * stream, which Fastify sends without the JSON schema).
   */
  month: endpoint({
    method: 'GET',
    path: '/api/reports/tax-month',
    access: BOOKKEEPERS,
    query: taxMonthQuerySchema,
    replies: { 200: taxMonthReplySchema },
    errors: SIGNED_IN,
  }),
};

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commissionHelpers } from '../../helpers/commissions';
import { createSaleRefs, type SaleRefs } from '../../helpers/sales';
import { createTestContext, type TestContext } from '../../helpers/test-app';

/** The company's commission rules: replaced as a whole by an admin, read by admin and finance. */
let ctx: TestContext;
let refs: SaleRefs;
let h: ReturnType<typeof commissionHelpers>;
beforeAll(async () => {
  ctx = await createTestContext();
  refs = await createSaleRefs(ctx, 'reglas');
  h = commissionHelpers(ctx);
});
afterAll(() => ctx.close());

const rulesNow = async (who: 'admin' | 'finance' = 'admin') =>
  (
    await ctx.app.inject({
      method: 'GET',
      url: '/api/company/commission-rules',
      headers: await ctx.auth(who),
    })
  ).json().data;

const auditCount = async () =>
  (
    await ctx.app.inject({
      method: 'GET',
      url: '/api/audit?entity=commissionRules',
      headers: await ctx.auth('admin'),
    })
  ).json().pagination.total as number;

describe('commission rules', () => {
  it('an admin replaces the list; finance reads it; the general rules come first', async () => {
    const seller = ctx.users.sales.id;
    const classification = refs.classification.id;
    const saved = await h.putRules([
      { sellerId: seller, classificationId: classification, percent: 10, base: 'margin' },
      { sellerId: seller, percent: '7.5', base: 'sale' },
      { classificationId: classification, percent: 0, base: 'sale' },
      { percent: 100, base: 'margin' },
    ]);
    expect(saved.statusCode).toBe(200);
    const expected = [
      { percent: 100, base: 'margin' },
      { classificationId: classification, percent: 0, base: 'sale' },
      { sellerId: seller, percent: 7.5, base: 'sale' },
      { sellerId: seller, classificationId: classification, percent: 10, base: 'margin' },
    ];
    expect(saved.json().data).toEqual(expected);
    expect(await rulesNow('finance')).toEqual(expected);
    // Replaced, not merged.
    expect((await h.putRules([{ percent: 3.25, base: 'sale' }])).json().data).toEqual([
      { percent: 3.25, base: 'sale' },
    ]);
    expect((await h.putRules([])).json().data).toEqual([]);
  });

  it('a seller may not read them, and only an admin writes them', async () => {
    const read = await ctx.app.inject({
      method: 'GET',
      url: '/api/company/commission-rules',
      headers: await ctx.auth('sales'),
    });
    expect(read.statusCode).toBe(403);
    expect((await h.putRules([{ percent: 1, base: 'sale' }], await ctx.auth('finance'))).statusCode).toBe(
      403,
    );
    expect((await h.putRules([{ percent: 1, base: 'sale' }], await ctx.auth('sales'))).statusCode).toBe(403);
  });

  it('records each change in the audit trail, by seller and classification', async () => {
    await h.putRules([{ percent: 5, base: 'margin' }]);
    await h.putRules([
      { percent: 6, base: 'margin' },
      { sellerId: ctx.users.sales.id, percent: 8, base: 'sale' },
    ]);
    const trail = await ctx.app.inject({
      method: 'GET',
      url: '/api/audit?entity=commissionRules&limit=1',
      headers: await ctx.auth('admin'),
    });
    const [entry] = trail.json().entries;
    expect(entry.action).toBe('update');
    expect(entry.changes).toEqual([
      { field: 'regla.vendedor:todos.clasificacion:todas', from: '5.00% margin', to: '6.00% margin' },
      {
        field: `regla.vendedor:${ctx.users.sales.id}.clasificacion:todas`,
        to: '8.00% sale',
      },
    ]);
  });

  it('refuses bad bodies with a Spanish message and changes nothing', async () => {
    const kept = [{ percent: 4, base: 'sale' }];
    await h.putRules(kept);
    const before = await rulesNow();
    const entries = await auditCount();
    const seller = ctx.users.sales.id;
    const classification = refs.classification.id;
    const bad: [unknown, string][] = [
      [
        [
          { percent: 1, base: 'sale' },
          { percent: 2, base: 'margin' },
        ],
        'Hay dos reglas para el mismo vendedor y la misma clasificación',
      ],
      [
        [
          { sellerId: seller, classificationId: classification, percent: 1, base: 'sale' },
          { sellerId: String(seller), classificationId: classification, percent: 2, base: 'sale' },
        ],
        'Hay dos reglas para el mismo vendedor y la misma clasificación',
      ],
      [[{ sellerId: 999999, percent: 1, base: 'sale' }], 'El vendedor de la regla no existe'],
      [[{ classificationId: 999999, percent: 1, base: 'sale' }], 'La clasificación de la regla no existe'],
      [[{ percent: 100.01, base: 'sale' }], 'El porcentaje no puede superar 100'],
      [[{ percent: -1, base: 'sale' }], 'El porcentaje no puede ser negativo'],
      [[{ percent: 1.234, base: 'sale' }], 'El porcentaje admite como máximo 2 decimales'],
      [[{ percent: '1e1', base: 'sale' }], 'El porcentaje debe ser un número entre 0 y 100'],
      [[{ percent: 1 }], 'La base debe ser margin o sale'],
      [[{ percent: 1, base: 'profit' }], 'La base debe ser margin o sale'],
    ];
    for (const [rules, message] of bad) {
      const res = await h.putRules(rules as object[]);
      expect(res.statusCode, JSON.stringify(rules)).toBe(400);
      expect(res.json().message, JSON.stringify(rules)).toBe(message);
    }
    const unknownField = await h.putRules([{ percent: 1, base: 'sale', seller: seller }]);
    expect(unknownField.statusCode).toBe(400);
    const extra = await ctx.app.inject({
      method: 'PUT',
      url: '/api/company/commission-rules',
      headers: await ctx.auth('admin'),
      payload: { rules: [], replace: true },
    });
    expect(extra.statusCode).toBe(400);
    const notAList = await ctx.app.inject({
      method: 'PUT',
      url: '/api/company/commission-rules',
      headers: await ctx.auth('admin'),
      payload: { rules: { percent: 1, base: 'sale' } },
    });
    expect(notAList.statusCode).toBe(400);
    expect(await rulesNow()).toEqual(before);
    expect(await auditCount()).toBe(entries);
  });
});

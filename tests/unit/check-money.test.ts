// @vitest-environment node
import { expect, describe as group, it } from 'vitest';
import { checkMoney, describe } from '../../scripts/money-rules.mjs';

/** One fake module reading a payment row, with `line` as its second line. */
const moduleWith = (line: string, file = 'server/modules/payments/queries.ts') => ({
  [file]: `const p = row.payment;\n${line}\n`,
});

group('money rule (scripts/check-money.mjs)', () => {
  it('passes amounts read through the mapper', () => {
    expect(
      checkMoney(
        moduleWith(
          `const total = moneyValue(sql\`sum(\${payments.amount})\`, 'USD'); const n = toCount(r.n); const a = b + c;`,
        ),
      ),
    ).toEqual([]);
  });

  it.each([
    ['Number(r.amount)', 'Number(...)'],
    ['parseFloat(r.amount)', 'parseFloat(...)'],
    ['parseInt(r.count, 10)', 'parseInt(...)'],
    ['sql<number>`count(*)`.mapWith(Number)', '.mapWith(...)'],
    ['const amount = +r.amount;', 'a unary +'],
    ['return { total: +(r.total ?? 0) };', 'a unary +'],
  ])('fails on %s, naming the file, the line and the mapper', (line, what) => {
    const problems = checkMoney(moduleWith(`  amount: ${line},`));
    expect(problems).toEqual([{ file: 'server/modules/payments/queries.ts', line: 2, what }]);
    expect(describe(problems[0] as (typeof problems)[number])).toBe(
      `src/server/modules/payments/queries.ts:2: ${what} converts a value by hand; use moneyValue/toMoney/rateValue/countValue/toCount from src/server/db/money.ts`,
    );
  });

  it('covers the helpers and the demo data, not the database layer that holds the mapper', () => {
    const line = 'const total = Number(sale.salePrice);';
    expect(checkMoney(moduleWith(line, 'server/demo/demo-sales.ts'))).toHaveLength(1);
    expect(checkMoney(moduleWith(line, 'server/lib/export/writers.ts'))).toHaveLength(1);
    expect(checkMoney(moduleWith(line, 'server/db/money.ts'))).toEqual([]);
  });

  it('lets an allowed use pass in its own file only', () => {
    const line = 'return match ? Number(match[1]) : undefined;';
    expect(checkMoney(moduleWith(line, 'server/modules/sales/routes.ts'))).toEqual([]);
    expect(checkMoney(moduleWith(line, 'server/modules/payments/routes.ts'))).toHaveLength(1);
  });

  it('reads no comment and takes an addition for what it is', () => {
    const sources = moduleWith(
      `// Number(r.amount) was the old way\nconst sum = a + b;\nconst later = sql\`\${x} + 1\`;`,
    );
    expect(checkMoney(sources)).toEqual([]);
  });
});

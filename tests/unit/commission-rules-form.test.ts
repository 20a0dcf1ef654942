// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { percentLabel } from '../../src/web/features/commissions/month';
import {
  DUPLICATE_RULE_MESSAGE,
  PERCENT_FORMAT_MESSAGE,
  type RuleRow,
  ruleFieldOf,
  rulesFormSchema,
  rulesFormValues,
  withKept,
} from '../../src/web/features/commissions/rules-form';
import { monthLabel, monthParam } from '../../src/web/lib/agency-month';

const row = (overrides: Partial<RuleRow> = {}): RuleRow => ({
  sellerId: '',
  classificationId: '',
  percent: '10',
  base: 'margin',
  ...overrides,
});

/** The messages of the form's rows, by path, as react-hook-form would place them. */
function issues(rules: RuleRow[]) {
  const result = rulesFormSchema.safeParse({ rules });
  return result.success
    ? {}
    : Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
}

describe('the commission rules form', () => {
  it('sends the percent typed the Chilean way as the API reads it, and "Todos"/"Todas" as no key', () => {
    const parsed = rulesFormSchema.parse({
      rules: [
        row({ percent: '2,5' }),
        row({ sellerId: '7', classificationId: '3', percent: '5', base: 'sale' }),
      ],
    });
    expect(parsed.rules).toEqual([
      { percent: '2.5', base: 'margin' },
      { sellerId: 7, classificationId: 3, percent: '5', base: 'sale' },
    ]);
    expect(rulesFormSchema.parse({ rules: [row({ percent: ' 12.75 ' })] }).rules[0]?.percent).toBe('12.75');
  });

  it("refuses a percent that is not one, out of range, or with too many decimals, in the API's words", () => {
    expect(issues([row({ percent: '' })])).toEqual({ 'rules.0.percent': 'El porcentaje es requerido' });
    expect(issues([row({ percent: 'diez' })])).toEqual({ 'rules.0.percent': PERCENT_FORMAT_MESSAGE });
    expect(issues([row({ percent: '100,5' })])).toEqual({
      'rules.0.percent': 'El porcentaje no puede superar 100',
    });
    // Three digits after a lone separator group thousands, as in an amount: 1.250 is 1250.
    expect(issues([row({ percent: '1.250' })])).toEqual({
      'rules.0.percent': 'El porcentaje no puede superar 100',
    });
    expect(issues([row({ percent: '-1' })])).toEqual({
      'rules.0.percent': 'El porcentaje no puede ser negativo',
    });
    expect(issues([row({ percent: '2,555' })])).toEqual({
      'rules.0.percent': 'El porcentaje no puede superar 100',
    });
    expect(issues([row({ percent: '2.5.5' })])).toEqual({ 'rules.0.percent': PERCENT_FORMAT_MESSAGE });
  });

  it('refuses the same seller and classification twice, on the later row', () => {
    expect(issues([row(), row({ sellerId: '2' }), row({ percent: '5' })])).toEqual({
      'rules.2.classificationId': DUPLICATE_RULE_MESSAGE,
    });
    expect(
      issues([row({ sellerId: '2', classificationId: '3' }), row({ sellerId: '2', classificationId: '3' })]),
    ).toEqual({
      'rules.1.classificationId': DUPLICATE_RULE_MESSAGE,
    });
  });

  it('shows stored rules as rows, the percent as the field shows it once left', () => {
    expect(
      rulesFormValues([
        { percent: 2.5, base: 'margin' },
        { sellerId: 4, classificationId: 9, percent: 100, base: 'sale' },
      ]),
    ).toEqual({
      rules: [
        { sellerId: '', classificationId: '', percent: '2.50', base: 'margin' },
        { sellerId: '4', classificationId: '9', percent: '100.00', base: 'sale' },
      ],
    });
  });

  it("places the server's 400 on its row: a field, or the row's pair", () => {
    expect(ruleFieldOf('rules.2.sellerId')).toBe('rules.2.sellerId');
    expect(ruleFieldOf('rules.0.percent')).toBe('rules.0.percent');
    expect(ruleFieldOf('rules.3')).toBe('rules.3.classificationId');
    expect(ruleFieldOf('rules')).toBeUndefined();
    expect(ruleFieldOf('rules.1.other')).toBeUndefined();
  });

  it('keeps an option for a saved seller or classification the list lacks', () => {
    const options = [{ value: '1', label: 'admin' }];
    expect(withKept(options, ['', '1', '8', '8'], (id) => `Usuario #${id}`)).toEqual([
      { value: '1', label: 'admin' },
      { value: '8', label: 'Usuario #8' },
    ]);
  });
});

describe('the commissions month', () => {
  it("takes the address's month when it is one, else the agency's", () => {
    expect(monthParam('2026-11', '2026-12')).toBe('2026-11');
    expect(monthParam(null, '2026-12')).toBe('2026-12');
    expect(monthParam('2026-13', '2026-12')).toBe('2026-12');
    expect(monthParam('noviembre', '2026-12')).toBe('2026-12');
  });

  it('names the month and writes the percent in the agency format', () => {
    expect(monthLabel('2026-12')).toBe('diciembre de 2026');
    expect(monthLabel('2027-01')).toBe('enero de 2027');
    expect(percentLabel(2.5, 'en')).toBe('2.5 %');
    expect(percentLabel(2.5, 'es')).toBe('2,5 %');
    expect(percentLabel(10, 'es')).toBe('10 %');
  });
});

// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { foreignLargeAmountWarning, isLargeAmount, saleWarnings } from '../../src/domain/sanity';

describe('sanity warnings', () => {
  it('compares an amount with the threshold in cents', () => {
    expect(isLargeAmount('100000.00', 100000)).toBe(false);
    expect(isLargeAmount('100000.01', 100000)).toBe(true);
    expect(isLargeAmount(0.1 + 0.2, 0.3)).toBe(false);
  });

  it('names each item that costs more than it sells for, and a large total', () => {
    const items = [
      { label: 'Ítem 1', salePrice: '800.50', costPrice: '900.00' },
      { label: 'Ítem 2', salePrice: '99500', costPrice: '100' },
    ];
    const warnings = saleWarnings(items, 100000);
    expect(warnings).toHaveLength(2);
    expect(warnings[0]).toMatch(
      /^Ítem 1: el costo \(.*900\.00\) es mayor que el precio de venta \(.*800\.50\)\.$/,
    );
    expect(warnings[1]).toMatch(/100,300\.50 supera el umbral de montos altos \(.*100,000\.00\)/);
    expect(saleWarnings([{ label: 'Ítem 1', salePrice: '10', costPrice: '10' }], 100000)).toEqual([]);
  });

  it('values an amount in another currency with its rate before comparing it with the threshold', () => {
    // CLP 120,000,000 at 0.00105 USD per peso is about USD 126,000: above USD 100,000.
    expect(foreignLargeAmountWarning('120000000', 'CLP', 0.00105, 100000)).toMatch(
      /CLP 120,000,000 \(unos US\$ 126,000\.00\) supera el umbral/,
    );
    expect(foreignLargeAmountWarning('90000000', 'CLP', 0.00105, 100000)).toBeNull();
    expect(foreignLargeAmountWarning('100000.01', 'USD', undefined, 100000)).toMatch(/supera el umbral/);
    // Without a rate the server refuses the payment itself; nothing to ask here.
    expect(foreignLargeAmountWarning('120000000', 'JPY', undefined, 100000)).toBeNull();
  });
});

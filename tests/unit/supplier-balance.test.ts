// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { localIsoDate as todayIso } from '../../src/domain/dates';
import { balanceBadge } from '../../src/domain/supplier-payments';
import {
  balanceStateText,
  moreSalesText,
  pendingSuppliersText,
  salesCountText,
} from '../../src/web/features/supplier-payments/texts';
import { parseId } from '../../src/web/lib/route-id';

describe('balanceBadge (supplier balances, thresholds 0 and 1000)', () => {
  it('is Pagado in green when nothing is owed, or the supplier was overpaid', () => {
    expect(balanceBadge(0)).toEqual({ label: 'Pagado', color: 'green' });
    expect(balanceBadge(-25.5)).toEqual({ label: 'Pagado', color: 'green' });
  });

  it('is Pendiente in yellow from a cent up to 999.99', () => {
    expect(balanceBadge(0.01)).toEqual({ label: 'Pendiente', color: 'yellow' });
    expect(balanceBadge(999.99)).toEqual({ label: 'Pendiente', color: 'yellow' });
  });

  it('is Urgente in red from 1000 on', () => {
    expect(balanceBadge(1000)).toEqual({ label: 'Urgente', color: 'red' });
    expect(balanceBadge(53_639.25)).toEqual({ label: 'Urgente', color: 'red' });
  });
});

describe('supplier card texts', () => {
  it("adds '+N ventas más' only when some sales are not listed", () => {
    expect(moreSalesText(8, 3)).toBe('+5 ventas más');
    expect(moreSalesText(4, 3)).toBe('+1 ventas más');
    expect(moreSalesText(3, 3)).toBeNull();
    expect(moreSalesText(2, 2)).toBeNull();
    expect(moreSalesText(0, 0)).toBeNull();
  });

  it('counts sales and suppliers with a pending amount in Spanish', () => {
    expect(salesCountText(1)).toBe('1 venta');
    expect(salesCountText(6)).toBe('6 ventas');
    expect(pendingSuppliersText(3)).toBe('3 proveedores con saldo pendiente');
    expect(pendingSuppliersText(1)).toBe('1 proveedor con saldo pendiente');
    expect(pendingSuppliersText(0)).toBe('0 proveedores con saldo pendiente');
  });

  it('says whether the balance is still to be paid', () => {
    expect(balanceStateText(0.01)).toBe('Pendiente de pago');
    expect(balanceStateText(0)).toBe('Completamente pagado');
    expect(balanceStateText(-10)).toBe('Completamente pagado');
  });
});

describe('todayIso', () => {
  it("uses the user's local calendar day, not UTC", () => {
    expect(todayIso(new Date(2026, 0, 5, 23, 59))).toBe('2026-01-05');
    expect(todayIso(new Date(2026, 11, 31, 0, 1))).toBe('2026-12-31');
  });
});

describe('parseId', () => {
  it('accepts positive integers only', () => {
    expect(parseId('7')).toBe(7);
    expect(parseId('0')).toBeNull();
    expect(parseId('-1')).toBeNull();
    expect(parseId('1.5')).toBeNull();
    expect(parseId('abc')).toBeNull();
    expect(parseId('')).toBeNull();
    expect(parseId(null)).toBeNull();
    expect(parseId(undefined)).toBeNull();
    expect(parseId('9999999999')).toBeNull();
  });
});

// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { localIsoDate as todayIso } from '../../src/domain/dates';
import type { Payment } from '../../src/domain/payment-replies';
import { paymentFormSchema } from '../../src/domain/payments';
import {
  balanceView,
  CREDIT_LABEL,
  overpayment,
  paymentFormDefaults,
} from '../../src/web/features/payments/payment-model';

describe('todayIso', () => {
  it('uses the local calendar day, zero-padded', () => {
    expect(todayIso(new Date(2026, 0, 5, 23, 30))).toBe('2026-01-05');
    expect(todayIso(new Date(2026, 10, 21, 0, 1))).toBe('2026-11-21');
  });
});

describe('paymentFormDefaults', () => {
  it("starts a new payment on the agency's day, in cash, confirmed, with no amount", () => {
    expect(paymentFormDefaults(undefined, '2026-03-09')).toEqual({
      date: '2026-03-09',
      amount: '',
      method: 'cash',
      reference: '',
      status: 'confirmed',
    });
  });

  it('fills an edited payment with its own values and keeps its status', () => {
    const defaults = paymentFormDefaults(
      {
        id: 4,
        saleId: 9,
        date: '2026-02-01',
        amount: 150.5,
        currency: 'USD',
        method: 'transfer',
        reference: null,
        status: 'pending',
        createdAt: '2026-02-01T10:00:00.000Z',
      },
      '2026-03-09',
    );
    expect(defaults).toEqual({
      date: '2026-02-01',
      amount: '150.5',
      method: 'transfer',
      reference: '',
      status: 'pending',
    });
  });

  it('gives values the shared schema accepts once an amount is typed', () => {
    const parsed = paymentFormSchema.parse({
      ...paymentFormDefaults(undefined, '2026-03-09'),
      amount: '20',
    });
    expect(parsed).toMatchObject({ amount: '20', method: 'cash', reference: null, status: 'confirmed' });
  });

  it('leaves the empty amount to the spec message', () => {
    const result = paymentFormSchema.safeParse(paymentFormDefaults(undefined, '2026-03-09'));
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.message)).toContain('Please enter a valid amount');
  });
});

describe('balanceView', () => {
  it('is red while something is owed', () => {
    expect(balanceView(120.25)).toEqual({ label: 'Pendiente', amount: 120.25, className: 'text-red-700' });
  });

  it('is green when the sale is exactly paid', () => {
    expect(balanceView(0)).toEqual({ label: 'Pendiente', amount: 0, className: 'text-green-700' });
  });

  it('shows an overpayment as Saldo a favor in green, never as a negative Pendiente', () => {
    expect(balanceView(-30)).toEqual({ label: CREDIT_LABEL, amount: 30, className: 'text-green-700' });
    expect(CREDIT_LABEL).toBe('Saldo a favor');
  });
});

describe('overpayment', () => {
  const payment: Payment = {
    id: 1,
    saleId: 2,
    date: '2026-01-01',
    amount: 100.1,
    currency: 'USD',
    method: 'cash',
    reference: null,
    status: 'confirmed',
    createdAt: '2026-01-01T00:00:00Z',
  };

  it('is what goes beyond the pending amount, in exact cents', () => {
    expect(overpayment('1600.50', 1600.5)).toEqual({ owed: 1600.5, over: 0 });
    expect(overpayment('1600.51', 1600.5)).toEqual({ owed: 1600.5, over: 0.01 });
    expect(overpayment('99999999999', 1600.5)).toEqual({ owed: 1600.5, over: 99999998398.5 });
  });

  it('counts a sale already paid in excess as owing nothing', () => {
    expect(overpayment('10', -50)).toEqual({ owed: 0, over: 10 });
  });

  it('owes again the old amount of a confirmed payment being edited, not of a pending one', () => {
    expect(overpayment('150.10', 50, payment)).toEqual({ owed: 150.1, over: 0 });
    expect(overpayment('150.10', 50, { ...payment, status: 'pending' })).toEqual({ owed: 50, over: 100.1 });
  });
});

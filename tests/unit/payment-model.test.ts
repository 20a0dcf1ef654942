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
  salePreview,
  typedSaleValue,
} from '../../src/web/features/payments/payment-model';

const USD = { currency: 'USD', rate: 1 };

describe('todayIso', () => {
  it('uses the local calendar day, zero-padded', () => {
    expect(todayIso(new Date(2026, 0, 5, 23, 30))).toBe('2026-01-05');
    expect(todayIso(new Date(2026, 10, 21, 0, 1))).toBe('2026-11-21');
  });
});

describe('paymentFormDefaults', () => {
  it("starts a new payment on the agency's day, in cash, confirmed, with no amount, in the sale's currency", () => {
    expect(paymentFormDefaults(undefined, '2026-03-09', USD)).toEqual({
      date: '2026-03-09',
      amount: '',
      currency: 'USD',
      exchangeRate: '1.0000',
      method: 'cash',
      reference: '',
      status: 'confirmed',
    });
  });

  it('fills an edited payment with its own values, its frozen rate, and keeps its status', () => {
    const defaults = paymentFormDefaults(
      {
        id: 4,
        saleId: 9,
        date: '2026-02-01',
        amount: 150000,
        currency: 'CLP',
        exchangeRate: 0.001052,
        rateEdited: true,
        usdAmount: 157.8,
        saleAmount: 157.8,
        method: 'transfer',
        reference: null,
        status: 'pending',
        createdAt: '2026-02-01T10:00:00.000Z',
      },
      '2026-03-09',
      { currency: 'CLP', rate: 0.002 },
    );
    expect(defaults).toEqual({
      date: '2026-02-01',
      amount: '150000',
      currency: 'CLP',
      exchangeRate: '0.001052',
      method: 'transfer',
      reference: '',
      status: 'pending',
    });
  });

  it('gives values the shared schema accepts once an amount is typed', () => {
    const parsed = paymentFormSchema.parse({
      ...paymentFormDefaults(undefined, '2026-03-09', USD),
      amount: '20',
      exchangeRate: '1',
    });
    expect(parsed).toMatchObject({
      amount: '20',
      currency: 'USD',
      exchangeRate: '1',
      method: 'cash',
      reference: null,
      status: 'confirmed',
    });
  });

  it("leaves the empty amount to the product's message", () => {
    const result = paymentFormSchema.safeParse({
      ...paymentFormDefaults(undefined, '2026-03-09', USD),
      exchangeRate: '1',
    });
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
    exchangeRate: 1,
    rateEdited: false,
    usdAmount: 100.1,
    saleAmount: 100.1,
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

  it('owes again the old USD value of a confirmed payment being edited, not of a pending one', () => {
    expect(overpayment('150.10', 50, payment)).toEqual({ owed: 150.1, over: 0 });
    expect(overpayment('150.10', 50, { ...payment, status: 'pending' })).toEqual({ owed: 50, over: 100.1 });
    const inPesos = {
      ...payment,
      amount: 100000,
      currency: 'CLP',
      exchangeRate: 0.00105,
      usdAmount: 105,
      saleAmount: 105,
    };
    expect(overpayment('150.10', 50, inPesos)).toEqual({ owed: 155, over: 0 });
  });
});

describe("the dialog's live value in the sale's currency", () => {
  const usdSale = { currency: 'USD', rate: 1 };
  const pesoSale = { currency: 'CLP', rate: '0.001' };

  it('reads amount and rate as typed in Chile and rounds once, to the cent or the peso', () => {
    expect(typedSaleValue('1.000.000', 'CLP', '0,001052', usdSale)).toBe('1052.00');
    expect(salePreview('1.000.000', 'CLP', '0,001052', usdSale)).toBe('≈ US$ 1,052.00');
    // 12.345 * 0.00105 = 12.96225: one rounding, to 12.96.
    expect(typedSaleValue('12.345', 'CLP', '0,00105', usdSale)).toBe('12.96');
    // 1,15 * 1,1 = 1.265 exactly: half a cent goes up, where floating point (1.2649999...) went down.
    expect(typedSaleValue('1,15', 'EUR', '1,1', usdSale)).toBe('1.27');
    // US$ 500,50 on a peso sale at 0.001 USD per peso: 500,500 pesos, whole.
    expect(typedSaleValue('500,50', 'USD', '1', pesoSale)).toBe('500500');
    expect(salePreview('500,50', 'USD', '1', pesoSale)).toBe('≈ CLP 500,500');
    // EUR 10,01 at 1,1 USD: 11.011 USD, 11,011 pesos.
    expect(typedSaleValue('10,01', 'EUR', '1,1', pesoSale)).toBe('11011');
  });

  it("counts a payment in the sale's own currency as typed, and shows no line for it", () => {
    expect(typedSaleValue('1.500.000', 'CLP', '0,001', pesoSale)).toBe('1500000');
    expect(salePreview('1.500.000', 'CLP', '0,001', pesoSale)).toBeNull();
    expect(salePreview('1.250,75', 'USD', '1', usdSale)).toBeNull();
  });

  it('shows nothing until both can be read', () => {
    expect(salePreview('', 'CLP', '0,00105', usdSale)).toBeNull();
    expect(salePreview('1.000', 'CLP', '', usdSale)).toBeNull();
    expect(salePreview('abc', 'EUR', '1', usdSale)).toBeNull();
    expect(salePreview(undefined, 'EUR', '1', usdSale)).toBeNull();
  });
});

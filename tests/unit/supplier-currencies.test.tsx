import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { SupplierSummaryReply } from '../../src/domain/supplier-payment-replies';
import { CurrencyFiguresTable } from '../../src/web/features/supplier-payments/CurrencyFiguresTable';
import { SupplierCard } from '../../src/web/features/supplier-payments/SupplierCard';

/** A supplier's costs and payments per currency, each in its own (docs/decisions/0090). */
afterEach(cleanup);

const HOTEL: SupplierSummaryReply = {
  supplierId: 4,
  supplierName: 'Hotel Puerto Varas',
  currency: 'USD',
  totalAmount: 1300.25,
  grossAmount: 1900.5,
  paidAmount: 600.25,
  pendingAmount: 1300.25,
  salesCount: 2,
  byCurrency: [
    { currency: 'USD', grossAmount: 400.5, paidAmount: 100.25 },
    { currency: 'CLP', grossAmount: 1_500_000, paidAmount: 500_000 },
  ],
  sales: [
    {
      id: 9,
      passengerName: 'Ana Núñez',
      status: 'confirmed',
      totalCost: 1500,
      currency: 'CLP',
      costInSaleCurrency: 1_500_000,
      creationDate: '2031-01-02T12:00:00.000Z',
    },
  ],
};

describe("a supplier's figures per currency", () => {
  it('are named under the USD balance of its card, and its sales cost in their own currency', () => {
    render(
      <MemoryRouter>
        <SupplierCard supplier={HOTEL} />
      </MemoryRouter>,
    );
    expect(screen.getByText('Costos: US$ 400.50 · CLP 1,500,000')).toBeTruthy();
    expect(within(screen.getByRole('list')).getByText('CLP 1,500,000')).toBeTruthy();
  });

  it('are a table on the detail page, and nothing for a supplier in dollars only', () => {
    const inRouter = (figures: SupplierSummaryReply['byCurrency']) =>
      render(
        <MemoryRouter>
          <CurrencyFiguresTable figures={figures} />
        </MemoryRouter>,
      );
    inRouter(HOTEL.byCurrency);
    const rows = screen.getAllByRole('row').map((row) => row.textContent);
    expect(rows).toEqual([
      'MonedaCostos de sus ventasPagado',
      'USDUS$ 400.50US$ 100.25',
      'CLPCLP 1,500,000CLP 500,000',
    ]);
    cleanup();
    const { container } = inRouter(HOTEL.byCurrency.slice(0, 1));
    expect(container.textContent).toBe('');
  });
});

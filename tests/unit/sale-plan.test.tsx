import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { salesApi } from '../../src/domain/api/sales';
import type { SaleDetail } from '../../src/domain/sale-replies';
import { SalePlan } from '../../src/web/features/sales/SalePlan';
import { errorOf, mockFetch } from './helpers';

const SALE: Pick<SaleDetail, 'id' | 'status' | 'currency' | 'salePrice' | 'plan' | 'planMismatch'> = {
  id: 7,
  status: 'confirmed',
  currency: 'CLP',
  salePrice: 1000000,
  planMismatch: false,
  plan: [
    { id: 1, dueDate: '2030-01-10', amount: 300000, paidAmount: 300000, pendingAmount: 0, status: 'paid' },
    {
      id: 2,
      dueDate: '2030-02-10',
      amount: 300000,
      paidAmount: 100000,
      pendingAmount: 200000,
      status: 'overdue',
    },
    { id: 3, dueDate: '2030-03-10', amount: 400000, paidAmount: 0, pendingAmount: 400000, status: 'due' },
  ],
};

function renderPlan(sale = SALE, canEdit = true) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <SalePlan sale={sale} canEdit={canEdit} />
    </QueryClientProvider>,
  );
}

afterEach(cleanup);

describe('SalePlan', () => {
  it('lists the instalments with their state in Spanish', () => {
    renderPlan();
    const rows = screen.getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getAllByRole('cell').at(-1)?.textContent)).toEqual([
      'Pagada',
      'Vencida',
      'Por vencer',
    ]);
  });

  it('says when the plan no longer adds up, and hides the edit button without the right', () => {
    renderPlan({ ...SALE, planMismatch: true }, false);
    expect(screen.getByRole('alert').textContent).toMatch(/ya no suman el total/);
    expect(screen.queryByRole('button', { name: 'Editar plan' })).toBeNull();
  });

  it('sends amounts typed the Chilean way and keeps every row typed when the server refuses', async () => {
    const sent: unknown[] = [];
    mockFetch((_url, init) => {
      sent.push(JSON.parse(String(init.body)));
      return errorOf(salesApi.plan, 400, {
        message: 'Las cuotas deben sumar exactamente el total de la venta ($1.000.000)',
      });
    });
    renderPlan({ ...SALE, currency: 'USD', plan: [] });
    fireEvent.click(screen.getByRole('button', { name: 'Crear plan' }));
    fireEvent.change(screen.getByLabelText('Fecha cuota 1'), { target: { value: '2030-01-10' } });
    fireEvent.change(screen.getByLabelText('Monto cuota 1'), { target: { value: '1.250,75' } });
    fireEvent.click(screen.getByRole('button', { name: 'Agregar cuota' }));
    fireEvent.change(screen.getByLabelText('Fecha cuota 2'), { target: { value: '2030-02-10' } });
    fireEvent.change(screen.getByLabelText('Monto cuota 2'), { target: { value: '500' } });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText(/deben sumar exactamente/)).toBeTruthy();
    expect(sent).toEqual([
      {
        instalments: [
          { dueDate: '2030-01-10', amount: '1250.75' },
          { dueDate: '2030-02-10', amount: '500' },
        ],
      },
    ]);
    expect((screen.getByLabelText('Monto cuota 1') as HTMLInputElement).value).toBe('1.250,75');
    expect((screen.getByLabelText('Fecha cuota 2') as HTMLInputElement).value).toBe('2030-02-10');
  });

  it('refuses an unreadable amount before sending, naming it on its row', async () => {
    const calls = mockFetch(() => new Response(null, { status: 500 }));
    renderPlan({ ...SALE, currency: 'USD', plan: [] });
    fireEvent.click(screen.getByRole('button', { name: 'Crear plan' }));
    fireEvent.change(screen.getByLabelText('Fecha cuota 1'), { target: { value: '2030-01-10' } });
    fireEvent.change(screen.getByLabelText('Monto cuota 1'), { target: { value: 'mil' } });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Monto cuota 1').getAttribute('aria-invalid')).toBe('true'),
    );
    expect(calls).not.toHaveBeenCalled();
  });
});

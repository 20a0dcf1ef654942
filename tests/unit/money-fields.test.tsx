import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { moneySchema } from '../../src/domain/money';
import { TYPED_DECIMAL_MESSAGES } from '../../src/domain/typed-decimal';
import { MoneyField, RateField } from '../../src/web/components/ui/Field';
import { typedDecimalResolver } from '../../src/web/lib/decimal-resolver';
import { useBoundForm } from '../../src/web/lib/form';

// The shared schema stays strict (the server's): only the resolver reads what people type.
const schema = z.strictObject({
  price: moneySchema('El precio de venta debe ser positivo', { label: 'El precio de venta' }),
  rate: z.string(),
});
type Input = z.input<typeof schema>;
type Output = z.output<typeof schema>;
const resolver = typedDecimalResolver(schema, { price: 'money', rate: 'rate' });

function PriceForm({ onSave }: { onSave: (data: Output) => void }) {
  const { handleSubmit, bind } = useBoundForm<Input, Output>({
    resolver,
    defaultValues: { price: '', rate: '0.5' },
  });
  return (
    <form noValidate onSubmit={handleSubmit(onSave)}>
      <MoneyField label="Precio" {...bind('price')} />
      <RateField label="Tasa" {...bind('rate')} />
      <button type="submit">Guardar</button>
    </form>
  );
}

function renderForm() {
  const onSave = vi.fn();
  render(<PriceForm onSave={onSave} />);
  const price = screen.getByLabelText('Precio') as HTMLInputElement;
  const rate = screen.getByLabelText('Tasa') as HTMLInputElement;
  const type = (input: HTMLInputElement, value: string) => {
    fireEvent.change(input, { target: { value } });
    fireEvent.blur(input);
  };
  const save = () => fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
  return { onSave, price, rate, type, save };
}

afterEach(cleanup);

describe('MoneyField and RateField', () => {
  it('are text inputs with the decimal keypad, so a decimal comma is not dropped by the browser', () => {
    const { price, rate } = renderForm();
    for (const input of [price, rate]) {
      expect(input.type).toBe('text');
      expect(input.getAttribute('inputmode')).toBe('decimal');
    }
  });

  it.each([
    ['800,50', '800.50', '800.50'],
    ['1.250,75', '1,250.75', '1250.75'],
    ['1,250.75', '1,250.75', '1250.75'],
    ['1.250.000', '1,250,000.00', '1250000.00'],
    ['1250', '1,250.00', '1250.00'],
  ])('shows %s as %s once left and saves the canonical %s', async (typed, shown, saved) => {
    const { onSave, price, type, save } = renderForm();
    type(price, typed);
    expect(price.value).toBe(shown);
    save();
    await waitFor(() => expect(onSave).toHaveBeenCalled());
    expect(onSave.mock.calls[0]?.[0]).toEqual({ price: saved, rate: '0.5' });
  });

  it('refuses what it cannot read with a message that says how to write it, and saves nothing', async () => {
    const { onSave, price, type, save } = renderForm();
    type(price, '1,2,3');
    expect(price.value).toBe('1,2,3');
    save();
    expect(await screen.findByText(TYPED_DECIMAL_MESSAGES.money)).toBeTruthy();
    expect(price.getAttribute('aria-invalid')).toBe('true');
    expect(onSave).not.toHaveBeenCalled();
  });

  it('keeps the schema messages that name the field (too many decimals, blank)', async () => {
    const { onSave, price, type, save } = renderForm();
    type(price, '300,1234');
    save();
    expect(await screen.findByText('El precio de venta admite como máximo 2 decimales')).toBeTruthy();
    type(price, '');
    save();
    expect(await screen.findByText('El precio de venta debe ser positivo')).toBeTruthy();
    expect(onSave).not.toHaveBeenCalled();
  });

  it('refuses an ambiguous rate and reads one with four decimals', async () => {
    const { onSave, rate, type, save } = renderForm();
    type(rate, '1.250');
    expect(rate.value).toBe('1.250');
    save();
    expect(await screen.findByText(/«1\.250» en una tasa puede ser 1,25 o 1250/)).toBeTruthy();
    expect(onSave).not.toHaveBeenCalled();
    type(rate, '0,00105');
    expect(rate.value).toBe('0.00105');
    type(screen.getByLabelText('Precio') as HTMLInputElement, '10');
    save();
    await waitFor(() => expect(onSave).toHaveBeenCalled());
    expect(onSave.mock.calls[0]?.[0]).toEqual({ price: '10.00', rate: '0.00105' });
  });
});

import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type PassengerInput, passengerSchema } from '../../src/domain/master-data';
import { RutField } from '../../src/web/components/ui/Field';
import { blankAsNullResolver, useBoundForm } from '../../src/web/lib/form';

const resolver = blankAsNullResolver(passengerSchema);

function PassengerIdForm({ onSave }: { onSave: (data: unknown) => void }) {
  const { handleSubmit, bind } = useBoundForm({
    resolver,
    defaultValues: { name: 'Ana', passengerId: '', email: '', dateOfBirth: '1980-01-01' } as PassengerInput,
  });
  return (
    <form noValidate onSubmit={handleSubmit(onSave)}>
      <RutField label="ID/RUT del pasajero" {...bind('passengerId')} />
      <button type="submit">Guardar</button>
    </form>
  );
}

afterEach(cleanup);

describe('RutField', () => {
  it('shows a valid RUT as it will be stored once left, and saves that form', async () => {
    const onSave = vi.fn();
    render(<PassengerIdForm onSave={onSave} />);
    const input = screen.getByLabelText('ID/RUT del pasajero') as HTMLInputElement;
    fireEvent.change(input, { target: { value: '10000013k' } });
    fireEvent.blur(input);
    expect(input.value).toBe('10.000.013-K');
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(onSave).toHaveBeenCalled());
    expect(onSave.mock.calls[0]?.[0]).toMatchObject({ passengerId: '10.000.013-K' });
  });

  it('leaves a passport and a RUT with a wrong digit as typed', () => {
    render(<PassengerIdForm onSave={vi.fn()} />);
    const input = screen.getByLabelText('ID/RUT del pasajero') as HTMLInputElement;
    for (const typed of ['x1234567', '10000013-1']) {
      fireEvent.change(input, { target: { value: typed } });
      fireEvent.blur(input);
      expect(input.value).toBe(typed);
    }
  });
});

import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../src/web/api/client';
import { DeleteDialog } from '../../src/web/components/ui/DeleteDialog';

afterEach(cleanup);

function setup(onDelete: (id: number) => Promise<{ message: string }>) {
  const onClose = vi.fn();
  render(
    <DeleteDialog
      target={{ id: 5, name: 'LATAM' }}
      onClose={onClose}
      title="¿Eliminar proveedor?"
      errorTitle="Error deleting supplier"
      onDelete={onDelete}
    />,
  );
  return { onClose };
}

describe('DeleteDialog', () => {
  it('names the record, starts on Cancelar and deletes only on confirmation', async () => {
    const onDelete = vi.fn(async () => ({ message: 'Proveedor eliminado' }));
    const { onClose } = setup(onDelete);
    const dialog = screen.getByRole('dialog', { name: '¿Eliminar proveedor?' });
    expect(dialog.textContent).toContain('«LATAM»');
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Cancelar'));
    expect(onDelete).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: 'Eliminar' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(onDelete).toHaveBeenCalledWith(5);
  });

  it("stays open and shows the screen's message with the server's reason when refused", async () => {
    const refusal = new ApiError(
      'No se puede eliminar el proveedor porque tiene ventas o pagos asociados',
      409,
    );
    const { onClose } = setup(() => Promise.reject(refusal));
    fireEvent.click(screen.getByRole('button', { name: 'Eliminar' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Error deleting supplier');
    expect(alert.textContent).toContain('tiene ventas o pagos asociados');
    expect(onClose).not.toHaveBeenCalled();
  });

  it('keeps a server failure generic', async () => {
    setup(() => Promise.reject(new ApiError('Error interno del servidor', 500)));
    fireEvent.click(screen.getByRole('button', { name: 'Eliminar' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Error deleting supplier');
  });

  it('closes without deleting on Cancelar', () => {
    const onDelete = vi.fn(async () => ({ message: '' }));
    const { onClose } = setup(onDelete);
    fireEvent.click(screen.getByRole('button', { name: 'Cancelar' }));
    expect(onClose).toHaveBeenCalled();
    expect(onDelete).not.toHaveBeenCalled();
  });
});

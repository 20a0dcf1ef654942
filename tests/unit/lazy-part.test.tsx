import { cleanup, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { lazyPart } from '../../src/web/lib/lazy-part';

afterEach(cleanup);

function Page({ part: Part }: { part: ReturnType<typeof lazyPart<{ label: string }>> }) {
  return (
    <main>
      <h1>Inicio</h1>
      <Suspense fallback={null}>
        <Part label="Gráfico listo" />
      </Suspense>
    </main>
  );
}

describe('lazyPart', () => {
  it('renders the part with its props once its code arrives', async () => {
    const part = lazyPart(async () => ({ label }: { label: string }) => <p>{label}</p>);
    render(<Page part={part} />);
    expect(await screen.findByText('Gráfico listo')).toBeTruthy();
  });

  it('a part whose code cannot be downloaded says so, and the page around it stays', async () => {
    const part = lazyPart<{ label: string }>(async () => {
      throw new TypeError('Failed to fetch dynamically imported module');
    });
    render(<Page part={part} />);
    expect(await screen.findByText(/No se pudo cargar el gráfico/)).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Inicio' })).toBeTruthy();
  });
});

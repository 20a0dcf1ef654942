import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { StatusBadge } from '../../src/web/components/ui/StatusBadge';

afterEach(cleanup);

const cases: Array<[status: string, label: string, classes: string]> = [
  ['confirmed', 'Confirmada', 'bg-blue-100 text-blue-800'],
  ['completed', 'Completada', 'bg-green-100 text-green-800'],
  ['paid', 'Pagado', 'bg-green-100 text-green-800'],
  ['pending', 'Pendiente', 'bg-yellow-100 text-yellow-800'],
  ['draft', 'Borrador', 'bg-gray-100 text-gray-800'],
  ['cancelled', 'Cancelada', 'bg-red-100 text-red-800'],
  ['failed', 'Fallido', 'bg-red-100 text-red-800'],
  ['something-else', 'something-else', 'bg-gray-100 text-gray-800'],
];

describe('StatusBadge', () => {
  it.each(cases)('%s shows "%s" in %s', (status, label, classes) => {
    render(<StatusBadge status={status} />);
    const badge = screen.getByText(label);
    for (const cls of classes.split(' ')) expect(badge.classList).toContain(cls);
  });

  it('accepts a label override while keeping the status colour', () => {
    render(<StatusBadge status="completed" label="Liquidada" />);
    expect(screen.getByText('Liquidada').classList).toContain('bg-green-100');
  });
});

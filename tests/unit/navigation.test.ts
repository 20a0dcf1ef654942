import { describe, expect, it } from 'vitest';
import { NAV_LINKS, navLinksFor } from '../../src/domain/navigation';

const labels = (role: Parameters<typeof navLinksFor>[0]) => navLinksFor(role).map((link) => link.label);

describe('navLinksFor', () => {
  it('gives admin all nine links in sidebar order', () => {
    expect(labels('admin')).toEqual([
      'Inicio',
      'Ventas',
      'Clientes',
      'Pasajeros',
      'Proveedores',
      'Operadores',
      'Clasificaciones',
      'Pagos a Proveedores',
      'Configuraciones',
    ]);
    expect(NAV_LINKS).toHaveLength(9);
  });

  it('gives sales Inicio, Ventas, Clientes and Pasajeros', () => {
    expect(labels('sales')).toEqual(['Inicio', 'Ventas', 'Clientes', 'Pasajeros']);
  });

  it('gives finance only Inicio', () => {
    expect(navLinksFor('finance').map((link) => link.to)).toEqual(['/dashboard']);
  });
});

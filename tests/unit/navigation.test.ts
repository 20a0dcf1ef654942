// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { financeLinksFor, NAV_LINKS, navLinksFor } from '../../src/domain/navigation';

const labels = (role: Parameters<typeof navLinksFor>[0]) => navLinksFor(role).map((link) => link.label);

describe('navLinksFor', () => {
  it('gives admin all ten links in sidebar order', () => {
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
      'Importar',
    ]);
    expect(NAV_LINKS).toHaveLength(10);
  });

  it('gives sales Inicio, Ventas, Clientes and Pasajeros', () => {
    expect(labels('sales')).toEqual(['Inicio', 'Ventas', 'Clientes', 'Pasajeros']);
  });

  it('gives finance only Inicio', () => {
    expect(navLinksFor('finance').map((link) => link.to)).toEqual(['/dashboard']);
  });
});

describe('financeLinksFor', () => {
  it('gives admin and finance the Finanzas group, and sales only Comisiones (their own)', () => {
    const labels = ['Cobranza', 'Vencimientos', 'Reportes', 'Comisiones', 'Mes tributario'];
    expect(financeLinksFor('admin').map((link) => link.label)).toEqual(labels);
    expect(financeLinksFor('finance').map((link) => link.label)).toEqual(labels);
    expect(financeLinksFor('sales').map((link) => link.to)).toEqual(['/commissions']);
  });
});

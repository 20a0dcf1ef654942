import type { Role } from './roles';

/** The sidebar of spec section 2. The server enforces access; this only decides what is shown. */
export interface NavLink {
  label: string;
  to: string;
  roles: readonly Role[] | 'all';
}

export const NAV_LINKS: readonly NavLink[] = [
  { label: 'Inicio', to: '/dashboard', roles: 'all' },
  { label: 'Ventas', to: '/sales', roles: ['admin', 'sales'] },
  { label: 'Clientes', to: '/clients', roles: ['admin', 'sales'] },
  { label: 'Pasajeros', to: '/passengers', roles: ['admin', 'sales'] },
  { label: 'Proveedores', to: '/suppliers', roles: ['admin'] },
  { label: 'Operadores', to: '/operators', roles: ['admin'] },
  { label: 'Clasificaciones', to: '/classifications', roles: ['admin'] },
  { label: 'Pagos a Proveedores', to: '/supplier-payments', roles: ['admin'] },
  { label: 'Configuraciones', to: '/company-settings', roles: ['admin'] },
];

export function navLinksFor(role: Role): NavLink[] {
  return NAV_LINKS.filter((link) => link.roles === 'all' || link.roles.includes(role));
}

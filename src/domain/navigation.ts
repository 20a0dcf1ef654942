import type { Role } from './roles';

/** A sidebar link and the roles that see it. The server enforces access; this only decides what is shown. */
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

/**
 * Issue 17: the finance screens form a second sidebar group below the spec's entries, which stay as
 * they are (docs/decisions/0016-finance-screens-and-scope.md). A seller reaches their own reports
 * from the dashboard instead.
 */
export const FINANCE_GROUP_LABEL = 'Finanzas';
export const FINANCE_LINKS: readonly NavLink[] = [
  { label: 'Cobranza', to: '/receivables', roles: ['admin', 'finance'] },
  { label: 'Vencimientos', to: '/payables', roles: ['admin', 'finance'] },
  { label: 'Reportes', to: '/reports', roles: ['admin', 'finance'] },
];

export function financeLinksFor(role: Role): NavLink[] {
  return FINANCE_LINKS.filter((link) => link.roles === 'all' || link.roles.includes(role));
}

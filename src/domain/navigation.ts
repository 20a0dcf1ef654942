import { ADMINS, BOOKKEEPERS, SELLERS, STAFF } from './access';
import type { Role } from './roles';

/** A sidebar link and the roles that see it. The server enforces access; this only decides what is shown. */
export interface NavLink {
  label: string;
  to: string;
  roles: readonly Role[] | 'all';
}

function visibleTo(role: Role) {
  return (link: NavLink) => link.roles === 'all' || link.roles.includes(role);
}

export const NAV_LINKS = [
  { label: 'Inicio', to: '/dashboard', roles: 'all' },
  { label: 'Ventas', to: '/sales', roles: SELLERS },
  { label: 'Clientes', to: '/clients', roles: SELLERS },
  { label: 'Pasajeros', to: '/passengers', roles: SELLERS },
  { label: 'Proveedores', to: '/suppliers', roles: ADMINS },
  { label: 'Operadores', to: '/operators', roles: ADMINS },
  { label: 'Clasificaciones', to: '/classifications', roles: ADMINS },
  { label: 'Pagos a Proveedores', to: '/supplier-payments', roles: ADMINS },
  { label: 'Configuraciones', to: '/company-settings', roles: ADMINS },
  { label: 'Importar', to: '/imports', roles: ADMINS },
] as const satisfies readonly NavLink[];

export function navLinksFor(role: Role): NavLink[] {
  return NAV_LINKS.filter(visibleTo(role));
}

/**
 * The finance screens form a second sidebar group below the original entries, which stay as
 * they are (docs/decisions/0016-finance-screens-and-scope.md). A seller reaches their own reports
 * from the dashboard instead; Comisiones is the one finance screen a seller has, showing their own
 * (decision 0100), so its roles are those of GET /api/commissions.
 */
export const FINANCE_GROUP_LABEL = 'Finanzas';
export const FINANCE_LINKS = [
  { label: 'Cobranza', to: '/receivables', roles: BOOKKEEPERS },
  { label: 'Vencimientos', to: '/payables', roles: BOOKKEEPERS },
  { label: 'Reportes', to: '/reports', roles: BOOKKEEPERS },
  { label: 'Comisiones', to: '/commissions', roles: STAFF },
  { label: 'Mes tributario', to: '/tax-month', roles: BOOKKEEPERS },
] as const satisfies readonly NavLink[];

/** Every sidebar route: the web's icon table is keyed by it, so a new link without an icon does not compile. */
export type NavPath = (typeof NAV_LINKS)[number]['to'] | (typeof FINANCE_LINKS)[number]['to'];

export function financeLinksFor(role: Role): NavLink[] {
  return FINANCE_LINKS.filter(visibleTo(role));
}

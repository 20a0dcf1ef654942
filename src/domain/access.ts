import { ROLES, type Role } from './roles';

/**
 * Who may call an endpoint, declared once with the endpoint (`access` in `src/domain/api/*.ts`):
 * the server's access guard enforces it and the web hides what it forbids
 * (docs/decisions/0084-access-declared-with-the-endpoint.md).
 * - 'public': anyone, signed in or not;
 * - 'authenticated': any signed-in user;
 * - a set of roles (below): only those roles.
 * What a role may see inside an allowed call (a seller's own sales) is the handler's, not this.
 */
export type Access = 'public' | 'authenticated' | readonly Role[];

/** The role sets of docs/product.md#permission-matrix, named by what they do in the agency. */

/** Every staff role: what the whole agency reads (sales, payments, invoices, documents, reports). */
export const STAFF: readonly Role[] = ROLES;
/** The admin alone: Configuraciones, users, catalogs' writes, supplier payments, backups, the SII. */
export const ADMINS: readonly Role[] = ['admin'];
/** Who sells: sales, clients and passengers, quotes, invoices issued; finance only reads them. */
export const SELLERS: readonly Role[] = ['admin', 'sales'];
/** Who keeps the books of the whole agency: Cobranza, Vencimientos, Libro de ventas. */
export const BOOKKEEPERS: readonly Role[] = ['admin', 'finance'];

/** Whether a caller (`null`: not signed in) passes `access`. */
export function allows(access: Access, role: Role | null): boolean {
  if (access === 'public') return true;
  if (role === null) return false;
  return access === 'authenticated' || access.includes(role);
}

/** The three staff roles. Every permission in the product is expressed in terms of these. */
export const ROLES = ['admin', 'sales', 'finance'] as const;
export type Role = (typeof ROLES)[number];

export const ROLE_LABELS: Record<Role, string> = {
  admin: 'Administrador',
  sales: 'Ventas',
  finance: 'Finanzas',
};

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

/** Who may change clients and passengers (DESIGN.md 7); finance only reads them. */
export const PEOPLE_WRITE_ROLES: readonly Role[] = ['admin', 'sales'];

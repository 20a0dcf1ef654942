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

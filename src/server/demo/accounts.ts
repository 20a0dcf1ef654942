import type { Role } from '../../domain/roles';

/** Demo accounts: seeded and shown on the login page only in demo mode, never in production. */
export const DEMO_ACCOUNTS: readonly { role: Role; username: string; email: string; password: string }[] = [
  { role: 'admin', username: 'admin', email: 'admin@viajes-demo.cl', password: 'admin123' },
  { role: 'sales', username: 'vendedor', email: 'ventas@viajes-demo.cl', password: 'ventas123' },
  { role: 'finance', username: 'finanzas', email: 'finanzas@viajes-demo.cl', password: 'finanzas123' },
];

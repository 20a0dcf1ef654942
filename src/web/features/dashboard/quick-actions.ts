import {
  ChartColumn,
  FileText,
  FolderOpen,
  type LucideIcon,
  Plus,
  UserPlus,
  Users,
  Wallet,
} from 'lucide-react';
import { SELLERS, STAFF } from '../../../domain/access';
import type { Role } from '../../../domain/roles';

export interface QuickAction {
  label: string;
  /** Admin sees the client list as "Gestionar Clientes", the others as "Ver Clientes". */
  adminLabel?: string;
  to: string;
  roles: readonly Role[];
  icon: LucideIcon;
}

/**
 * Four actions for admin and sales (docs/product.md#dashboard). The payments and invoices pages have
 * no sidebar link, so the dashboard is where every role (finance above all) finds them.
 */
export const QUICK_ACTIONS: readonly QuickAction[] = [
  { label: 'Crear Venta', to: '/sales/new', roles: SELLERS, icon: Plus },
  { label: 'Agregar Cliente', to: '/clients/new', roles: SELLERS, icon: UserPlus },
  { label: 'Ver Ventas', to: '/sales', roles: SELLERS, icon: FolderOpen },
  {
    label: 'Ver Clientes',
    adminLabel: 'Gestionar Clientes',
    to: '/clients',
    roles: SELLERS,
    icon: Users,
  },
  { label: 'Ver Pagos', to: '/payments', roles: STAFF, icon: Wallet },
  { label: 'Ver Facturas', to: '/invoices', roles: STAFF, icon: FileText },
  // The seller's only way to their own report (the sidebar's Finanzas group is admin and finance).
  { label: 'Ver Reportes', to: '/reports', roles: STAFF, icon: ChartColumn },
];

export function quickActionsFor(role: Role): QuickAction[] {
  return QUICK_ACTIONS.filter((action) => action.roles.includes(role));
}

export function quickActionLabel(action: QuickAction, role: Role): string {
  return role === 'admin' && action.adminLabel ? action.adminLabel : action.label;
}

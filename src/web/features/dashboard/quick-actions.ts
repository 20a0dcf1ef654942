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
 * The spec's four actions for admin and sales. The payments and invoices pages are not in the spec's
 * sidebar table, so the dashboard is where every role (finance above all) finds them.
 */
export const QUICK_ACTIONS: readonly QuickAction[] = [
  { label: 'Crear Venta', to: '/sales/new', roles: ['admin', 'sales'], icon: Plus },
  { label: 'Agregar Cliente', to: '/clients/new', roles: ['admin', 'sales'], icon: UserPlus },
  { label: 'Ver Ventas', to: '/sales', roles: ['admin', 'sales'], icon: FolderOpen },
  {
    label: 'Ver Clientes',
    adminLabel: 'Gestionar Clientes',
    to: '/clients',
    roles: ['admin', 'sales'],
    icon: Users,
  },
  { label: 'Ver Pagos', to: '/payments', roles: ['admin', 'sales', 'finance'], icon: Wallet },
  { label: 'Ver Facturas', to: '/invoices', roles: ['admin', 'sales', 'finance'], icon: FileText },
  // Issue 17: the seller's only way to their own report (the sidebar's Finanzas group is admin and finance).
  { label: 'Ver Reportes', to: '/reports', roles: ['admin', 'sales', 'finance'], icon: ChartColumn },
];

export function quickActionsFor(role: Role): QuickAction[] {
  return QUICK_ACTIONS.filter((action) => action.roles.includes(role));
}

export function quickActionLabel(action: QuickAction, role: Role): string {
  return role === 'admin' && action.adminLabel ? action.adminLabel : action.label;
}

import { Circle, LogOut, PanelLeftClose, PanelLeftOpen, UserRound, X } from 'lucide-react';
import { NavLink, useNavigate } from 'react-router';
import {
  FINANCE_GROUP_LABEL,
  financeLinksFor,
  type NavLink as NavLinkEntry,
  navLinksFor,
} from '../../domain/navigation';
import { ROLE_LABELS } from '../../domain/roles';
import { useAuth, useCurrentUser } from '../auth';
import { cn } from '../lib/cn';
import { NAV_ICONS } from './nav-icons';
import { useSidebarCollapsed } from './use-sidebar-collapsed';

// A light ring: the app's blue one would vanish on the dark sidebar and on the blue active link.
export const FOCUS_RING =
  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sky-300';
const ITEM = cn('flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium', FOCUS_RING);

/**
 * The signed-in menu. From md up it sits beside the page and collapses to icons; given `onClose` it is
 * the phone's drawer (MobileNav): always expanded, and its corner button closes it.
 */
export function Sidebar({ onClose }: { onClose?: () => void }) {
  const user = useCurrentUser();
  const { logout } = useAuth();
  const navigate = useNavigate();
  const [storedCollapsed, toggleCollapsed] = useSidebarCollapsed();
  const drawer = onClose !== undefined;
  const collapsed = !drawer && storedCollapsed;
  const toggle = onClose ?? toggleCollapsed;
  const toggleLabel = drawer ? 'Cerrar menú' : collapsed ? 'Expandir menú' : 'Contraer menú';
  const ToggleIcon = drawer ? X : collapsed ? PanelLeftOpen : PanelLeftClose;

  const handleLogout = async () => {
    await logout();
    navigate('/login', { replace: true });
  };

  const financeLinks = financeLinksFor(user.role);
  const navItem = (link: NavLinkEntry) => {
    const Icon = NAV_ICONS[link.to] ?? Circle;
    return (
      <li key={link.to}>
        <NavLink
          to={link.to}
          aria-label={collapsed ? link.label : undefined}
          title={collapsed ? link.label : undefined}
          className={({ isActive }) =>
            cn(
              ITEM,
              collapsed && 'justify-center',
              isActive ? 'bg-blue-600 text-white' : 'text-slate-300 hover:bg-slate-800 hover:text-white',
            )
          }
        >
          <Icon aria-hidden="true" className="size-5 shrink-0" />
          {!collapsed && <span className="truncate">{link.label}</span>}
        </NavLink>
      </li>
    );
  };

  return (
    <aside
      className={cn(
        'shrink-0 flex-col bg-slate-900 text-white transition-[width] duration-200',
        drawer ? 'flex h-dvh' : 'sticky top-0 hidden h-screen md:flex',
        collapsed ? 'w-16' : 'w-64',
      )}
    >
      <div
        className={cn(
          'flex h-16 items-center border-b border-slate-700 px-3',
          collapsed ? 'justify-center' : 'justify-between',
        )}
      >
        {!collapsed && <span className="truncate pl-1 font-semibold">Agencia de Viajes</span>}
        <button
          type="button"
          onClick={toggle}
          aria-label={toggleLabel}
          aria-expanded={drawer ? undefined : !collapsed}
          title={toggleLabel}
          className={cn('rounded-md p-2 text-slate-300 hover:bg-slate-800 hover:text-white', FOCUS_RING)}
        >
          <ToggleIcon aria-hidden="true" className="size-5" />
        </button>
      </div>

      <div className="flex-1 overflow-y-auto px-2 py-4">
        <nav aria-label="Menú principal">
          <ul className="space-y-1">{navLinksFor(user.role).map(navItem)}</ul>
        </nav>
        {/* A menu of its own below the product's, which keeps exactly its entries per role
            (docs/product.md#layout-and-navigation). */}
        {financeLinks.length > 0 && (
          <nav aria-label={FINANCE_GROUP_LABEL}>
            {collapsed ? (
              <hr className="my-3 border-slate-700" />
            ) : (
              // The nav's own label names the group for assistive technology; this is its visible title.
              <p
                aria-hidden="true"
                className="mt-6 mb-2 px-3 text-xs font-semibold tracking-wide text-slate-300 uppercase"
              >
                {FINANCE_GROUP_LABEL}
              </p>
            )}
            <ul className="space-y-1">{financeLinks.map(navItem)}</ul>
          </nav>
        )}
      </div>

      <div className="space-y-2 border-t border-slate-700 p-2">
        {/* The user block opens Mi cuenta: one's own name, e-mail and password. */}
        <NavLink
          to="/account"
          title={collapsed ? `Mi cuenta: ${user.username} (${ROLE_LABELS[user.role]})` : 'Mi cuenta'}
          className={({ isActive }) =>
            cn(
              ITEM,
              'font-normal',
              collapsed && 'justify-center',
              isActive ? 'bg-slate-800 text-white' : 'text-white hover:bg-slate-800',
            )
          }
        >
          <UserRound aria-hidden="true" className="size-5 shrink-0 text-slate-300" />
          <div className={cn('min-w-0', collapsed && 'sr-only')}>
            {/* Read first by assistive technology: the link is named by what it opens, then whose. */}
            <span className="sr-only">Mi cuenta: </span>
            <p className="truncate text-sm font-medium">{user.username}</p>
            <p className="truncate text-xs text-slate-300">{ROLE_LABELS[user.role]}</p>
          </div>
        </NavLink>
        <button
          type="button"
          onClick={handleLogout}
          aria-label={collapsed ? 'Cerrar Sesión' : undefined}
          title={collapsed ? 'Cerrar Sesión' : undefined}
          className={cn(
            ITEM,
            'w-full text-slate-300 hover:bg-slate-800 hover:text-white',
            collapsed && 'justify-center',
          )}
        >
          <LogOut aria-hidden="true" className="size-5 shrink-0" />
          {!collapsed && <span>Cerrar Sesión</span>}
        </button>
      </div>
    </aside>
  );
}

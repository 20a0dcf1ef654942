import {
  Briefcase,
  Building2,
  CalendarClock,
  ChartColumn,
  HandCoins,
  House,
  type LucideIcon,
  Percent,
  Plane,
  Settings,
  ShoppingCart,
  Tags,
  Users,
  Wallet,
} from 'lucide-react';

/** Icons for the sidebar links of src/domain/navigation.ts, keyed by route; the domain stays UI-free. */
export const NAV_ICONS: Record<string, LucideIcon> = {
  '/dashboard': House,
  '/sales': ShoppingCart,
  '/clients': Users,
  '/passengers': Plane,
  '/suppliers': Building2,
  '/operators': Briefcase,
  '/classifications': Tags,
  '/supplier-payments': Wallet,
  '/company-settings': Settings,
  '/receivables': HandCoins,
  '/payables': CalendarClock,
  '/reports': ChartColumn,
  '/commissions': Percent,
};

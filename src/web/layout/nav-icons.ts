import {
  Briefcase,
  Building2,
  CalendarClock,
  ChartColumn,
  FileUp,
  HandCoins,
  House,
  type LucideIcon,
  Percent,
  Plane,
  Receipt,
  Settings,
  ShoppingCart,
  Tags,
  Users,
  Wallet,
} from 'lucide-react';

import type { NavPath } from '../../domain/navigation';

/**
 * Icons for the sidebar links of src/domain/navigation.ts, keyed by route; the domain stays UI-free.
 * Keyed by every NavPath, so a link added without its icon is a type error, not an empty circle.
 */
const ICONS = {
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
  '/imports': FileUp,
  '/commissions': Percent,
  '/tax-month': Receipt,
} satisfies Record<NavPath, LucideIcon>;

export const NAV_ICONS: Readonly<Record<string, LucideIcon>> = ICONS;

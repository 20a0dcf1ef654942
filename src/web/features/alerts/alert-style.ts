import {
  Baby,
  BadgeDollarSign,
  CalendarClock,
  CalendarX,
  FilePen,
  FileWarning,
  FileX,
  type LucideIcon,
  TicketX,
} from 'lucide-react';
import type { AlertKind } from '../../../domain/alerts';

/** Icon and colours per kind: red for money the client owes, amber for bookings, rose, yellow and violet for travel documents, orange for a supplier payment overdue, and so on. */
export const ALERT_STYLE: Record<AlertKind, { icon: LucideIcon; className: string }> = {
  'client-balance': { icon: BadgeDollarSign, className: 'border-red-200 bg-red-50 text-red-800' },
  'missing-reservation-code': { icon: TicketX, className: 'border-amber-200 bg-amber-50 text-amber-900' },
  'document-missing': { icon: FileX, className: 'border-rose-200 bg-rose-50 text-rose-900' },
  'document-expiring': { icon: FileWarning, className: 'border-yellow-200 bg-yellow-50 text-yellow-900' },
  'minor-travelling': { icon: Baby, className: 'border-violet-200 bg-violet-50 text-violet-900' },
  'supplier-overdue': { icon: CalendarX, className: 'border-orange-200 bg-orange-50 text-orange-900' },
  'supplier-due': { icon: CalendarClock, className: 'border-blue-200 bg-blue-50 text-blue-900' },
  'stale-draft': { icon: FilePen, className: 'border-gray-200 bg-gray-50 text-gray-800' },
};

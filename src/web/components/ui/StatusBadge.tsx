import type { ReactNode } from 'react';
import {
  type BadgeColor,
  SALE_STATUS_LABEL,
  type SaleStatus,
  statusColor,
  statusLabel,
} from '../../../domain/status';
import { cn } from '../../lib/cn';

export const BADGE_COLOR_CLASSES: Record<BadgeColor, string> = {
  blue: 'bg-blue-100 text-blue-800',
  green: 'bg-green-100 text-green-800',
  yellow: 'bg-yellow-100 text-yellow-800',
  grey: 'bg-gray-100 text-gray-800',
  red: 'bg-red-100 text-red-800',
};

interface BadgeProps {
  color: BadgeColor;
  children: ReactNode;
  className?: string;
}

/** Coloured pill; also used directly for badges that are not statuses (e.g. supplier balance). */
export function Badge({ color, children, className }: BadgeProps) {
  return (
    <span
      className={cn(
        'inline-flex items-center whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-medium',
        BADGE_COLOR_CLASSES[color],
        className,
      )}
    >
      {children}
    </span>
  );
}

interface StatusBadgeProps {
  status: string;
  /** Overrides the default label, e.g. an invoice's "Pagada" instead of "Pagado". */
  label?: string;
  className?: string;
}

export function StatusBadge({ status, label, className }: StatusBadgeProps) {
  return (
    <Badge color={statusColor(status)} className={className}>
      {label ?? statusLabel(status)}
    </Badge>
  );
}

/** A sale's status as every screen shows it: a completed sale reads "Liquidada". */
export function SaleStatusBadge({ status, className }: { status: string; className?: string }) {
  return (
    <StatusBadge status={status} label={SALE_STATUS_LABEL[status as SaleStatus]} className={className} />
  );
}

import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { cn } from '../../lib/cn';
import { FOCUS_RING } from './Button';

interface LinkCardProps {
  to: string;
  /** The card's h2 (who the record is about). */
  title: string;
  /** Under the title, e.g. 'Venta #12'. */
  subtitle: string;
  /** The amount, formatted, and the status badge beside it on the right. */
  amount: string;
  badge: ReactNode;
  /** The grid's columns at each width: the number of details differs per list. */
  detailsClassName: string;
  /** CardDetail items. */
  children: ReactNode;
}

/**
 * A card of a list (sales, payments) that is wholly one link to its record, so it reads as one target
 * on a phone too: title and number, amount and status on the right, the details in a grid below.
 */
export function LinkCard({ to, title, subtitle, amount, badge, detailsClassName, children }: LinkCardProps) {
  return (
    <Link
      to={to}
      className={cn(
        'block rounded-lg border border-gray-200 bg-white p-5 shadow-sm transition-shadow hover:shadow-md',
        FOCUS_RING,
      )}
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 className="text-base font-semibold text-gray-900">{title}</h2>
          <p className="text-sm text-gray-600">{subtitle}</p>
        </div>
        <div className="flex items-center gap-3">
          <span className="text-lg font-semibold text-gray-900">{amount}</span>
          {badge}
        </div>
      </div>
      <dl className={cn('mt-4 grid grid-cols-2 gap-x-6 gap-y-3', detailsClassName)}>{children}</dl>
    </Link>
  );
}

/** One term of a LinkCard; a long value (a reference, a name) wraps instead of widening the card. */
export function CardDetail({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-gray-600">{term}</dt>
      <dd className="wrap-anywhere text-sm text-gray-900">{children}</dd>
    </div>
  );
}

/** The cards of a list page, one per record, each a LinkCard made by `children`. */
export function LinkCardList<T extends { id: number }>({
  items,
  children,
}: {
  items: readonly T[] | undefined;
  children: (item: T) => ReactNode;
}) {
  return (
    <ul className="space-y-4">
      {items?.map((item) => (
        <li key={item.id}>{children(item)}</li>
      ))}
    </ul>
  );
}

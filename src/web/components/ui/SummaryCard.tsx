import { type ReactNode, useId } from 'react';
import { cn } from '../../lib/cn';
import { Card } from './Card';

interface SummaryCardProps {
  title: string;
  value: ReactNode;
  /** A line under the value, e.g. '3 proveedores con saldo pendiente'. */
  note?: ReactNode;
  valueClassName?: string;
}

/** A titled figure; the section is named by its title so screen readers pair the two. */
export function SummaryCard({ title, value, note, valueClassName = 'text-gray-900' }: SummaryCardProps) {
  const titleId = useId();
  return (
    <Card className="p-5">
      <section aria-labelledby={titleId}>
        <h2 id={titleId} className="text-sm font-medium text-gray-700">
          {title}
        </h2>
        <p className={cn('mt-1 truncate text-2xl font-bold', valueClassName)}>{value}</p>
        {note && <p className="mt-1 text-sm text-gray-700">{note}</p>}
      </section>
    </Card>
  );
}

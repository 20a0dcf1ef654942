import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';

/** A list whose rows carry several actions each (users, currency rates), as one bordered panel. */
export function ActionList({ children }: { children: ReactNode }) {
  return (
    <ul className="divide-y divide-gray-200 rounded-lg border border-gray-200 bg-white shadow-sm">
      {children}
    </ul>
  );
}

interface ActionRowProps {
  /** The row's name, an h3 under the list's h2. */
  title: ReactNode;
  /** Beside the name: role, state. */
  badges: ReactNode;
  /** Lines under the name. */
  details: ReactNode;
  /** The row's buttons, on the right; none for a row that offers nothing. */
  actions?: ReactNode;
  /** A switched-off record: the row is greyed. */
  inactive?: boolean;
}

export function ActionRow({ title, badges, details, actions, inactive = false }: ActionRowProps) {
  return (
    <li
      className={cn('flex flex-wrap items-center justify-between gap-3 px-4 py-3', inactive && 'bg-gray-50')}
    >
      {/* Only the details are dimmed: faded buttons would fall below readable contrast. */}
      <div className={cn('min-w-0 space-y-1', inactive && 'opacity-75')}>
        <div className="flex flex-wrap items-center gap-2">
          <h3 className="font-semibold text-gray-900">{title}</h3>
          {badges}
        </div>
        {details}
      </div>
      {actions && <div className="flex flex-wrap gap-2">{actions}</div>}
    </li>
  );
}

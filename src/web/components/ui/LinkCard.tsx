import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { cn } from '../../lib/cn';
import { FOCUS_RING } from './Button';

/** A list's card that is wholly one link to its record, so it reads as one target on a phone too. */
export function LinkCard({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link
      to={to}
      className={cn(
        'block rounded-lg border border-gray-200 bg-white p-5 shadow-sm transition-shadow hover:shadow-md',
        FOCUS_RING,
      )}
    >
      {children}
    </Link>
  );
}

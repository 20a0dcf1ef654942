import type { ReactNode } from 'react';
import { FOCUS_RING } from '../../components/ui/Button';
import { cn } from '../../lib/cn';

/** The look shared by the finance tables; numbers align right so that cents line up. */
const TABLE_WRAP = cn('overflow-x-auto rounded-lg border border-gray-200 bg-white shadow-sm', FOCUS_RING);
export const TABLE = 'min-w-full divide-y divide-gray-200 text-sm';
export const TH =
  'px-3 py-2 text-left text-xs font-semibold tracking-wide whitespace-nowrap text-gray-700 uppercase';
export const TH_NUM = cn(TH, 'text-right');
export const TD = 'px-3 py-2 align-top text-gray-900';
export const TD_NUM = 'px-3 py-2 text-right align-top whitespace-nowrap text-gray-900 tabular-nums';
export const LINK = cn('font-medium text-blue-700 hover:underline', FOCUS_RING);

/** A table that scrolls sideways on narrow screens; named and focusable so keyboards can scroll it. */
export function TableRegion({ label, children }: { label: string; children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling table must be reachable by keyboard.
    <section className={TABLE_WRAP} tabIndex={0} aria-label={label}>
      <table className={TABLE}>{children}</table>
    </section>
  );
}

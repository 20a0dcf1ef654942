import type { ReactNode } from 'react';

/** Label/value pairs of the detail page, as a description list so screen readers pair them. */
export function DetailItem({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-sm text-gray-600">{term}</dt>
      <dd className="mt-0.5 text-sm font-medium text-gray-900">{children}</dd>
    </div>
  );
}

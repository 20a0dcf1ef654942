import { type ReactNode, useId } from 'react';

interface DetailSectionProps {
  title: string;
  actions?: ReactNode;
  children: ReactNode;
}

/** A titled card of the supplier's detail page; its table runs edge to edge inside it. */
export function DetailSection({ title, actions, children }: DetailSectionProps) {
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} className="rounded-lg border border-gray-200 bg-white shadow-sm">
      <div className="flex flex-wrap items-center justify-between gap-2 px-5 pt-5 pb-3">
        <h2 id={titleId} className="text-lg font-semibold text-gray-900">
          {title}
        </h2>
        {actions}
      </div>
      {children}
    </section>
  );
}

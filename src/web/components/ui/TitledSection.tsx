import { type ReactNode, useId } from 'react';
import { cn } from '../../lib/cn';

interface TitledSectionProps {
  title: string;
  /** Shown beside the title: a link, an export menu, a "new" button. */
  actions?: ReactNode;
  className?: string;
  /** Spacing of the title row within the section (padding inside a card, margin below). */
  headerClassName?: string;
  /** Size of the h2; settings sections are larger than cards. */
  titleClassName?: string;
  children: ReactNode;
}

/** A section named by its h2, so screen readers can jump between sections; actions sit beside the title. */
export function TitledSection({
  title,
  actions,
  className,
  headerClassName,
  titleClassName = 'text-lg',
  children,
}: TitledSectionProps) {
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} className={className}>
      <div className={cn('flex flex-wrap items-center justify-between gap-4', headerClassName)}>
        <h2 id={titleId} className={cn('font-semibold text-gray-900', titleClassName)}>
          {title}
        </h2>
        {actions}
      </div>
      {children}
    </section>
  );
}

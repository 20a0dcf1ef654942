import type { ReactNode } from 'react';
import { Card } from '../../components/ui/Card';
import { TitledSection } from '../../components/ui/TitledSection';
import { cn } from '../../lib/cn';

interface PanelProps {
  title: string;
  /** Shown beside the title, e.g. the 'Ver Todas' link. */
  action?: ReactNode;
  className?: string;
  children: ReactNode;
}

/** A titled card; the section is named by its heading so screen readers can jump between panels. */
export function Panel({ title, action, className, children }: PanelProps) {
  return (
    <Card className={cn('p-5', className)}>
      <TitledSection title={title} actions={action} headerClassName="mb-4">
        {children}
      </TitledSection>
    </Card>
  );
}

/** The text a panel shows instead of an empty list. */
export function EmptyText({ children }: { children: ReactNode }) {
  return <p className="py-6 text-center text-sm text-gray-700">{children}</p>;
}

/** A decorative share bar; the percentage beside it carries the same information as text. */
export function ShareBar({ percent, className }: { percent: number; className: string }) {
  return (
    <div aria-hidden="true" className="mt-2 h-2 overflow-hidden rounded-full bg-gray-100">
      <div className={cn('h-full rounded-full', className)} style={{ width: `${percent}%` }} />
    </div>
  );
}

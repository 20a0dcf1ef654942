import type { ReactNode } from 'react';
import { TitledSection } from '../../components/ui/TitledSection';

interface DetailSectionProps {
  title: string;
  actions?: ReactNode;
  children: ReactNode;
}

/** A titled card of the supplier's detail page; its table runs edge to edge inside it. */
export function DetailSection({ title, actions, children }: DetailSectionProps) {
  return (
    <TitledSection
      title={title}
      actions={actions}
      className="rounded-lg border border-gray-200 bg-white shadow-sm"
      headerClassName="px-5 pt-5 pb-3"
    >
      {children}
    </TitledSection>
  );
}

import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { buttonClasses } from './Button';

interface PageHeaderProps {
  title: string;
  /** Where the 'Volver' link goes; form pages have one, lists do not. */
  backTo?: string;
  actions?: ReactNode;
}

export function PageHeader({ title, backTo, actions }: PageHeaderProps) {
  return (
    <header className="space-y-2">
      {backTo && (
        <Link to={backTo} className={buttonClasses('ghost', 'sm', '-ml-3')}>
          <ArrowLeft aria-hidden="true" className="size-4" />
          Volver
        </Link>
      )}
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-2xl font-bold text-gray-900">{title}</h1>
        {actions}
      </div>
    </header>
  );
}

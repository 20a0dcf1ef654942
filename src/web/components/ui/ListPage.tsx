import { Plus } from 'lucide-react';
import type { ComponentProps, ReactNode } from 'react';
import { Link } from 'react-router';
import { Button, buttonClasses } from './Button';
import { ListStatus } from './ListStatus';
import { PageHeader } from './PageHeader';
import { Pagination } from './Pagination';
import { SearchInput } from './SearchInput';
import { TitledSection } from './TitledSection';

/** The "new" button of a list: a link to the form page, or a button that opens a dialog. */
export type ListCreateAction = { label: string } & ({ to: string } | { onClick: () => void });

interface ListPageProps {
  title: string;
  /** A screen of its own has an h1; a part of a settings screen is an h2 in a section named by it. */
  level?: 1 | 2;
  /** The list's `<ExportMenu>`, typed by its export endpoint where it is made. */
  exportMenu?: ReactNode;
  create?: ListCreateAction;
  /** Text, totals or figures between the title and the filters. */
  intro?: ReactNode;
  /** The list's search box; it leads the row of `filters` when there are any. */
  search?: ComponentProps<typeof SearchInput>;
  /** Filter buttons and selects beside the search box, or a panel of their own without one. */
  filters?: ReactNode;
  /** Totals of what the filters matched, shown above the rows. */
  summary?: ReactNode;
  /** A line that says how many matched; read out when it changes. */
  statusLine?: ReactNode;
  /** Loading, failed and empty states shown in place of the rows. */
  list: Omit<ComponentProps<typeof ListStatus>, 'children'>;
  pagination?: ComponentProps<typeof Pagination>;
  /** The rows: cards, a list or a DataTable. */
  children: ReactNode;
  /** Dialogs the rows open (delete, edit). */
  dialogs?: ReactNode;
  className?: string;
}

function CreateButton({ action }: { action: ListCreateAction }) {
  const content = (
    <>
      <Plus aria-hidden="true" className="size-4" />
      {action.label}
    </>
  );
  if ('to' in action) {
    return (
      <Link to={action.to} className={buttonClasses()}>
        {content}
      </Link>
    );
  }
  return <Button onClick={action.onClick}>{content}</Button>;
}

/**
 * The frame every list screen shares: title with export and "new", filters, the loading, error and
 * empty states, the rows and the pages. A feature gives only its columns, filters and texts.
 */
export function ListPage({
  title,
  level = 1,
  exportMenu,
  create,
  intro,
  search,
  filters,
  summary,
  statusLine,
  list,
  pagination,
  children,
  dialogs,
  className = 'space-y-6',
}: ListPageProps) {
  const actions =
    exportMenu || create ? (
      <div className="flex flex-wrap gap-2">
        {exportMenu}
        {create && <CreateButton action={create} />}
      </div>
    ) : undefined;
  const body = (
    <>
      {intro}
      {search && filters ? (
        <div className="flex flex-wrap items-end justify-between gap-4">
          <SearchInput className="w-full max-w-md" {...search} />
          {filters}
        </div>
      ) : search ? (
        <SearchInput className="max-w-md" {...search} />
      ) : (
        filters
      )}
      {summary}
      {statusLine !== undefined && (
        <p className="text-sm text-gray-700" aria-live="polite">
          {statusLine}
        </p>
      )}
      <ListStatus {...list}>{children}</ListStatus>
      {pagination && <Pagination {...pagination} />}
      {dialogs}
    </>
  );

  if (level === 2) {
    return (
      <TitledSection title={title} actions={actions} className={className} titleClassName="text-xl">
        {body}
      </TitledSection>
    );
  }
  return (
    <div className={className}>
      <PageHeader title={title} actions={actions} />
      {body}
    </div>
  );
}

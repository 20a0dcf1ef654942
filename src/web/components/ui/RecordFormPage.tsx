import { Fragment, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Card } from './Card';
import { PageHeader } from './PageHeader';
import { RecordLoader } from './RecordLoader';

/** What the page hands its form: the record on /:id/edit (none on /new), and where saving or Cancelar go. */
export interface RecordFormSlot<T> {
  record?: T;
  /** Shows the server's message and goes back to the list. */
  onSaved: (message: string) => void;
  onCancel: () => void;
}

interface RecordFormPageProps<T extends { id: number }> {
  /** The address's :id; undefined on the /new page. */
  id: string | undefined;
  query: { data: T | undefined; error: unknown; isPending: boolean };
  listPath: string;
  newTitle: string;
  editTitle: string;
  loadingLabel: string;
  notFound: string;
  loadError: string;
  children: (slot: RecordFormSlot<T>) => ReactNode;
}

/** /{list}/new and /{list}/:id/edit of a master record: a titled card with the form, back to the list after. */
export function RecordFormPage<T extends { id: number }>({
  id,
  query,
  listPath,
  newTitle,
  editTitle,
  children,
  ...loading
}: RecordFormPageProps<T>) {
  const navigate = useNavigate();
  const onCancel = () => navigate(listPath);
  const onSaved = (message: string) => {
    toast.success(message);
    onCancel();
  };

  return (
    <div className="mx-auto max-w-2xl space-y-6">
      <PageHeader title={id ? editTitle : newTitle} backTo={listPath} />
      <Card>
        {id === undefined ? (
          children({ onSaved, onCancel })
        ) : (
          <RecordLoader query={query} backTo={listPath} {...loading}>
            {/* Keyed by the record, so another record's edit page starts from that record's values. */}
            {(record) => <Fragment key={record.id}>{children({ record, onSaved, onCancel })}</Fragment>}
          </RecordLoader>
        )}
      </Card>
    </div>
  );
}

import { useQuery } from '@tanstack/react-query';
import { Fragment, type ReactNode } from 'react';
import { useNavigate, useParams } from 'react-router';
import type { Resource } from '../../api/resource';
import { toastThen } from '../../lib/form';
import { parseId } from '../../lib/route-id';
import { Card } from './Card';
import { PageHeader } from './PageHeader';
import { RecordLoader, RecordNotFound } from './RecordLoader';
import type { RecordTexts } from './use-record-list';

/** What the page hands its form: the record on /:id/edit (none on /new), and where saving or Cancelar go. */
export interface RecordFormSlot<T> {
  record?: T;
  /** Shows the server's message and goes back to the list (the form hands over what it saved). */
  onSaved: (record: T, message: string) => void;
  onCancel: () => void;
}

interface RecordFormPageProps<T extends { id: number }, Body> {
  /** The record's resource: its list is at /{name}, and the edit page loads the address's :id. */
  resource: Resource<T, Body>;
  texts: Pick<RecordTexts, 'newTitle' | 'editTitle' | 'loadingOne' | 'notFound' | 'loadError'>;
  children: (slot: RecordFormSlot<T>) => ReactNode;
}

/**
 * /{list}/new and /{list}/:id/edit of a master record: a titled card with the form, back to the list
 * after. An :id that cannot be a record shows "not found" without asking the server.
 */
export function RecordFormPage<T extends { id: number }, Body>({
  resource,
  texts,
  children,
}: RecordFormPageProps<T, Body>) {
  const navigate = useNavigate();
  const listPath = `/${resource.name}`;
  // No :id in the route is the /new page.
  const rawId = useParams().id;
  const id = parseId(rawId);
  const query = useQuery({ ...resource.detailQuery(id ?? 0), enabled: id !== null });
  const onCancel = () => navigate(listPath);
  const onSaved = (_record: T, message: string) => toastThen(message, onCancel);

  let body: ReactNode;
  if (rawId === undefined) body = children({ onSaved, onCancel });
  else if (id === null) body = <RecordNotFound text={texts.notFound} backTo={listPath} />;
  else
    body = (
      <RecordLoader
        query={query}
        backTo={listPath}
        loadingLabel={texts.loadingOne}
        notFound={texts.notFound}
        loadError={texts.loadError}
      >
        {/* Keyed by the record, so another record's edit page starts from that record's values. */}
        {(record) => <Fragment key={record.id}>{children({ record, onSaved, onCancel })}</Fragment>}
      </RecordLoader>
    );

  return (
    <div className="mx-auto max-w-2xl space-y-6">
      <PageHeader title={rawId === undefined ? texts.newTitle : texts.editTitle} backTo={listPath} />
      <Card>{body}</Card>
    </div>
  );
}

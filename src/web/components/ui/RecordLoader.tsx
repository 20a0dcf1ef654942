import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { errorStatus } from '../../api/client';
import { buttonClasses } from './Button';
import { ErrorAlert } from './ErrorAlert';
import { Spinner } from './Spinner';

interface RecordLoaderProps<T> {
  query: { data: T | undefined; error: unknown; isPending: boolean };
  loadingLabel: string;
  /** E.g. 'Cliente no encontrado'; also shown when the server rejects the id itself (a 400). */
  notFound: string;
  loadError: string;
  backTo: string;
  children: (record: T) => ReactNode;
}

/** What an edit page shows until its record is there: a spinner, not-found, or the load error. */
export function RecordLoader<T>({
  query,
  loadingLabel,
  notFound,
  loadError,
  backTo,
  children,
}: RecordLoaderProps<T>) {
  if (query.error) {
    const status = errorStatus(query.error);
    if (status !== 404 && status !== 400) return <ErrorAlert title={loadError} error={query.error} />;
    return <RecordNotFound text={notFound} backTo={backTo} />;
  }
  if (query.isPending || query.data === undefined) return <Spinner label={loadingLabel} className="py-8" />;
  return children(query.data);
}

/** The record is not there (or the address cannot name one): say so, with the way back to the list. */
export function RecordNotFound({ text, backTo }: { text: string; backTo: string }) {
  return (
    <div className="space-y-4 text-center">
      <p role="alert" className="text-gray-800">
        {text}
      </p>
      <Link to={backTo} className={buttonClasses('secondary')}>
        Volver al listado
      </Link>
    </div>
  );
}

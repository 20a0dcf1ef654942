import type { ReactNode } from 'react';
import { ErrorAlert } from './ErrorAlert';
import { Spinner } from './Spinner';

interface ListStatusProps {
  isPending: boolean;
  error: unknown;
  isEmpty: boolean;
  loadingLabel: string;
  errorTitle: string;
  emptyText: string;
  children: ReactNode;
}

/** The loading, failed and empty states every list shows in place of its rows. */
export function ListStatus({
  isPending,
  error,
  isEmpty,
  loadingLabel,
  errorTitle,
  emptyText,
  children,
}: ListStatusProps) {
  if (isPending) return <Spinner label={loadingLabel} className="py-12" />;
  if (error) return <ErrorAlert title={errorTitle} error={error} />;
  if (isEmpty) {
    return (
      <p className="rounded-lg border border-dashed border-gray-300 bg-white px-4 py-12 text-center text-gray-700">
        {emptyText}
      </p>
    );
  }
  return children;
}

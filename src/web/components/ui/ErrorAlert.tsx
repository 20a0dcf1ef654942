import { ApiError } from '../../api/client';
import { cn } from '../../lib/cn';

/**
 * The server's own reason for a 4xx (in use, duplicate, not found, invalid value) tells the user what to
 * fix; a 5xx or a network failure says nothing useful, so only the screen's message is shown then.
 */
function serverReason(error: unknown): string | undefined {
  if (!(error instanceof ApiError)) return undefined;
  return error.status >= 400 && error.status < 500 && error.status !== 401 ? error.message : undefined;
}

interface ErrorAlertProps {
  /** The screen's message for the failed action, e.g. 'Error creating client'. */
  title: string;
  error?: unknown;
  className?: string;
}

export function ErrorAlert({ title, error, className }: ErrorAlertProps) {
  const reason = serverReason(error);
  return (
    <div
      role="alert"
      className={cn('rounded-md border border-red-200 bg-red-50 px-4 py-3 text-sm', className)}
    >
      <p className="font-medium text-red-800">{title}</p>
      {reason && reason !== title && <p className="mt-1 text-red-800">{reason}</p>}
    </div>
  );
}

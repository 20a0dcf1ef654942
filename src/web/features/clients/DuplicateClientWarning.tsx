import { Link } from 'react-router';
import { FOCUS_RING } from '../../components/ui/Button';
import { cn } from '../../lib/cn';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { useClientsWithSameId } from './api';

/**
 * Warns while typing an ID/RUT that another client already has, written with or without dots and
 * dashes, and links to that client so the user can use it instead of creating a twin.
 */
export function DuplicateClientWarning({ clientId, exceptId }: { clientId: string; exceptId?: number }) {
  const typed = useDebouncedValue(clientId.trim(), 300);
  const { data: twins = [] } = useClientsWithSameId(typed, exceptId);
  if (!typed || twins.length === 0) return null;
  return (
    <div role="status" className="rounded-md bg-yellow-50 px-3 py-2 text-sm text-yellow-900">
      Ya existe un cliente con este ID/RUT:{' '}
      {twins.map((twin, index) => (
        <span key={twin.id}>
          {index > 0 && ', '}
          <Link to={`/clients/${twin.id}/edit`} className={cn('font-medium underline', FOCUS_RING)}>
            {twin.name} ({twin.clientId})
          </Link>
        </span>
      ))}
    </div>
  );
}

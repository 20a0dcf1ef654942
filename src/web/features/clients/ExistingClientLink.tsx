import { Link } from 'react-router';
import { clientConflictReplySchema } from '../../../domain/client-ids';
import { ApiError } from '../../api/client';
import { FOCUS_RING } from '../../components/ui/Button';
import { cn } from '../../lib/cn';

/**
 * After the server refused a save because another client has the ID/RUT (409 with `existing`), a
 * link to that client, so the user opens it instead of creating a twin (decision 0042).
 */
export function ExistingClientLink({ error }: { error: unknown }) {
  if (!(error instanceof ApiError) || error.status !== 409) return null;
  const existing = clientConflictReplySchema.safeParse(error.body).data?.existing;
  if (!existing) return null;
  return (
    <p className="text-sm text-red-800">
      {error.message}:{' '}
      <Link to={`/clients/${existing.id}/edit`} className={cn('font-medium underline', FOCUS_RING)}>
        {existing.name}
      </Link>
    </p>
  );
}

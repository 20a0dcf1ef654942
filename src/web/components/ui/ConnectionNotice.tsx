import { useQueryClient } from '@tanstack/react-query';
import { useState, useSyncExternalStore } from 'react';
import { lazyCall } from '../../api/client';
import { connection } from '../../api/connection';
import { Button } from './Button';

/**
 * Tells people, in Spanish, that the server is slow or unreachable, over whatever page is open: the
 * page stays mounted with everything typed in it, and "Reintentar" checks the connection and reloads
 * what failed to load. A form's own error ('Error al crear la venta'...) still shows in it.
 */
export function ConnectionNotice() {
  const { slow, lost } = useSyncExternalStore(connection.subscribe, connection.getSnapshot);
  const queryClient = useQueryClient();
  const [checking, setChecking] = useState(false);

  const retry = async () => {
    setChecking(true);
    try {
      // Any answer clears `lost` (in the client); then the reads that failed meanwhile load again.
      await lazyCall(
        () => import('../../../domain/api/health').then((m) => m.healthApi.check),
        {},
        {
          skipAuthRedirect: true,
        },
      );
      // The failed reads on screen and a page whose code failed to download, so no old error stays.
      await Promise.all([
        queryClient.refetchQueries({
          type: 'active',
          predicate: (query) => query.state.status === 'error',
        }),
        connection.reloadFailed(),
      ]);
    } catch {
      // Still no answer: the notice stays as it is.
    } finally {
      setChecking(false);
    }
  };

  if (!slow && !lost) return null;
  return (
    <div className="pointer-events-none fixed inset-x-0 bottom-4 z-50 flex justify-center px-4">
      {lost ? (
        <div
          role="alert"
          className="pointer-events-auto flex max-w-xl flex-wrap items-center gap-3 rounded-md border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800 shadow-lg"
        >
          <p>
            <span className="font-medium">Se perdió la conexión con el servidor.</span> Lo que escribiste
            sigue aquí; reintenta cuando vuelva la conexión.
          </p>
          <Button size="sm" variant="secondary" onClick={() => void retry()} disabled={checking}>
            {checking ? 'Reintentando...' : 'Reintentar'}
          </Button>
        </div>
      ) : (
        <p
          role="status"
          className="pointer-events-auto rounded-md border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900 shadow-lg"
        >
          El servidor tarda en responder...
        </p>
      )}
    </div>
  );
}

import { type ComponentType, type ReactNode, useCallback, useEffect, useState } from 'react';
import type { RouteObject } from 'react-router';
import { connection } from './api/connection';
import { Button } from './components/ui/Button';

type LazyResult = { Component?: ComponentType | null; element?: ReactNode };
type Lazy = () => Promise<LazyResult>;

/**
 * A page's code that fails to download (the server stopped or the network went away) used to reach
 * React Router's English developer page. Instead the page says in Spanish that the connection was
 * lost and offers "Reintentar", which downloads it again in place (as does the connection notice's). Only a TypeError is such a failure
 * (what every browser throws for a module it could not fetch); any other error still reaches the
 * router's default "Unexpected Application Error!" page.
 */
function resilientLazy(lazy: Lazy): Lazy {
  // Kept outside the fallback's state: once downloaded, the page shows whenever the route is visited.
  let loaded: LazyResult | undefined;
  const load = async () => {
    loaded = await lazy();
    return loaded;
  };
  return async () => {
    try {
      return await load();
    } catch (error) {
      if (!(error instanceof TypeError)) throw error;
      return { Component: () => <PageLoadRetry load={load} loaded={() => loaded} /> };
    }
  };
}

function PageLoadRetry({ load, loaded }: { load: Lazy; loaded: () => LazyResult | undefined }) {
  const [page, setPage] = useState(loaded);
  const [checking, setChecking] = useState(false);
  const retry = useCallback(async () => {
    setChecking(true);
    try {
      setPage(await load());
      connection.reached();
    } catch {
      // Still unreachable: the message stays.
    } finally {
      setChecking(false);
    }
  }, [load]);
  // The server did not answer: the connection notice says so too, and its Reintentar loads this page.
  useEffect(() => {
    if (page) return;
    connection.lost();
    return connection.reloadOnRetry(retry);
  }, [page, retry]);
  if (page) return page.Component ? <page.Component /> : page.element;
  return (
    <div role="alert" className="mx-auto mt-16 max-w-md space-y-4 text-center">
      <p className="font-medium text-red-800">Se perdió la conexión con el servidor</p>
      <p className="text-sm text-gray-700">No se pudo cargar esta página.</p>
      <Button onClick={() => void retry()} disabled={checking}>
        {checking ? 'Reintentando...' : 'Reintentar'}
      </Button>
    </div>
  );
}

/** The same routes with every lazy page wrapped by resilientLazy, at every depth. */
export function resilientRoutes(routes: RouteObject[]): RouteObject[] {
  return routes.map((route) => {
    const lazy = typeof route.lazy === 'function' ? resilientLazy(route.lazy as Lazy) : route.lazy;
    const children = route.children && resilientRoutes(route.children);
    return { ...route, lazy, ...(children ? { children } : {}) } as RouteObject;
  });
}

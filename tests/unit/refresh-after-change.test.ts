// @vitest-environment node
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { refreshAfterChange } from '../../src/web/api/query-client';

/**
 * A search typed just before a delete: the list's query for the new search is on its first fetch, and
 * that fetch read the rows before the delete. After the delete the screen must show the rows as they
 * are now (the E2E "proveedores" story once kept the deleted row for this reason).
 */
describe('refreshAfterChange', () => {
  it('reads again a query whose first fetch, begun before the change, has not answered yet', async () => {
    const rows = ['Proveedor Ñandú', 'Otro proveedor'];
    let fetches = 0;
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const observer = new QueryObserver(queryClient, {
      queryKey: ['suppliers', 'list', 'Ñandú'],
      queryFn: async () => {
        fetches++;
        // What the server read when the request arrived, answered a moment later.
        const read = [...rows];
        await new Promise((resolve) => setTimeout(resolve, 30));
        return read;
      },
    });
    const shown: string[][] = [];
    const unsubscribe = observer.subscribe((result) => {
      if (result.data) shown.push(result.data);
    });
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(observer.getCurrentResult().fetchStatus).toBe('fetching');

    rows.splice(0, 1); // the delete, answered while the search is still on its way
    await refreshAfterChange(queryClient, { queryKey: ['suppliers'] });

    expect(fetches).toBe(2);
    expect(observer.getCurrentResult().data).toEqual(['Otro proveedor']);
    expect(shown.at(-1)).toEqual(['Otro proveedor']);
    unsubscribe();
    queryClient.clear();
  });

  it('reads again a list on screen that already had rows', async () => {
    let value = 1;
    const queryClient = new QueryClient();
    const observer = new QueryObserver(queryClient, {
      queryKey: ['users', 'list'],
      queryFn: async () => value,
    });
    const unsubscribe = observer.subscribe(() => {});
    await queryClient.fetchQuery({ queryKey: ['users', 'list'], queryFn: async () => value });
    value = 2;
    await refreshAfterChange(queryClient, { queryKey: ['users'] });
    expect(observer.getCurrentResult().data).toBe(2);
    unsubscribe();
    queryClient.clear();
  });
});

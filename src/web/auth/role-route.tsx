import { Outlet, type RouteObject } from 'react-router';
import type { Role } from '../../domain/roles';

/**
 * A pathless parent route that lets only `roles` reach `children`; others go to /dashboard with the product's
 * notice (docs/product.md#layout-and-navigation). RequireRole pulls in sonner, so it is loaded with the
 * guarded pages, not with /login.
 */
export function roleRoute(roles: readonly Role[], children: RouteObject[]): RouteObject {
  return {
    lazy: async () => {
      const { RequireRole } = await import('./RequireRole');
      return {
        element: (
          <RequireRole roles={roles}>
            <Outlet />
          </RequireRole>
        ),
      };
    },
    children,
  };
}

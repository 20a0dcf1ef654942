import type { RouteObject } from 'react-router';
import { ADMINS } from '../../../domain/access';
import { roleRoute } from '../../auth/role-route';

/** Screens of this feature, mounted inside the signed-in layout by src/web/router.tsx. */
export const importsRoutes: RouteObject[] = [
  // Importar is for admins only, as its API.
  roleRoute(ADMINS, [
    { path: '/imports', lazy: async () => ({ Component: (await import('./ImportsPage')).ImportsPage }) },
  ]),
];

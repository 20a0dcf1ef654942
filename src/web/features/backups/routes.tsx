import type { RouteObject } from 'react-router';
import { ADMINS } from '../../../domain/access';
import { roleRoute } from '../../auth/role-route';

/** Screens of this feature, mounted inside the signed-in layout by src/web/router.tsx. */
export const backupsRoutes: RouteObject[] = [
  // Respaldos is for admins only, as its API.
  roleRoute(ADMINS, [
    { path: '/backups', lazy: async () => ({ Component: (await import('./BackupsPage')).BackupsPage }) },
  ]),
];

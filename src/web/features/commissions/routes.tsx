import type { RouteObject } from 'react-router';
import { STAFF } from '../../../domain/access';
import { roleRoute } from '../../auth/role-route';

/** Screens of this feature, mounted inside the signed-in layout by src/web/router.tsx. */
export const commissionsRoutes: RouteObject[] = [
  // Every role, as GET /api/commissions: a seller sees their own figures (the server decides).
  roleRoute(STAFF, [
    {
      path: '/commissions',
      lazy: async () => ({ Component: (await import('./CommissionsPage')).CommissionsPage }),
    },
  ]),
];

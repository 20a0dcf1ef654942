import type { RouteObject } from 'react-router';
import { roleRoute } from '../../auth/role-route';

/** Screens of this feature, mounted inside the signed-in layout by src/web/router.tsx. */
export const companyRoutes: RouteObject[] = [
  // Configuraciones is for admins only; the server refuses the others too (issue 8).
  roleRoute(
    ['admin'],
    [
      {
        path: '/company-settings',
        lazy: async () => ({ Component: (await import('./CompanySettingsPage')).CompanySettingsPage }),
      },
    ],
  ),
];

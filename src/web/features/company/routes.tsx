import type { RouteObject } from 'react-router';
import { ADMINS } from '../../../domain/access';
import { roleRoute } from '../../auth/role-route';

/** Screens of this feature, mounted inside the signed-in layout by src/web/router.tsx. */
export const companyRoutes: RouteObject[] = [
  // Configuraciones is for admins only; the server refuses the others too.
  roleRoute(ADMINS, [
    {
      path: '/company-settings',
      lazy: async () => ({ Component: (await import('./CompanySettingsPage')).CompanySettingsPage }),
    },
  ]),
];

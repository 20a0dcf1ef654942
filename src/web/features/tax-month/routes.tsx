import type { RouteObject } from 'react-router';
import { BOOKKEEPERS } from '../../../domain/access';
import { roleRoute } from '../../auth/role-route';

/** Screens of this feature, mounted inside the signed-in layout by src/web/router.tsx. */
export const taxMonthRoutes: RouteObject[] = [
  // The accountant's month is for admin and finance, as GET /api/reports/tax-month (decision 0103).
  roleRoute(BOOKKEEPERS, [
    {
      path: '/tax-month',
      lazy: async () => ({ Component: (await import('./TaxMonthPage')).TaxMonthPage }),
    },
  ]),
];

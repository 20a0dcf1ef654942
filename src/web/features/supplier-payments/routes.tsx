import type { RouteObject } from 'react-router';
import { ADMINS } from '../../../domain/access';
import { roleRoute } from '../../auth/role-route';

/** Screens of this feature, mounted inside the signed-in layout by src/web/router.tsx. */
export const supplierPaymentsRoutes: RouteObject[] = [
  // The three screens are for admins only; others go to /dashboard with the 'No tienes permisos' notice.
  roleRoute(ADMINS, [
    {
      path: '/supplier-payments',
      lazy: async () => ({ Component: (await import('./SupplierPaymentsPage')).SupplierPaymentsPage }),
    },
    {
      path: '/supplier-payments/new',
      lazy: async () => ({ Component: (await import('./NewSupplierPaymentPage')).NewSupplierPaymentPage }),
    },
    {
      path: '/supplier-payments/supplier/:supplierId',
      lazy: async () => ({ Component: (await import('./SupplierDetailPage')).SupplierDetailPage }),
    },
  ]),
];

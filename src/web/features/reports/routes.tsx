import type { RouteObject } from 'react-router';
import { BOOKKEEPERS } from '../../../domain/access';
import { roleRoute } from '../../auth/role-route';

/** Screens of this feature, mounted inside the signed-in layout by src/web/router.tsx. */
export const reportsRoutes: RouteObject[] = [
  // What clients owe and supplier dues are for admin and finance
  // (docs/decisions/0016-finance-screens-and-scope.md).
  roleRoute(BOOKKEEPERS, [
    {
      path: '/receivables',
      lazy: async () => ({ Component: (await import('./ReceivablesPage')).ReceivablesPage }),
    },
    {
      path: '/receivables/:clientId',
      lazy: async () => ({ Component: (await import('./ReceivableClientPage')).ReceivableClientPage }),
    },
    {
      path: '/payables',
      lazy: async () => ({ Component: (await import('./PayablesPage')).PayablesPage }),
    },
  ]),
  // Every role: a seller's report covers their own sales (the server decides).
  {
    path: '/reports',
    lazy: async () => ({ Component: (await import('./SalesReportPage')).SalesReportPage }),
  },
];

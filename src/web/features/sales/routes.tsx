import type { RouteObject } from 'react-router';
import { SELLERS } from '../../../domain/access';
import { roleRoute } from '../../auth/role-route';

const formPage = (name: 'NewSalePage' | 'EditSalePage') => async () => ({
  Component: (await import('./SaleFormPage'))[name],
});

/** Screens of this feature, mounted inside the signed-in layout by src/web/router.tsx. */
export const salesRoutes: RouteObject[] = [
  // Finance may read every sale, read-only, even though its sidebar has no Ventas link.
  { path: '/sales', lazy: async () => ({ Component: (await import('./SalesListPage')).SalesListPage }) },
  roleRoute(SELLERS, [
    { path: '/sales/new', lazy: formPage('NewSalePage') },
    { path: '/sales/:id/edit', lazy: formPage('EditSalePage') },
  ]),
  {
    path: '/sales/:id',
    lazy: async () => ({ Component: (await import('./SaleDetailPage')).SaleDetailPage }),
  },
];

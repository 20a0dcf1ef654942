import type { RouteObject } from 'react-router';
import { SELLERS } from '../../../domain/access';
import { roleRoute } from '../../auth/role-route';

const formPage = async () => ({ Component: (await import('./ClientFormPage')).ClientFormPage });

/** Screens of this feature, mounted inside the signed-in layout by src/web/router.tsx. */
export const clientsRoutes: RouteObject[] = [
  { path: '/clients', lazy: async () => ({ Component: (await import('./ClientsPage')).ClientsPage }) },
  // Finance reads clients but may not change them (docs/decisions/0006-master-data-screens.md).
  roleRoute(SELLERS, [
    { path: '/clients/new', lazy: formPage },
    { path: '/clients/:id/edit', lazy: formPage },
  ]),
];

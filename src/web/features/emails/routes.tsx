import type { RouteObject } from 'react-router';
import { ADMINS } from '../../../domain/access';
import { roleRoute } from '../../auth/role-route';

/** Screens of this feature, mounted inside the signed-in layout by src/web/router.tsx. */
export const emailsRoutes: RouteObject[] = [
  // Correos is the admin's screen, reached from Configuraciones like Respaldos.
  roleRoute(ADMINS, [
    { path: '/emails', lazy: async () => ({ Component: (await import('./EmailsPage')).EmailsPage }) },
  ]),
];

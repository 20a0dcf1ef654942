import type { RouteObject } from 'react-router';
import { SELLERS } from '../../../domain/access';
import { roleRoute } from '../../auth/role-route';

const formPage = async () => ({ Component: (await import('./PassengerFormPage')).PassengerFormPage });

/** Screens of this feature, mounted inside the signed-in layout by src/web/router.tsx. */
export const passengersRoutes: RouteObject[] = [
  {
    path: '/passengers',
    lazy: async () => ({ Component: (await import('./PassengersPage')).PassengersPage }),
  },
  // Finance reads passengers but may not change them (docs/decisions/0006-master-data-screens.md).
  roleRoute(SELLERS, [
    { path: '/passengers/new', lazy: formPage },
    { path: '/passengers/:id/edit', lazy: formPage },
  ]),
];

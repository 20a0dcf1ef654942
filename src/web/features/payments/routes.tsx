import type { RouteObject } from 'react-router';

/** Screens of this feature, mounted inside the signed-in layout by src/web/router.tsx. */
export const paymentsRoutes: RouteObject[] = [
  // Every role reads payments (admin and finance all, sales their own sales'); the server scopes the list.
  { path: '/payments', lazy: async () => ({ Component: (await import('./PaymentsPage')).PaymentsPage }) },
];

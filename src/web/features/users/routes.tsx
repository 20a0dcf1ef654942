import type { RouteObject } from 'react-router';

/** Screens of this feature, mounted inside the signed-in layout by src/web/router.tsx. */
export const usersRoutes: RouteObject[] = [
  // Every signed-in user's own account; the server takes only their own changes.
  { path: '/account', lazy: async () => ({ Component: (await import('./AccountPage')).AccountPage }) },
];

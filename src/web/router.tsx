import { createBrowserRouter, Navigate, Outlet, type RouteObject } from 'react-router';
import { AuthProvider } from './auth';
import { ConnectionNotice } from './components/ui/ConnectionNotice';
import { Spinner } from './components/ui/Spinner';
import { backupsRoutes } from './features/backups/routes';
import { catalogsRoutes } from './features/catalogs/routes';
import { clientsRoutes } from './features/clients/routes';
import { commissionsRoutes } from './features/commissions/routes';
import { companyRoutes } from './features/company/routes';
import { emailsRoutes } from './features/emails/routes';
import { importsRoutes } from './features/imports/routes';
import { invoicesRoutes } from './features/invoices/routes';
import { passengersRoutes } from './features/passengers/routes';
import { paymentsRoutes } from './features/payments/routes';
import { reportsRoutes } from './features/reports/routes';
import { salesRoutes } from './features/sales/routes';
import { supplierPaymentsRoutes } from './features/supplier-payments/routes';
import { taxMonthRoutes } from './features/tax-month/routes';
import { usersRoutes } from './features/users/routes';
import { resilientRoutes } from './resilient-routes';

/** Inside the router so that the session can navigate (e.g. to /login on a 401). */
function Root() {
  return (
    <AuthProvider>
      <Outlet />
      <ConnectionNotice />
    </AuthProvider>
  );
}

/** Shown while the first lazy route of a page load is fetched, instead of a blank page. */
function LoadingScreen() {
  return <Spinner className="min-h-screen" />;
}

// No errorElement anywhere on purpose: unexpected errors show the router's default
// "Unexpected Application Error!" page. Pages are lazy so /login loads only its own code; a page
// whose code cannot be downloaded says the connection was lost instead (resilient-routes.tsx).
export const routes: RouteObject[] = [
  {
    Component: Root,
    HydrateFallback: LoadingScreen,
    children: [
      {
        path: '/login',
        lazy: async () => ({ Component: (await import('./features/auth/LoginPage')).LoginPage }),
      },
      {
        lazy: async () => ({ Component: (await import('./layout/AppLayout')).AppLayout }),
        children: [
          {
            path: '/dashboard',
            lazy: async () => ({
              Component: (await import('./features/dashboard/DashboardPage')).DashboardPage,
            }),
          },
          ...salesRoutes,
          ...clientsRoutes,
          ...passengersRoutes,
          ...catalogsRoutes,
          ...paymentsRoutes,
          ...supplierPaymentsRoutes,
          ...companyRoutes,
          ...usersRoutes,
          ...backupsRoutes,
          ...importsRoutes,
          ...emailsRoutes,
          ...invoicesRoutes,
          ...reportsRoutes,
          ...commissionsRoutes,
          ...taxMonthRoutes,
        ],
      },
      { path: '*', element: <Navigate to="/dashboard" replace /> },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(resilientRoutes(routes));
}

import type { RouteObject } from 'react-router';

/** Screens of this feature, mounted inside the signed-in layout by src/web/router.tsx. */
export const invoicesRoutes: RouteObject[] = [
  // Every role reads invoices; the server shows each only what it may see of the sales
  // (docs/decisions/0009-payments-and-invoices-navigation.md).
  { path: '/invoices', lazy: async () => ({ Component: (await import('./InvoicesPage')).InvoicesPage }) },
  {
    path: '/invoices/:id',
    lazy: async () => ({ Component: (await import('./InvoiceDetailPage')).InvoiceDetailPage }),
  },
];

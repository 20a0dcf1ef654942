import type { RouteObject } from 'react-router';
import { ADMINS } from '../../../domain/access';
import type { CatalogKind } from '../../../domain/master-data';
import { roleRoute } from '../../auth/role-route';

// Listed here rather than read from ./config: this table is part of the /login bundle and must not
// pull in zod. The Record type still fails the build when a kind is added and forgotten here.
const KINDS: Record<CatalogKind, true> = { suppliers: true, operators: true, classifications: true };

// The key gives each kind its own component state (search text, page) when moving between them.
const listPage = (kind: CatalogKind) => async () => {
  const { CatalogListPage } = await import('./CatalogListPage');
  return { element: <CatalogListPage key={kind} kind={kind} /> };
};
const formPage = (kind: CatalogKind) => async () => {
  const { CatalogFormPage } = await import('./CatalogFormPage');
  return { element: <CatalogFormPage key={kind} kind={kind} /> };
};

/** Screens of this feature, mounted inside the signed-in layout by src/web/router.tsx. */
export const catalogsRoutes: RouteObject[] = [
  // Only admins manage suppliers, operators and classifications (others read them in pickers).
  roleRoute(
    ADMINS,
    (Object.keys(KINDS) as CatalogKind[]).flatMap((kind) => [
      { path: `/${kind}`, lazy: listPage(kind) },
      { path: `/${kind}/new`, lazy: formPage(kind) },
      { path: `/${kind}/:id/edit`, lazy: formPage(kind) },
    ]),
  ),
];

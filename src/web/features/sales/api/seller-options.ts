import { useQuery } from '@tanstack/react-query';
import { userListQuery } from '../../users';
import { PICKER_LIMIT, useLoggedFailure } from './picker-failure';

/** Who can be a sale's seller: active admin and sales users (the list is admin-only on the server). */
export function useSellerOptions(enabled: boolean) {
  const query = useQuery({
    ...userListQuery('')({ q: '', page: 1, limit: PICKER_LIMIT }),
    select: (page) => page.data.filter((u) => u.isActive && (u.role === 'admin' || u.role === 'sales')),
    enabled,
  });
  useLoggedFailure(query.error, 'Error al cargar vendedores');
  return query;
}

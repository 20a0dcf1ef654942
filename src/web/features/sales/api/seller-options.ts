import { SELLERS } from '../../../../domain/access';
import { userListQuery } from '../../users';
import { PICKER_LIMIT, usePickerList } from './picker-list';

/** Who can be a sale's seller: active admin and sales users (the list is admin-only on the server). */
export const useSellerOptions = (enabled: boolean) =>
  usePickerList(
    userListQuery('')({ q: '', page: 1, limit: PICKER_LIMIT }),
    'Error al cargar vendedores',
    (users) => users.filter((u) => u.isActive && SELLERS.includes(u.role)),
    enabled,
  );

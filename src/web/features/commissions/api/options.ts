import { useQuery } from '@tanstack/react-query';
import { SELLERS } from '../../../../domain/access';
import type { SelectOption } from '../../../components/ui/SelectField';
import { catalogResource } from '../../catalogs';
import { userListQuery } from '../../users';

/** The first page of each list, as the sale form's pickers read them (and under their cache keys). */
const FIRST_PAGE = { q: '', page: 1, limit: 100 };

/** Who a rule can name: the active admin and sales users, who own sales. */
export function useRuleSellerOptions() {
  return useQuery({
    ...userListQuery('')(FIRST_PAGE),
    select: (page): SelectOption[] =>
      page.data
        .filter((user) => user.isActive && SELLERS.includes(user.role))
        .map((user) => ({ value: String(user.id), label: user.username })),
  });
}

export function useRuleClassificationOptions() {
  return useQuery({
    ...catalogResource('classifications').listQuery(FIRST_PAGE),
    select: (page): SelectOption[] => page.data.map((kind) => ({ value: String(kind.id), label: kind.name })),
  });
}

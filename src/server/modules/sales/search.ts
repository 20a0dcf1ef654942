import type { SaleListRow } from '../../../domain/sale-replies';
import type { Database } from '../../db/client';
import { fromJsonRow } from '../../db/money';
import { listSales } from './list-queries';
import type { SaleScope } from './queries';

/**
 * The sales a text finds within a scope, newest first, for the global search. It goes through the
 * sales list's own search, so the box in the layout and the /sales search always agree on what a
 * text matches (names, numbers, and whatever that search learns to match later).
 */
export async function searchSales(db: Database, scope: SaleScope, q: string, limit: number) {
  const { rows } = await listSales(
    db,
    scope,
    { q, sort: { field: 'creationDate', descending: true }, page: 1, limit },
    'page only',
  );
  return rows.map(({ json }) => {
    const sale = fromJsonRow<SaleListRow>(json);
    return {
      id: sale.id,
      status: sale.status,
      passengerName: sale.passengerName,
      clientName: sale.client.name,
      travelDate: sale.travelDate,
    };
  });
}

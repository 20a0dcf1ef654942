import { useState } from 'react';

export type SalesListView = 'cards' | 'table';
export const SALES_VIEW_KEY = 'sales_list_view';

/**
 * Cards (the original view, docs/product.md#sales-list) or the dense table; the choice is remembered on this
 * browser.
 */
export function useSalesListView(): [SalesListView, (view: SalesListView) => void] {
  const [view, setView] = useState<SalesListView>(() =>
    localStorage.getItem(SALES_VIEW_KEY) === 'table' ? 'table' : 'cards',
  );
  return [
    view,
    (next) => {
      localStorage.setItem(SALES_VIEW_KEY, next);
      setView(next);
    },
  ];
}
